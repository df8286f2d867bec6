/**
 * The part of HTTP/1.1 (RFC 9112) a download needs to read an answer off a socket: the head (status line
 * and header fields) and the body's framing (Content-Length, chunked, or until the connection closes).
 * Pure functions over bytes, so the socket code (socket-download.ts) can read into buffers it reuses.
 */

/** A head larger than this is refused (object stores send well under 2 KiB). */
export const MAX_HEAD_BYTES = 64 * 1024;
/** A chunk-size line (with extensions) or trailer line longer than this is refused. */
const MAX_LINE_BYTES = 4096;

const LF = 10;
const HEAD_END = Buffer.from('\r\n\r\n');
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: [^\r\n]*)?$/;
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A response's status and header fields (names in lower case; repeated fields joined with `, `). */
export interface ResponseHead {
  status: number;
  headers: Map<string, string>;
}

/** A malformed answer: not an HTTP/1.1 response, or a framing error. */
export class HttpProtocolError extends Error {
  override name = 'HttpProtocolError';
}

/**
 * The end of the head in `bytes[0..length)`: the offset just past its blank line, or -1 while it is
 * incomplete.
 */
export function headEnd(bytes: Uint8Array, length: number): number {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, length).indexOf(HEAD_END);
  return at === -1 ? -1 : at + HEAD_END.length;
}

/**
 * Parses a complete head (status line and fields, up to and including the blank line).
 *
 * @example parseHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n')).headers.get('content-length') // '3'
 */
export function parseHead(bytes: Uint8Array): ResponseHead {
  const lines = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1').split('\r\n');
  const status = STATUS_LINE.exec(lines[0] ?? '');
  if (!status) throw new HttpProtocolError(`not an HTTP/1.1 status line: ${JSON.stringify(lines[0]?.slice(0, 40))}`);
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, Math.max(colon, 0));
    const value = line.slice(colon + 1).trim();
    // Obsolete line folding (a line starting with white space) and bad names are refused, as Node does.
    if (colon <= 0 || !FIELD_NAME.test(name) || !FIELD_VALUE.test(value)) {
      throw new HttpProtocolError(`a malformed header line: ${JSON.stringify(line.slice(0, 40))}`);
    }
    const key = name.toLowerCase();
    const previous = headers.get(key);
    if (previous !== undefined && key === 'content-length' && previous !== value) {
      throw new HttpProtocolError('two different Content-Length headers');
    }
    headers.set(key, previous === undefined || key === 'content-length' ? value : `${previous}, ${value}`);
  }
  return { status: Number(status[1]), headers };
}

/** How the body of a response is delimited, and how far it has come. */
export interface BodyFramer {
  /**
   * Takes the next `length` bytes off the wire in `bytes`, moves the body's bytes among them to the start
   * of `bytes` (in order) and returns how many there are. Bytes past the end of the body are ignored.
   */
  take(bytes: Uint8Array, length: number): number;
  /** The body has ended (by its length, or its last chunk). */
  readonly complete: boolean;
  /** The connection closed: throws when that cut a chunked body short (a short Content-Length body is the caller's to report). */
  end(): void;
}

/**
 * The framing of the body that follows `head` (RFC 9112 §6.3): none for 1xx, 204 and 304; chunked when
 * it is the last transfer coding; Content-Length; otherwise until the connection closes.
 */
export function bodyFramer(head: ResponseHead): BodyFramer {
  if (head.status === 204 || head.status === 304 || (head.status >= 100 && head.status < 200)) return lengthFramer(0);
  const coding = head.headers.get('transfer-encoding');
  if (coding !== undefined) {
    const codings = coding
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '' && c !== 'identity');
    // We send no TE header, so chunked is the only coding a server may use (RFC 9112 §6.1): another
    // one would reach the file still encoded.
    const other = codings.find((c) => c !== 'chunked');
    if (other !== undefined) throw new HttpProtocolError(`a transfer coding the download did not ask for: ${other}`);
    return codings.length > 0 ? chunkedFramer() : untilCloseFramer();
  }
  const length = head.headers.get('content-length');
  if (length !== undefined) {
    if (!/^\d{1,15}$/.test(length)) throw new HttpProtocolError(`a bad Content-Length: ${JSON.stringify(length)}`);
    return lengthFramer(Number(length));
  }
  return untilCloseFramer();
}

function lengthFramer(total: number): BodyFramer {
  let left = total;
  return {
    take(_bytes, length) {
      const body = Math.min(left, length);
      left -= body;
      return body;
    },
    get complete() {
      return left === 0;
    },
    end() {},
  };
}

function untilCloseFramer(): BodyFramer {
  return {
    take: (_bytes, length) => length,
    complete: false,
    end() {},
  };
}

/** RFC 9112 §7.1: size line (hex, extensions ignored), data, CRLF; a zero size, trailers, blank line. */
function chunkedFramer(): BodyFramer {
  type State = 'size' | 'data' | 'data-end' | 'trailer' | 'done';
  let state: State = 'size';
  let line = '';
  let left = 0;
  const lineOf = (bytes: Uint8Array, from: number, length: number): { text: string; next: number } | undefined => {
    const lf = bytes.subarray(from, length).indexOf(LF);
    const end = lf === -1 ? length : from + lf;
    line += Buffer.from(bytes.buffer, bytes.byteOffset + from, end - from).toString('latin1');
    if (line.length > MAX_LINE_BYTES) throw new HttpProtocolError('a chunk line longer than 4 KiB');
    if (end === length) return undefined;
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    line = '';
    return { text, next: end + 1 };
  };
  return {
    take(bytes, length) {
      let read = 0;
      let body = 0;
      while (read < length && state !== 'done') {
        if (state === 'data') {
          const n = Math.min(left, length - read);
          // Move the data next to the data before it; the framing between them is dropped.
          if (body !== read) bytes.copyWithin(body, read, read + n);
          body += n;
          read += n;
          left -= n;
          if (left === 0) state = 'data-end';
          continue;
        }
        const found = lineOf(bytes, read, length);
        if (!found) return body;
        read = found.next;
        if (state === 'size') {
          const size = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;.*)?$/.exec(found.text);
          if (!size) throw new HttpProtocolError(`a bad chunk size line: ${JSON.stringify(found.text.slice(0, 40))}`);
          left = Number.parseInt(size[1]!, 16);
          state = left === 0 ? 'trailer' : 'data';
        } else if (state === 'data-end') {
          if (found.text !== '') throw new HttpProtocolError('a chunk longer than its size');
          state = 'size';
        } else if (found.text === '') state = 'done';
      }
      return body;
    },
    get complete() {
      return state === 'done';
    },
    end() {
      if (state !== 'done') throw new HttpProtocolError('the connection closed before the last chunk');
    },
  };
}
