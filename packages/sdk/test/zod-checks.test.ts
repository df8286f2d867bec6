// src/schemas/checks.ts stands in for two zod functions to keep browser bundles small: zod itself is the
// oracle here. maxCodePoints() gives its own issue, not z.maxLength()'s; its JSON Schema is the same. Each stand-in must give what the zod function gives, input by input: success, the parsed
// value, every issue (code, path, origin, format, bounds, input), and the same JSON Schema.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { maxCodePoints, nonEmptyString, urlString } from '../src/schemas/checks';

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
