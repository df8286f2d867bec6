import { connect as connectTcp, isIP, type Socket } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type { HashingWriter } from './hashing-writer';
import {
  bodyFramer,
  headEnd,
  HttpProtocolError,
  isInterim,
  MAX_HEAD_BYTES,
  MAX_INTERIM_HEADS,
  parseHead,
  type BodyFramer,
  type ResponseHead,
} from './http1-response';

/** The read buffer of bytes that cannot go straight into the file's batch (the head, a read after a pause). */
const SPARE_BYTES = 64 * 1024;
/** The length of CRLF CRLF: a head's end may straddle two reads by this less one. */
const HEAD_END_BYTES = 4;
/**
 * Body bytes read before the reader lets the event loop turn. libuv reads a socket up to 32 times per
 * wake-up, and a read here takes up to a batch (1 MiB, hashed and written on this thread): without a
 * pause, timers waited ~35 ms during a download over loopback; with one per MiB, ~2 ms.
 */
const BYTES_PER_TURN = 1024 * 1024;

/** An answer whose head has arrived; its body waits on the socket until `pipeTo`. */
export interface SocketResponse extends ResponseHead {
  /**
   * Reads the body into `writer` (straight into its batch: no buffer per read, so memory stays flat),
   * calling `onBody` with each part's length (it may throw to stop). Resolves when the body has ended.
   */
  pipeTo(writer: HashingWriter, onBody: (length: number) => void): Promise<void>;
  /** Closes the connection without reading the body. */
  discard(): void;
}

/**
 * GETs `url` over a socket of its own (node:net, or node:tls for https) and reads the answer with the
 * socket's `onread` option: the kernel copies the body into the writer's batch, which is reused,
 * where node:http and fetch allocate a buffer per read that only the garbage collector frees (a
 * 200 MiB download held ~40 MiB of them). One request per connection (`Connection: close`).
 */
