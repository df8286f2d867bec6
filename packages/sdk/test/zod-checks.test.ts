// src/schemas/checks.ts stands in for zod functions to keep browser bundles small: zod itself is the
// oracle here. maxCodePoints() gives its own issue, not z.maxLength()'s; its JSON Schema is the same. Each stand-in must give what the zod function gives, input by input: success, the parsed
// value, every issue (code, path, origin, format, bounds, input), and the same JSON Schema.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { maxCodePoints, nonEmptyString, nonNegativeInt, refineCheck, urlString } from '../src/schemas/checks';

const INPUTS: unknown[] = [
  '',
  'a',
  'ab',
  '\u{1F600}',
  '\uD800',
  '  ',
  ' https://cdn.example.com/r.zip ',
  'https://cdn.example.com/a\tb\n?x=1#y',
  'https://cdn.example.com/release.zip?X-Amz-Signature=abc',
  'http://127.0.0.1:4010/files/1',
  'mailto:a@b.example',
  'a:b',
  'nope',
  'http://',
  '//cdn.example.com/x',
  5,
  null,
  undefined,
  true,
  [],
  ['x'],
  { length: 0 },
  { length: 2 },
  { length: '1' },
  {},
];

/** What a parse gives, as plain data: the issues with their input, in and outside an object. */
function outcome(schema: z.ZodMiniType, input: unknown) {
  const alone = schema.safeParse(input, { reportInput: true });
  const inObject = z.object({ field: schema }).safeParse({ field: input }, { reportInput: true });
  const plain = (r: ReturnType<typeof schema.safeParse>) =>
    r.success ? { data: r.data } : { issues: JSON.parse(JSON.stringify(r.error.issues, (_, v) => v ?? null)) };
  return { alone: plain(alone), inObject: plain(inObject) };
}

describe.each([
  { name: 'nonEmptyString()', ours: nonEmptyString, zods: () => z.string().check(z.minLength(1)) },
  { name: 'urlString()', ours: urlString, zods: () => z.url() },
])('$name', ({ ours, zods }) => {
  it.each(INPUTS.map((input) => [JSON.stringify(input) ?? String(input), input]))(
    'answers %s as zod does',
    (_, input) => {
      expect(outcome(ours(), input)).toEqual(outcome(zods(), input));
    },
  );

  it('fails some inputs and passes others (the table tests both sides)', () => {
    const results = INPUTS.map((input) => ours().safeParse(input).success);
    expect(results).toContain(true);
    expect(results).toContain(false);
  });

  it('has the same JSON Schema, alone and as a field', () => {
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(ours(), { io })).toEqual(z.toJSONSchema(zods(), { io }));
      expect(z.toJSONSchema(z.object({ field: ours() }), { io })).toEqual(
        z.toJSONSchema(z.object({ field: zods() }), { io }),
      );
    }
  });
});

describe('nonNegativeInt()', () => {
  const zods = () => z.int().check(z.nonnegative());
  const inputs: unknown[] = [
    0,
    -0,
    1,
    7,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 1,
    2 ** 60,
    -1,
    -(2 ** 60),
    Number.MIN_SAFE_INTEGER,
    1.5,
    -1.5,
    1e-7,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '1',
    null,
    undefined,
    true,
    [],
    {},
  ];

  it.each(inputs.map((input) => [String(input), input]))('answers %s as zod does', (_, input) => {
    expect(outcome(nonNegativeInt(), input)).toEqual(outcome(zods(), input));
    // As the SDK's schemas hold it: optional, and a record's values.
    expect(outcome(z.optional(nonNegativeInt()), input)).toEqual(outcome(z.optional(zods()), input));
    expect(outcome(z.record(z.string(), nonNegativeInt()), { a: input, b: 1 })).toEqual(
      outcome(z.record(z.string(), zods()), { a: input, b: 1 }),
    );
  });

  it("has the same JSON Schema, alone, optional and as a record's values", () => {
    for (const io of ['input', 'output'] as const) {
      for (const wrap of [(s: z.ZodMiniType) => s, z.optional, (s: z.ZodMiniType) => z.record(z.string(), s)]) {
        expect(z.toJSONSchema(wrap(nonNegativeInt()), { io })).toEqual(z.toJSONSchema(wrap(zods()), { io }));
        expect(z.toJSONSchema(z.object({ field: wrap(nonNegativeInt()) }), { io })).toEqual(
          z.toJSONSchema(z.object({ field: wrap(zods()) }), { io }),
        );
      }
    }
  });
});

describe('refineCheck()', () => {
  const either = (o: { a?: unknown; b?: unknown }) => o.a !== undefined || o.b !== undefined;
  const fields = () => z.looseObject({ a: z.optional(z.string()), b: z.optional(z.string()) });
  const ours = () => fields().check(refineCheck(either, 'expected a (or b)', ['a']));
  const zods = () => fields().check(z.refine(either, { message: 'expected a (or b)', path: ['a'] }));

  it.each([{ a: 'x' }, { b: 'y' }, {}, { a: 1 }, { c: 1 }, null, 'x'].map((input) => [JSON.stringify(input), input]))(
    'answers %s as z.refine() does, alone and nested twice',
    (_, input) => {
      expect(outcome(ours(), input)).toEqual(outcome(zods(), input));
      // The path is copied for each issue: an enclosing object prefixes its key in place.
      const twice = (s: () => z.ZodMiniType) => z.object({ one: s(), two: z.array(s()) });
      expect(outcome(twice(ours), { one: input, two: [input, input] })).toEqual(
        outcome(twice(zods), { one: input, two: [input, input] }),
      );
    },
  );

  it('has the same JSON Schema', () => {
    for (const io of ['input', 'output'] as const)
      expect(z.toJSONSchema(ours(), { io })).toEqual(z.toJSONSchema(zods(), { io }));
  });
});

describe('maxCodePoints()', () => {
  const threeCharacters = () => z.string().check(maxCodePoints(3));

  it('counts code points, as JSON Schema does: three emoji (six UTF-16 units) are three characters', () => {
    expect(threeCharacters().safeParse('\u{1F600}\u{1F600}\u{1F600}').success).toBe(true);
    expect(threeCharacters().safeParse('\u{1F600}\u{1F600}\u{1F600}\u{1F600}').success).toBe(false);
    expect(threeCharacters().safeParse('abcd').error?.issues).toEqual([
      { code: 'custom', path: [], message: 'must be at most 3 characters' },
    ]);
  });

  it("has z.maxLength()'s JSON Schema, alone, as a field and beside a pattern", () => {
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(threeCharacters(), { io })).toEqual(
        z.toJSONSchema(z.string().check(z.maxLength(3)), { io }),
      );
      expect(z.toJSONSchema(z.object({ field: z.optional(threeCharacters()) }), { io })).toEqual(
        z.toJSONSchema(z.object({ field: z.optional(z.string().check(z.maxLength(3))) }), { io }),
      );
      expect(z.toJSONSchema(z.string().check(z.regex(/\S/), maxCodePoints(3)), { io })).toEqual(
        z.toJSONSchema(z.string().check(z.regex(/\S/), z.maxLength(3)), { io }),
      );
    }
  });
});
