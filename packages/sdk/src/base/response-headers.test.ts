import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestIdOf, safeHeaders } from './response-headers';

/** Words a header's name may hold when it carries a credential or a session. */
const SECRET_WORDS = [
  'cookie',
  'authorization',
  'token',
  'secret',
  'api-key',
  'apikey',
  'session',
  'signature',
  'credential',
  'password',
];
const SECRET = 'S3CRET-value-that-must-not-leak';

describe('safeHeaders (what an APIError keeps of an answer)', () => {
  it('never keeps a header whose name may carry a credential, and keeps every other one as it came', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);
    const secretName = fc
      .tuple(name, fc.constantFrom(...SECRET_WORDS), name, fc.boolean())
      .map(([a, word, b, upper]) => (upper ? `x-${a}-${word}-${b}`.toUpperCase() : `x-${a}-${word}-${b}`));
    fc.assert(
      fc.property(
        fc.dictionary(name, fc.stringMatching(/^[ -~]{0,40}$/)),
        fc.array(secretName, { maxLength: 5 }),
        (plain, secrets) => {
          const headers = new Headers();
          for (const [n, v] of Object.entries(plain)) headers.set(n, v);
          for (const n of secrets) headers.set(n, SECRET);
          const kept = safeHeaders(headers);
          expect(JSON.stringify(kept)).not.toContain(SECRET);
          for (const [n, v] of headers)
            if (!SECRET_WORDS.some((w) => n.includes(w.replace('-', '')) || n.includes(w))) expect(kept[n]).toBe(v);
          expect(Object.isFrozen(kept)).toBe(true);
        },
      ),
      { seed: 44, numRuns: 300 },
    );
  });

  it('reads the request id, and nothing when there is none', () => {
    expect(requestIdOf(new Headers({ 'X-Request-Id': 'req_1' }))).toBe('req_1');
    expect(requestIdOf(new Headers({ 'x-request-id': '' }))).toBeUndefined();
    expect(requestIdOf(undefined)).toBeUndefined();
    expect(safeHeaders(new Headers({ 'Set-Cookie': 's=1', 'Content-Type': 'application/json' }))).toEqual({
      'content-type': 'application/json',
    });
  });
});
