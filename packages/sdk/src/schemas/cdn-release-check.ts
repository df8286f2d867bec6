/**
 * The CDN check's answer checked without zod: `cdnRelease().safeParse(data, params)` (./cdn.ts), issue for
 * issue, path for path and value for value, for the transport of `createCdnClient()`. zod/mini's object,
 * string and optional classes, and the parse functions their prototype carries, were ~4.9 KB of the ~10.3 KB
 * that a web page which only checks the CDN ships, gzipped (docs/sdk.md, "Size and start-up"); this is
 * ~0.3 KB. The zod schema stays the declaration that `@loc/sdk/schemas` hands out and the OpenAPI document
 * is built from; test/cdn-release-check.test.ts holds this one to it on generated answers (fast-check, a
 * fixed seed), as test/zod-checks.test.ts does for ./checks.ts.
 */
import type { CdnRelease } from './cdn';

/** A raw issue as zod's own checks raise it, before its message is made; `path` below the answer. */
interface RawIssue {
  code: 'invalid_type' | 'too_small' | 'invalid_format';
  path: string[];
  input: unknown;
  [detail: string]: unknown;
}

/** The part of zod's `safeParse` contract the transport uses (request/validate.ts). */
export interface ResponseSchema<T> {
  safeParse(
    data: unknown,
    params: { error: (issue: never) => string | undefined },
  ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Field by field, in the schema's order: the string fields, and whether each is optional, empty or a URL. */
const FIELDS = [
  ['distributionReleaseId', 'nonEmpty'],
  ['name'],
  ['createdAt'],
  ['filesUrl', 'url'],
  ['filesSha256', 'optional'],
] as const;

const kindOf = (input: unknown) => (input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input);

/** `cdnRelease()` (schemas/cdn.ts) as a plain check: an open object whose other keys pass as they are. */
export const cdnReleaseCheck: ResponseSchema<CdnRelease> = {
  safeParse(data, { error }) {
    const issues: RawIssue[] = [];
    const value: Record<string, unknown> = {};
    if (kindOf(data) !== 'object') {
      issues.push({ code: 'invalid_type', expected: 'object', input: data, path: [] });
    } else {
      const input = data as Record<string, unknown>;
      for (const [key, rule] of FIELDS) {
        const present = key in input;
        if (!present && rule === 'optional') continue;
        let field = input[key];
        const path = [key];
        if (typeof field !== 'string' && (field !== undefined || rule !== 'optional'))
          issues.push({ code: 'invalid_type', expected: 'string', input: field, path });
        // zod runs the length check on anything that has a length, a string or not (./checks.ts).
        const length = (field as { length?: unknown } | null | undefined)?.length;
        if (rule === 'nonEmpty' && length !== undefined && !((length as number) >= 1)) {
          const origin = Array.isArray(field) ? 'array' : typeof field === 'string' ? 'string' : 'unknown';
          issues.push({ code: 'too_small', origin, minimum: 1, inclusive: true, input: field, path });
        }
        if (rule === 'url' && typeof field === 'string') {
          const trimmed = field.trim();
          if (canParse(trimmed)) field = trimmed.replace(/[\t\n\r]/g, '');
          else issues.push({ code: 'invalid_format', format: 'url', input: field, path });
        }
        if (present) value[key] = field;
      }
      // The other keys, as they are (`__proto__` is not copied, as zod does not).
      for (const key in input)
        if (!value.hasOwnProperty.call(FIELD_NAMES, key) && key !== '__proto__') value[key] = input[key];
    }
    if (!issues.length) return { success: true, data: value as CdnRelease };
    return {
      success: false,
      error: {
        issues: issues.map((issue) => ({ path: issue.path, message: error(issue as never) ?? 'Invalid input' })),
      },
    };
  },
};

const FIELD_NAMES = Object.fromEntries(FIELDS.map(([key]) => [key, true]));

function canParse(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
