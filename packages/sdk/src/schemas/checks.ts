// zod functions written as plain checks (`z.check`): each gives the answers, issues and JSON Schema of the
// zod function it stands for, for less code in every app's bundle (docs/sdk.md, "Size and start-up"):
// z.url()'s class carries the code of all its options, z.minLength() its code-point counting (~0.8 KB of
// the CDN check app together, gzipped), z.int() the code of every number format and z.refine() a schema
// class of its own (~0.5 KB of the one-call app). test/zod-checks.test.ts holds each to the zod function,
// input by input. Also the code-point length check of `maxCharacters`, which states its JSON Schema the
// same way rather than with `z.meta`.
import * as z from 'zod/mini';

/**
 * A check that also says what it checks in JSON Schema: it adds `bag` to the schema's own, as zod's
 * checks do (zod's JSON Schema takes what third-party checks add there).
 */
function withJsonSchema<T>(check: z.core.$ZodCheck<T>, bag: Record<string, unknown>): z.core.$ZodCheck<T> {
  check._zod.onattach.push((schema) => Object.assign(schema._zod.bag, bag));
  return check;
}

/**
 * A string of at least one character: `z.string().check(z.minLength(1))`, issue for issue (`too_small`,
 * also for a non-string with a `length`, as zod's length checks run on anything that has one) and with
 * its JSON Schema (`minLength: 1`).
 *
 * @example export const IdSchema = nonEmptyString();
 */
export function nonEmptyString() {
  return z.string().check(
    withJsonSchema(
      z.check<string>(
        (payload) => {
          const input = payload.value as unknown as { length: number };
          if (input.length >= 1) return;
          payload.issues.push({
            origin: Array.isArray(input) ? 'array' : typeof input === 'string' ? 'string' : 'unknown',
            code: 'too_small',
            minimum: 1,
            inclusive: true,
            input,
            continue: true,
          });
        },
        { when: ({ value }) => value != null && (value as { length?: unknown }).length !== undefined },
      ),
      { minimum: 1 },
    ),
  );
}

/**
 * A URL: `z.url()` without options, issue for issue. The text, trimmed, must parse as a URL
 * (`URL.canParse`); it comes out trimmed and without tabs or line breaks. Otherwise the issue is
 * `invalid_format` with format `url`. JSON Schema: `format: uri`.
 *
 * @example export const LinkSchema = z.object({ href: urlString() });
 */
export function urlString() {
  return z.string().check(
    withJsonSchema(
      z.check<string>((payload) => {
        const trimmed = payload.value.trim();
        if (canParseUrl(trimmed)) payload.value = trimmed.replace(/[\t\n\r]/g, '');
        else payload.issues.push({ code: 'invalid_format', format: 'url', input: payload.value, continue: true });
      }),
      { format: 'url' },
    ),
  );
}

/**
 * A whole number from 0: `z.int().check(z.nonnegative())`, issue for issue (a fraction is `invalid_type`
 * `int` and stops there; beyond the safe integers `too_big` or `too_small` with zod's note; below 0
 * `too_small`), and with its JSON Schema (`type: integer`, `minimum: 0`, `maximum: 2^53 − 1`).
 *
 * @example export const CountSchema = nonNegativeInt();
 */
export function nonNegativeInt() {
  return z.number().check(
    withJsonSchema(
      z.check<number>((payload) => {
        const input = payload.value;
        if (!Number.isInteger(input)) {
          payload.issues.push({ expected: 'int', format: 'safeint', code: 'invalid_type', continue: false, input });
          return;
        }
        if (!Number.isSafeInteger(input)) {
          const note = 'Integers must be within the safe integer range.';
          payload.issues.push(
            input > 0
              ? {
                  input,
                  code: 'too_big',
                  maximum: Number.MAX_SAFE_INTEGER,
                  note,
                  origin: 'int',
                  inclusive: true,
                  continue: true,
                }
              : {
                  input,
                  code: 'too_small',
                  minimum: Number.MIN_SAFE_INTEGER,
                  note,
                  origin: 'int',
                  inclusive: true,
                  continue: true,
                },
          );
        }
        if (input < 0)
          payload.issues.push({
            origin: 'number',
            code: 'too_small',
            minimum: 0,
            input,
            inclusive: true,
            continue: true,
          });
      }),
      { format: 'safeint', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    ),
  );
}

/**
 * `z.refine(test, { message, path })`, issue for issue: a `custom` issue at `path` with `message` when
 * `test` is false.
 *
 * @example openObject({ a: z.optional(z.string()), b: z.optional(z.string()) }).check(refineCheck((o) => o.a !== undefined || o.b !== undefined, 'expected a or b', ['a']))
 */
export function refineCheck<T>(test: (value: T) => boolean, message: string, path: PropertyKey[] = []) {
  return z.check<T>((payload) => {
    // A copy for each issue: an enclosing object prefixes its key to the issue's path in place.
    if (!test(payload.value))
      payload.issues.push({ code: 'custom', input: payload.value, path: [...path], message, continue: true });
  });
}

/**
 * `URL.canParse(text)`, written as the parse it stands for (the URL standard defines one by the other), so that
 * it needs no fallback for runtimes that lack `URL.canParse` (browsers before 2023).
 */
function canParseUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * At most `max` characters, counted as code points as JSON Schema counts them; the issue is a custom one,
 * `must be at most <max> characters`. JSON Schema: `maxLength`, as `z.maxLength()` gives it. Said through
 * the schema's bag rather than with `z.meta({ maxLength })`: `z.meta` needs zod's metadata registry, which
 * installs itself on `globalThis` as it loads, so every app's bundle kept it (~0.2 KB gzipped).
 *
 * @example z.string().check(maxCodePoints(255))
 */
export function maxCodePoints(max: number) {
  return withJsonSchema<string>(
    refineCheck((text: string) => [...text].length <= max, `must be at most ${max} characters`),
    { maximum: max },
  );
}
