// The id each answer names (x-request-id): a client's own is kept only when it is a plain token, so what
// the mock echoes in a header and shows in its journal is never a client's control characters or a
// header of its making.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequestIds } from '../src/request/request-id';

describe('createRequestIds', () => {
  it('keeps a client id only when it is a plain token, else gives one of its own, each new', () => {
    const nextId = createRequestIds();
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.option(fc.string({ unit: 'binary', maxLength: 200 }), { nil: undefined }), (sent) => {
        const id = nextId(sent);
        expect(id).toMatch(/^[\w.:@/+=-]{1,128}$/);
        if (id !== sent) {
          expect(id).toMatch(/^req_[0-9a-f]{8}_[0-9a-z]+$/);
          expect(seen.has(id)).toBe(false);
          seen.add(id);
        }
      }),
      { seed: 44, numRuns: 500 },
    );
    expect(nextId('test-run-7')).toBe('test-run-7');
    expect(nextId(['a', 'b'])).toMatch(/^req_/); // sent twice: neither is taken
    expect(nextId('x'.repeat(129))).toMatch(/^req_/);
    expect(nextId('a\r\nSet-Cookie: x=1')).toMatch(/^req_/);
  });

  it('differs between two mocks', () => {
    expect(createRequestIds()(undefined)).not.toBe(createRequestIds()(undefined));
  });
});
