import { describe, expect, it } from 'vitest';
import { bodyFramer, headEnd, HttpProtocolError, isInterim, parseHead, type ResponseHead } from './http1-response';

const head = (text: string) => parseHead(Buffer.from(text));

/** Feeds `wire` to a framer in pieces of the given sizes (cycled) and returns the body it kept. */
function frame(response: ResponseHead, wire: Buffer, pieces: number[]) {
  const framer = bodyFramer(response);
  const body: Buffer[] = [];
  for (let at = 0, i = 0; at < wire.length && !framer.complete; i++) {
    const piece = Buffer.from(wire.subarray(at, at + pieces[i % pieces.length]!));
    at += piece.length;
    const kept = framer.take(piece, piece.length);
    body.push(piece.subarray(0, kept));
  }
  return { body: Buffer.concat(body).toString(), framer };
}

describe('parseHead', () => {
  it('reads the status and the fields, names in lower case, repeated ones joined', () => {
    const parsed = head('HTTP/1.1 200 OK\r\nContent-Length: 5\r\nVary: a\r\nvary:  b \r\nX-Empty:\r\n\r\n');
    expect(parsed.status).toBe(200);
    expect(Object.fromEntries(parsed.headers)).toEqual({ 'content-length': '5', vary: 'a, b', 'x-empty': '' });
    expect(head('HTTP/1.0 204\r\n\r\n').status).toBe(204);
  });

  it.each([
    ['not HTTP', 'SSH-2.0-OpenSSH\r\n\r\n', /status line/],
    ['HTTP/2 text', 'HTTP/2 200\r\n\r\n', /status line/],
    ['a folded line', 'HTTP/1.1 200 OK\r\nA: b\r\n c\r\n\r\n', /malformed header/],
    ['a line without a colon', 'HTTP/1.1 200 OK\r\nnonsense\r\n\r\n', /malformed header/],
    ['a bad name', 'HTTP/1.1 200 OK\r\nA b: c\r\n\r\n', /malformed header/],
    ['two lengths', 'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', /two Content-Length/],
    // llhttp refuses a repeated Content-Length even with one value: so does this reader.
    ['one length twice', 'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n', /two Content-Length/],
    [
      'Content-Length with Transfer-Encoding',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n',
      /both Content-Length and Transfer-Encoding/,
    ],
    ['a bare LF ending a field', 'HTTP/1.1 200 OK\r\nContent-Length: 5\nX: y\r\n\r\n', /malformed header/],
    ['a bare CR ending a field', 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\r\nX: y\r\n\r\n', /malformed header/],
    ['two different Locations', 'HTTP/1.1 302 Found\r\nLocation: /a\r\nLocation: /b\r\n\r\n', /two different Location/],
    ['a status under 100', 'HTTP/1.1 099 Odd\r\n\r\n', /status line/],
    ['a control character in the reason', 'HTTP/1.1 200 O\x01K\r\n\r\n', /status line/],
  ])('refuses %s', (_, text, message) => {
    expect(() => head(text)).toThrow(HttpProtocolError);
    expect(() => head(text)).toThrow(message);
  });

  it('takes the same Location twice once', () => {
    expect(head('HTTP/1.1 302 Found\r\nLocation: /a\r\nlocation: /a\r\n\r\n').headers.get('location')).toBe('/a');
  });

  it('skips 1xx answers but refuses 101 Switching Protocols (the download asked for no upgrade)', () => {
    expect(isInterim(head('HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n'))).toBe(true);
    expect(isInterim(head('HTTP/1.1 200 OK\r\n\r\n'))).toBe(false);
    expect(() => isInterim(head('HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\n'))).toThrow(/101/);
  });

  it('finds the end of the head only once the blank line is there', () => {
    const bytes = Buffer.from('HTTP/1.1 200 OK\r\nA: b\r\n\r\nbody');
    expect(headEnd(bytes, 20)).toBe(-1);
    expect(headEnd(bytes, bytes.length)).toBe(bytes.length - 4);
    expect(headEnd(bytes, bytes.length, 20)).toBe(bytes.length - 4);
  });
});

describe('bodyFramer', () => {
  const chunked = Buffer.from(
    '5\r\nhello\r\n1;ext=1\r\n \r\n0000000006\r\nworld!\r\n0\r\nX-Trailer: yes\r\n\r\nNEXT ANSWER',
  );

  it.each([[[1]], [[2, 3]], [[7]], [[64]], [[3, 1, 4, 1, 5, 9, 2, 6]]])(
    'decodes a chunked body however the reads split it (%j)',
    (pieces) => {
      const { body, framer } = frame(head('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'), chunked, pieces);
      expect(body).toBe('hello world!');
      expect(framer.complete).toBe(true);
    },
  );

  it('keeps exactly Content-Length bytes and ignores what follows', () => {
    const { body, framer } = frame(head('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n'), Buffer.from('abcdefg'), [3]);
    expect(body).toBe('abcde');
    expect(framer.complete).toBe(true);
  });

  it('reads until the connection closes when the answer has no length', () => {
    const framer = bodyFramer(head('HTTP/1.1 200 OK\r\n\r\n'));
    expect(framer.take(Buffer.from('abc'), 3)).toBe(3);
    expect(framer.complete).toBe(false);
    expect(() => framer.end()).not.toThrow();
  });

  it('has no body for 204 and 304', () => {
    expect(bodyFramer(head('HTTP/1.1 204 No Content\r\nContent-Length: 9\r\n\r\n')).complete).toBe(true);
    expect(bodyFramer(head('HTTP/1.1 304 Not Modified\r\n\r\n')).complete).toBe(true);
  });

  it.each([
    ['a bad chunk size', '5x\r\nhello\r\n0\r\n\r\n', /chunk size/],
    ['a chunk longer than its size', '2\r\nhello\r\n0\r\n\r\n', /longer than its size/],
    ['a bare LF after the chunk size', '5\nhello\r\n0\r\n\r\n', /bare LF/],
    ['a bare LF after the chunk data', '5\r\nhello\n0\r\n\r\n', /bare LF/],
    ['a bare LF after a trailer', '5\r\nhello\r\n0\r\nX: y\n\r\n', /bare LF/],
    ['a bare LF ending the body', '5\r\nhello\r\n0\r\n\n', /bare LF/],
    ['white space after the chunk size', '5 \r\nhello\r\n0\r\n\r\n', /chunk size/],
    ['white space in a chunk extension', '5; a=b\r\nhello\r\n0\r\n\r\n', /chunk size/],
    ['a chunk size past 12 hex digits', '1000000000000\r\nhello\r\n0\r\n\r\n', /too large/],
    ['a Content-Length trailer', '5\r\nhello\r\n0\r\nContent-Length: 5\r\n\r\n', /Content-Length trailer/],
    ['a bare semicolon after the chunk size', '5;\r\nhello\r\n0\r\n\r\n', /chunk size/],
    ['a malformed trailer', '5\r\nhello\r\n0\r\nnot a field\r\n\r\n', /malformed header/],
    ['a folded trailer', '5\r\nhello\r\n0\r\nX: y\r\n z\r\n\r\n', /malformed header/],
    ['65 trailer fields', `5\r\nhello\r\n0\r\n${'X: y\r\n'.repeat(65)}\r\n`, /trailer fields past/],
    [
      '17 KiB of trailer fields',
      `5\r\nhello\r\n0\r\n${`X: ${'y'.repeat(1020)}\r\n`.repeat(17)}\r\n`,
      /trailer fields past/,
    ],
  ])('refuses %s', (_, wire, message) => {
    expect(() => frame(head('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'), Buffer.from(wire), [64])).toThrow(
      message,
    );
  });

  it('says when the connection closed before the last chunk', () => {
    const { framer } = frame(
      head('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'),
      Buffer.from('5\r\nhel'),
      [64],
    );
    expect(() => framer.end()).toThrow(/before the last chunk/);
  });

  it('refuses a transfer coding other than chunked (it would reach the file still encoded)', () => {
    expect(() => bodyFramer(head('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n'))).toThrow(
      /did not ask for: gzip/,
    );
  });

  it('refuses a bad Content-Length', () => {
    expect(() => head('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n')).toThrow(/bad Content-Length/);
    expect(() => head('HTTP/1.1 200 OK\r\nContent-Length: 1234567890123456\r\n\r\n')).toThrow(/too large/);
  });

  it('takes leading zeros in a Content-Length and a chunk size, as llhttp does', () => {
    expect(
      frame(head('HTTP/1.1 200 OK\r\nContent-Length: 00000000000000000003\r\n\r\n'), Buffer.from('abc'), [9]).body,
    ).toBe('abc');
    const chunked = head('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
    expect(frame(chunked, Buffer.from('00000000000000003;a=b;c="d e";=f;g=\r\nabc\r\n0\r\n\r\n'), [5]).body).toBe(
      'abc',
    );
  });
});
