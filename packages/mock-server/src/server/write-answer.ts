// A fetch `Response` written to node:http: whole (at once when the handlers made it, from its stream when
// a user's own handler did), or cut by a wire fault (TRUNCATED_BODY, CONNECTION_RESET_BY_PEER,
// STALL_AFTER_BYTES, SLOW_BODY): what msw's interception cannot do to a socket.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireFault } from '../faults/kinds';
import { keptAnswerOf } from '../handlers/answers';

/**
 * Writes a fetch `Response` to node:http. A HEAD answer keeps the Content-Length its handler gave. An
 * answer made by the handlers is written at once (no promise: this runs for every request).
 */
export function send(res: ServerResponse, method: string, response: Response): Promise<void> | undefined {
  const kept = keptAnswerOf(response);
  if (kept) {
    // Its headers hold its Content-Length (a HEAD answer's too).
    res.writeHead(response.status, kept.headers);
    res.end(method === 'HEAD' ? undefined : (kept.body ?? undefined));
    return undefined;
  }
  return sendStreamed(res, method, response);
}

/** Any other Response (a user's own handler): its body read from its stream. */
async function sendStreamed(res: ServerResponse, method: string, response: Response) {
  const bytes = await bodyOf(response);
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  if (response.status !== 204 && response.status !== 304 && method !== 'HEAD')
    out['content-length'] = String(bytes.byteLength);
  res.writeHead(response.status, out);
  res.end(method === 'HEAD' ? undefined : bytes);
}

/** The bytes of a response body. A reader loop: `arrayBuffer()` took half again as long per answer. */
async function bodyOf(response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return chunks.length === 1
    ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength)
    : Buffer.concat(chunks);
}

/** Bytes sent per tick of a slow body, ten ticks a second. */
const SLOW_TICKS_PER_SECOND = 10;

/**
 * Writes an answer cut by a fault: the full Content-Length in the head, then part of the body, then a
 * closed connection (TRUNCATED_BODY), a reset (CONNECTION_RESET_BY_PEER), nothing more (STALL_AFTER_BYTES),
 * or the whole body at a slow rate (SLOW_BODY).
 */
export function sendCut(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  response: Response,
  wire: WireFault,
) {
  const kept = keptAnswerOf(response)!;
  const body = typeof kept.body === 'string' ? Buffer.from(kept.body) : Buffer.from(kept.body ?? new Uint8Array());
  res.writeHead(response.status, kept.headers);
  if (method === 'HEAD') return void res.end();
  const socket = req.socket;
  if (wire.kind === 'SLOW_BODY') {
    const step = Math.max(1, Math.floor(wire.bytesPerSecond / SLOW_TICKS_PER_SECOND));
    let at = 0;
    const tick = () => {
      if (res.destroyed) return;
      const part = body.subarray(at, at + step);
      at += part.length;
      if (at >= body.length) res.end(part);
      else res.write(part, () => void setTimeout(tick, 1000 / SLOW_TICKS_PER_SECOND));
    };
    tick();
    return;
  }
  const part = body.subarray(0, Math.min(wire.bytes ?? Math.floor(body.length / 2), body.length));
  res.write(part, () => {
    if (wire.kind === 'TRUNCATED_BODY') socket.end();
    // The kernel sends a RST either way (SO_LINGER 0). A timer turn later gives a client in this process (a
    // test's) the time to read the bytes first: libuv, finding the bytes and the reset together, reads the
    // bytes, sees the hang-up and reports an end of stream, not ECONNRESET (test/body-faults.test.ts reads
    // with Python's socket, which always sees the reset).
    else if (wire.kind === 'CONNECTION_RESET_BY_PEER') setTimeout(() => socket.resetAndDestroy(), 0);
    // STALL_AFTER_BYTES: nothing more, until the client gives up or the server closes
  });
}
