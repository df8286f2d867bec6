// The CDN check's answer is checked without zod in the transport (src/schemas/cdn-release-check.ts): zod's
// own schema, cdnRelease() of src/schemas/cdn.ts, is the oracle. For every answer, what the transport makes
// of it must be the same: the release (its keys in the same order, the URL trimmed the same way) or a
// ContractError with the same issues and message. Generated answers, fast-check with a fixed seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContractError, type RequestInfo } from '../src/base/errors';
import { validateResponse } from '../src/request/validate';
import { checkDistribution } from '../src/schemas/operations';
import { cdnRelease } from '../src/schemas/cdn';
import { cdnReleaseCheck } from '../src/schemas/cdn-release-check';

const REQUEST: RequestInfo = { method: 'POST', path: '/cdn/check' };
const FIELDS = ['distributionReleaseId', 'name', 'createdAt', 'filesUrl', 'filesSha256'];

/** What the transport makes of `answer` with `schema`: the value with its keys in order, or the error. */
function outcome(schema: Parameters<typeof validateResponse>[0], answer: unknown) {
  try {
    const value = validateResponse(schema, answer, REQUEST) as Record<string, unknown>;
    return { entries: Object.entries(value), proto: Object.getPrototypeOf(value) };
  } catch (error) {
    expect(error).toBeInstanceOf(ContractError);
    return { message: (error as ContractError).message, issues: (error as ContractError).issues };
  }
}

/** Values a field can hold: what the checks tell apart (empty, blank, URLs with spaces and tabs, lengths). */
const fieldValue = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'r1',
    ' https://cdn.example.com/r.zip ',
    'https://cdn.example.com/a\tb\n?x=1#y',
    'http://127.0.0.1:4010/files/1',
    'mailto:a@b.example',
    'nope',
    '//cdn.example.com/x',
    0,
    5,
    null,
    true,
    [],
    ['x'],
    { length: 0 },
    { length: 2 },
    { length: '1' },
    {},
  ),
  fc.string(),
  fc.webUrl(),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Answers: objects with any of the release's fields (or none) and other keys, and what is no object. */
const answer = fc.oneof(
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...FIELDS), fieldValue),
      fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('extra', 'constructor')), fieldValue),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([fields, others, othersFirst, proto]) => {
      const text = JSON.stringify(othersFirst ? { ...others, ...fields } : { ...fields, ...others });
      // As JSON.parse makes it: `__proto__` an own key like any other.
      return JSON.parse(proto ? `{"__proto__":1${text === '{}' ? '' : ','}${text.slice(1)}` : text) as unknown;
    }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(undefined, null, [], 'text', 1),
);

describe("the CDN check's answer, checked without zod", () => {
  it('gives what the zod schema gives, answer for answer', () => {
    fc.assert(
      fc.property(answer, (value) => {
        expect(outcome(cdnReleaseCheck, value)).toStrictEqual(outcome(cdnRelease(), value));
      }),
      { seed: 20261128, numRuns: 1_500 },
    );
  });

  it('gives what the zod schema gives for a valid release, a missing field and an empty id', () => {
    const release = {
      distributionReleaseId: 'r1',
      name: 'v1',
      createdAt: '2026-01-01T00:00:00Z',
      filesUrl: ' https://cdn.example.com/r.zip ',
      extra: 1,
    };
    for (const value of [release, { ...release, name: undefined }, { ...release, distributionReleaseId: '' }, {}])
      expect(outcome(cdnReleaseCheck, value)).toStrictEqual(outcome(cdnRelease(), value));
    expect(outcome(cdnReleaseCheck, {})).toMatchObject({ message: expect.stringContaining('$.name: expected string') });
  });

  it('is what the transport checks the answer with; the OpenAPI document keeps the zod schema', async () => {
    expect(checkDistribution.responses[200].body.schema).toBe(cdnReleaseCheck);
    const { OPERATIONS } = await import('../src/schemas/operations');
    expect(OPERATIONS.checkDistribution.responses[200].body.schema).toBe(cdnRelease());
  });
});
