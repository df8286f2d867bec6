// Two of zod's string checks written as plain checks (`z.check`): each gives the answers, issues and
// JSON Schema of the zod function it stands for, for less code in every app that validates a CDN
// release: z.url()'s class carries the code of all its options, and z.minLength() its code-point
// counting, ~0.8 KB of a ~12 KB browser bundle together (docs/sdk.md, "Size and start-up").
// test/zod-checks.test.ts holds each to the zod function, input by input. Also the code-point length
// check of `maxCharacters`, which states its JSON Schema the same way rather than with `z.meta`.
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

/** `URL.canParse`; where the runtime lacks it (browsers before 2023), parsing, as zod does. */
function canParseUrl(text: string): boolean {
  try {
    return typeof URL.canParse === 'function' ? URL.canParse(text) : Boolean(new URL(text));
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
    z.refine((text: string) => [...text].length <= max, `must be at most ${max} characters`),
    { maximum: max },
  );
}
