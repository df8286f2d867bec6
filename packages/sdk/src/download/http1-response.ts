/**
 * The part of HTTP/1.1 (RFC 9112) a download needs to read an answer off a socket: the head (status line
 * and header fields) and the body's framing (Content-Length, chunked, or until the connection closes).
 * Pure functions over bytes, so the socket code (socket-download.ts) can read into buffers it reuses.
 */

/** A head larger than this is refused (object stores send well under 2 KiB); it bounds the 1xx heads before it too. */
export const MAX_HEAD_BYTES = 64 * 1024;
/** Interim (1xx) answers skipped before the final one: a server that sends more is refused. */
export const MAX_INTERIM_HEADS = 8;
/** A chunk-size line (with extensions) or trailer line longer than this is refused. */
const MAX_LINE_BYTES = 4096;
/** The trailer section (after the last chunk) may hold this many fields and bytes. */
const MAX_TRAILER_FIELDS = 64;
const MAX_TRAILER_BYTES = 16 * 1024;
/** Significant hex digits of a chunk size: 12 is 256 TiB, more than a download's file. */
const MAX_CHUNK_SIZE_DIGITS = 12;

const LF = 10;
const HEAD_END = Buffer.from('\r\n\r\n');
/** RFC 9112 §4: HTTP/1.0 or 1.1, a three-digit status from 100, a reason of visible characters. */
const STATUS_LINE = /^HTTP\/1\.[01] ([1-9]\d\d)(?: [\t\x20-\x7e\x80-\xff]*)?$/;
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const FIELD_NAME = new RegExp(`^${TOKEN}$`);
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const TOKEN_CHARS = "[!#$%&'*+.^_`|~0-9A-Za-z-]*";
const QUOTED = '"(?:[\\t\\x20\\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t\\x20-\\x7e\\x80-\\xff])*"';
/**
 * RFC 9112 §7.1.1: `;name`, `;name=token` or `;name="quoted"`, with no white space, as llhttp requires.
 * Like llhttp, an empty name before `=` or an empty value after it is let through (the extensions are
 * ignored either way), a `;` followed by nothing is not.
 */
const CHUNK_SIZE_LINE = new RegExp(
  `^([0-9A-Fa-f]+)(?:;(?:${TOKEN}(?:=(?:${TOKEN_CHARS}|${QUOTED}))?|=(?:${TOKEN_CHARS}|${QUOTED})))*$`,
);

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
 * incomplete. `from`: where to start looking (the caller's previous length less 3), so a server that
 * sends its head a byte at a time costs a scan of each byte once, not of the whole head per byte.
 */
export function headEnd(bytes: Uint8Array, length: number, from = 0): number {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, length).indexOf(HEAD_END, Math.max(0, from));
  return at === -1 ? -1 : at + HEAD_END.length;
}

/** One field line (`name: value`) as name in lower case and value without the white space around it. */
function fieldOf(line: string): [string, string] {
  const colon = line.indexOf(':');
  const name = line.slice(0, Math.max(colon, 0));
  // Only SP and HTAB are white space here: a CR or LF left in the line is a framing error, not padding.
  const value = line.slice(colon + 1).replace(/^[\t ]+|[\t ]+$/g, '');
  // Obsolete line folding (a line starting with white space), bad names and control characters are
  // refused, as Node does.
  if (colon <= 0 || !FIELD_NAME.test(name) || !FIELD_VALUE.test(value)) {
    throw new HttpProtocolError(`a malformed header line: ${JSON.stringify(line.slice(0, 40))}`);
  }
  return [name.toLowerCase(), value];
}

/**
 * Parses a complete head (status line and fields, up to and including the blank line). Refused, beyond
 * malformed lines: Content-Length twice (even with one value: llhttp refuses it too), Content-Length
 * with Transfer-Encoding (a request-smuggling shape, RFC 9112 §6.3), and two different Locations (which
 * one a client follows would be a guess; the same one twice is taken once).
 *
 * @example parseHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n')).headers.get('content-length') // '3'
 */
