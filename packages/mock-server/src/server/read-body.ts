// A request's body, read against its limit: the bytes, or 'too-large' as soon as it passes the limit (the
// rest is read and thrown away, up to a bound, so that the client reads the 413). Knows nothing of what
// answers the request: the reader hands the body to `received`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from './request-target';

/**
 * Bytes of an over-limit body read and thrown away before the 413 is sent. A client that is still sending
 * when the server answers and closes gets EPIPE or a reset instead of the 413; past this the server stops
 * reading (a client streaming without end is cut off).
 */
const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/** An empty body, shared: GET and HEAD requests have one. */
const NO_BODY = Buffer.alloc(0);

/** A request body as read: its bytes, or 'too-large' past the limit. */
export type Body = Buffer | 'too-large';

/**
 * A request whose body is being read: what answering it needs, and the body so far. The body's listeners
 * are functions made once that find it on the request (`READING`): closures made for every request showed
 * under load.
 */
export class Reading {
  first: Buffer | undefined = undefined;
  more: Buffer[] | undefined = undefined;
  size = 0;
  over = false;
  answered = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly method: string,
    readonly requested: RequestTarget,
    readonly started: number,
    /** Bodies larger than this are not kept: the request is answered 'too-large'. */
    readonly limit: number,
    readonly received: (reading: Reading, body: Body) => void,
    readonly failed: (res: ServerResponse, error: unknown) => void,
  ) {}

  /** Hands over the body, or 'too-large' (once). */
  done(body: Body) {
    if (this.answered) return;
    this.answered = true;
    this.received(this, body);
  }
}

const READING = Symbol('loc-mock: the body being read');

function readingOf(req: IncomingMessage): Reading {
  return (req as IncomingMessage & { [READING]: Reading })[READING];
}

/**
 * Reads the request body and hands it to `reading.received`, or 'too-large' as soon as it passes its
 * limit (the rest is not buffered). A body that came in one chunk is passed as it is.
 */
export function readLimited(reading: Reading) {
  const { req, limit } = reading;
  const declared = Number(req.headers['content-length']);
  if (declared > limit + MAX_DISCARDED_BYTES) {
    // More than will ever be read: answer at once.
    req.resume();
    reading.done('too-large');
    return;
  }
  reading.over = declared > limit;
  (req as IncomingMessage & { [READING]: Reading })[READING] = reading;
  req.on('data', onBodyChunk);
  req.on('end', onBodyEnd);
  req.on('error', onBodyError);
}

function onBodyChunk(this: IncomingMessage, chunk: Buffer) {
  const r = readingOf(this);
  r.size += chunk.length;
  // Over the limit: read on and throw away (up to a bound), so that the client, done sending, reads the 413.
  if (r.over || r.size > r.limit) {
    r.over = true;
    r.first = r.more = undefined;
    if (r.size > r.limit + MAX_DISCARDED_BYTES) r.done('too-large');
  } else if (r.first === undefined) r.first = chunk;
  else (r.more ??= [r.first]).push(chunk);
}

function onBodyEnd(this: IncomingMessage) {
  const r = readingOf(this);
  if (r.over) r.done('too-large');
  else r.done(r.more ? Buffer.concat(r.more) : (r.first ?? NO_BODY));
}

function onBodyError(this: IncomingMessage, error: unknown) {
  const r = readingOf(this);
  r.failed(r.res, error);
}