export function requestOverSocket(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  tls: ConnectionOptions = {},
): Promise<SocketResponse> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const secure = url.protocol === 'https:';
  const port = Number(url.port) || (secure ? 443 : 80);

  // The head is read into the spare buffer too: by the time the body comes, what followed it is copied out.
  const spare = Buffer.allocUnsafe(SPARE_BYTES);
  let headLength = 0;
  /** Bytes of the body (with their framing) that arrived with the head or before `pipeTo`. */
  const early: Uint8Array[] = [];
  let phase: 'head' | 'waiting' | 'body' | 'done' = 'head';
  /** How the connection ended while the answer waited for `pipeTo`. */
  let endedEarly: { error: unknown } | 'end' | undefined;
  let framer: BodyFramer | undefined;
  let writer: HashingWriter | undefined;
  let onBody: (length: number) => void = () => {};
  /** The writer's space handed out for the read under way. */
  let handed: Uint8Array | undefined;
  let readThisTurn = 0;
  let settleHead: { resolve: (response: SocketResponse) => void; reject: (error: unknown) => void };
  let settleBody: { resolve: () => void; reject: (error: unknown) => void } | undefined;

  const close = () => {
    phase = 'done';
    socket.destroy();
    signal?.removeEventListener('abort', onAbort);
  };
  const fail = (error: unknown) => {
    if (phase === 'done') return;
    close();
    if (settleBody) settleBody.reject(error);
    else settleHead.reject(error);
  };
  const succeed = () => {
    if (phase === 'done') return;
    close();
    settleBody?.resolve();
  };
  const onAbort = () => fail(signal?.reason);
  const onEnd = () => {
    try {
      framer?.end();
      succeed();
    } catch (error) {
      fail(error);
    }
  };

  /** Where the next read goes: the writer's batch while the body is read, else the spare buffer. */
  const nextBuffer = (): Uint8Array => {
    if (phase === 'head') return spare.subarray(headLength);
    handed = phase === 'body' ? writer?.space() : undefined;
    return handed ?? spare;
  };

  /** `length` bytes off the wire at the start of `bytes`; `inBatch` when `bytes` is the writer's space. */
  const takeBody = (bytes: Uint8Array, length: number, inBatch: boolean) => {
    const body = framer!.take(bytes, length);
    if (body > 0) onBody(body);
    if (inBatch) writer!.commit(body);
    else writer!.write(bytes.subarray(0, body));
    if (framer!.complete) succeed();
  };

  const onRead = (length: number, bytes: Uint8Array): boolean => {
    try {
      if (phase === 'head') return readHead(length);
      if (phase === 'waiting') {
        early.push(Buffer.from(bytes.subarray(0, length)));
        return false;
      }
      if (phase !== 'body') return false;
      const inBatch = handed !== undefined && bytes === handed;
      handed = undefined;
      takeBody(bytes, length, inBatch);
      if (phase !== 'body') return false;
      readThisTurn += length;
      if (readThisTurn < BYTES_PER_TURN) return true;
      readThisTurn = 0;
      setImmediate(resume);
      return false;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  /** Bytes of the 1xx heads skipped: with the final head, they stay within MAX_HEAD_BYTES. */
  let interimBytes = 0;
  let interimHeads = 0;
  const readHead = (length: number): boolean => {
    const scanned = headLength - (HEAD_END_BYTES - 1);
    headLength += length;
    for (let from = scanned; ; from = 0) {
      const end = headEnd(spare, headLength, from);
      if (end === -1) {
        if (interimBytes + headLength >= MAX_HEAD_BYTES) {
          throw new HttpProtocolError('an answer whose head is larger than 64 KiB');
        }
        return true;
      }
      if (interimBytes + end > MAX_HEAD_BYTES)
        throw new HttpProtocolError('an answer whose head is larger than 64 KiB');
      const parsed = parseHead(spare.subarray(0, end));
      // 1xx answers (100 Continue, 103 Early Hints) come before the real one: skip a few of them.
      if (isInterim(parsed)) {
        if (++interimHeads > MAX_INTERIM_HEADS) {
          throw new HttpProtocolError(`more than ${MAX_INTERIM_HEADS} interim (1xx) answers`);
        }
        interimBytes += end;
        spare.copyWithin(0, end, headLength);
        headLength -= end;
        continue;
      }
      framer = bodyFramer(parsed);
      if (headLength > end) early.push(Buffer.from(spare.subarray(end, headLength)));
      phase = 'waiting';
      settleHead.resolve(response(parsed));
      return false;
    }
  };

  const resume = () => {
    if (phase === 'body') socket.resume();
  };
  const startBody = () => {
    phase = 'body';
    while (early.length > 0 && phase === 'body') {
      const bytes = early.shift()!;
      takeBody(bytes, bytes.length, false);
    }
    if (phase !== 'body') return;
    if (endedEarly === 'end') onEnd();
    else if (endedEarly) fail(endedEarly.error);
    else socket.resume();
  };

  const response = (parsed: ResponseHead): SocketResponse => ({
    ...parsed,
    discard: succeed,
    pipeTo: (to, onBodyPart) =>
      new Promise<void>((resolve, reject) => {
        if (phase !== 'waiting') return reject(new HttpProtocolError('the body was read or discarded already'));
        settleBody = { resolve, reject };
        writer = to;
        onBody = onBodyPart;
        try {
          startBody();
        } catch (error) {
          fail(error);
        }
      }),
  });

  const onread = { buffer: nextBuffer, callback: onRead };
  const socket: Socket = secure
    ? // node:tls only for https, and not by an ES import (node-http.ts says why).
      process.getBuiltinModule('node:tls').connect({
        host,
        port,
        ...(isIP(host) ? {} : { servername: host }),
        ALPNProtocols: ['http/1.1'],
        ...tls,
        onread,
      } as ConnectionOptions)
    : connectTcp({ host, port, onread });

  return new Promise<SocketResponse>((resolve, reject) => {
    settleHead = { resolve, reject };
    if (signal?.aborted) return fail(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const ended = (how: NonNullable<typeof endedEarly>) => {
      if (phase === 'waiting') endedEarly ??= how;
      else if (how === 'end' && phase === 'body') onEnd();
      else fail(how === 'end' ? new HttpProtocolError('the connection closed before an answer') : how.error);
    };
    // on, not once: a second error after the first must not go unhandled.
    socket.on('error', (error) => ended({ error }));
    socket.once('end', () => ended('end'));
    socket.once('close', () => ended({ error: new HttpProtocolError('the connection closed') }));
    socket.once(secure ? 'secureConnect' : 'connect', () => socket.write(requestHead(url, headers)));
  });
}

/** The request line and fields of a GET; the URL parser has already percent-encoded path and query. */
function requestHead(url: URL, headers: Record<string, string>): string {
  const fields = Object.entries({ host: url.host, ...headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `GET ${url.pathname}${url.search} HTTP/1.1\r\n${fields}\r\n`;
}