export function parseHead(bytes: Uint8Array): ResponseHead {
  const lines = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1').split('\r\n');
  const status = STATUS_LINE.exec(lines[0] ?? '');
  if (!status) throw new HttpProtocolError(`not an HTTP/1.1 status line: ${JSON.stringify(lines[0]?.slice(0, 40))}`);
  // The head ends with a blank line (CRLF CRLF), which splits into two empty strings.
  if (lines.length < 3 || lines.at(-1) !== '' || lines.at(-2) !== '') {
    throw new HttpProtocolError('a head that does not end with a blank line');
  }
  const headers = new Map<string, string>();
  for (const line of lines.slice(1, -2)) {
    const [key, value] = fieldOf(line);
    const previous = headers.get(key);
    if (previous !== undefined && key === 'content-length') throw new HttpProtocolError('two Content-Length headers');
    if (previous !== undefined && key === 'location') {
      if (previous !== value) throw new HttpProtocolError('two different Location headers');
      continue;
    }
    headers.set(key, previous === undefined ? value : `${previous}, ${value}`);
  }
  const length = headers.get('content-length');
  // Checked in every head, 1xx ones too, as llhttp does.
  if (length !== undefined) {
    if (!/^\d+$/.test(length)) throw new HttpProtocolError(`a bad Content-Length: ${JSON.stringify(length)}`);
    // Leading zeros are allowed (llhttp takes them); more than 15 digits is past any file (and a double's precision).
    const digits = length.replace(/^0+(?=\d)/, '');
    if (digits.length > 15) throw new HttpProtocolError(`a Content-Length too large: ${digits.slice(0, 20)}`);
    headers.set('content-length', digits);
  }
  if (headers.has('content-length') && headers.has('transfer-encoding')) {
    throw new HttpProtocolError('both Content-Length and Transfer-Encoding');
  }
  return { status: Number(status[1]), headers };
}

/**
 * Whether `head` is an interim answer (1xx: 100 Continue, 103 Early Hints) that the final one follows.
 * A 101 Switching Protocols is refused: the download asked for no upgrade.
 */
export function isInterim(head: ResponseHead): boolean {
  if (head.status === 101) throw new HttpProtocolError('a 101 Switching Protocols answer to a plain GET');
  return head.status < 200;
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
    // An empty field names no framing at all: newer llhttp (Node 26) refuses it, and so do we.
    if (coding.trim() === '') throw new HttpProtocolError('an empty Transfer-Encoding');
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

/**
 * RFC 9112 §7.1: size line (hex, extensions checked and ignored), data, CRLF; a zero size, trailer
 * fields (checked, counted and ignored), blank line. Every line ends in CRLF: a bare LF is refused, as
 * llhttp does, since two parsers that disagree on where a line ends disagree on where the body ends.
 */
function chunkedFramer(): BodyFramer {
  type State = 'size' | 'data' | 'data-end' | 'trailer' | 'done';
  let state: State = 'size';
  let line = '';
  let left = 0;
  let trailerFields = 0;
  let trailerBytes = 0;
  const lineOf = (bytes: Uint8Array, from: number, length: number): { text: string; next: number } | undefined => {
    const lf = bytes.subarray(from, length).indexOf(LF);
    const end = lf === -1 ? length : from + lf;
    line += Buffer.from(bytes.buffer, bytes.byteOffset + from, end - from).toString('latin1');
    if (line.length > MAX_LINE_BYTES) throw new HttpProtocolError('a chunk line longer than 4 KiB');
    if (end === length) return undefined;
    if (!line.endsWith('\r')) throw new HttpProtocolError('a chunk line that ends in a bare LF (without CR)');
    const text = line.slice(0, -1);
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
          const size = CHUNK_SIZE_LINE.exec(found.text);
          if (!size) throw new HttpProtocolError(`a bad chunk size line: ${JSON.stringify(found.text.slice(0, 40))}`);
          const digits = size[1]!.replace(/^0+(?=.)/, '');
          if (digits.length > MAX_CHUNK_SIZE_DIGITS)
            throw new HttpProtocolError(`a chunk size too large: ${digits.slice(0, 20)}`);
          left = Number.parseInt(digits, 16);
          state = left === 0 ? 'trailer' : 'data';
        } else if (state === 'data-end') {
          if (found.text !== '') throw new HttpProtocolError('a chunk longer than its size');
          state = 'size';
        } else if (found.text === '') state = 'done';
        else {
          // A framing field is not allowed in trailers (RFC 9110 §6.5.1): llhttp refuses a Content-Length
          // trailer, and Node 26's an empty Transfer-Encoding one; we refuse both fields whatever their value.
          const name = fieldOf(found.text)[0];
          if (name === 'content-length' || name === 'transfer-encoding') {
            throw new HttpProtocolError(
              `a ${name === 'content-length' ? 'Content-Length' : 'Transfer-Encoding'} trailer after a chunked body`,
            );
          }
          trailerBytes += found.text.length + 2;
          if (++trailerFields > MAX_TRAILER_FIELDS || trailerBytes > MAX_TRAILER_BYTES) {
            throw new HttpProtocolError(`trailer fields past ${MAX_TRAILER_FIELDS} or ${MAX_TRAILER_BYTES / 1024} KiB`);
          }
        }
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
