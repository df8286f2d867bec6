// `verify`: which journal entries match a request pattern, and for a pattern nothing matches, the nearest
// misses with what differs (WireMock's near misses). Values are matched as the client sent them
// (an Authorization header too); entries are shown with credentials fingerprinted.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { entryOf, type JournalEntry, type Recorded } from '../journal/journal';
import { onePathRule, RegExpSource } from '../rules/path-match';
import { OperationIdSchema } from '../request/operation-of';

const regExp = RegExpSource;

/** A value test: a string is `equalTo`. */
const Matcher = z.union([
  z.string(),
  z
    .object({
      equalTo: z.string().optional(),
      contains: z.string().optional(),
      matches: regExp.optional(),
      absent: z.boolean().optional(),
    })
    .strict(),
]);
type Matcher = z.output<typeof Matcher>;

export const RequestPatternSchema = z
  .object({
    method: z
      .string()
      .regex(/^[A-Za-z]+$/, 'expected an HTTP method such as GET')
      .optional(),
    path: z.string().startsWith('/', 'expected a path starting with /').optional().describe('the whole path'),
    pathPattern: regExp.optional().describe('a regular expression the whole path must match'),
    operation: OperationIdSchema.optional().describe(
      'an operation of docs/openapi.json by its id, at any of its paths (checkDistribution: /cdn/check and /v1/distributions/check)',
    ),
    status: z.number().int().nullable().optional().describe('the answer’s status; null: no answer'),
    fault: z.string().nullable().optional().describe('the kind of fault that answered; null: none'),
    requestId: z.string().optional().describe('the id the answer named in x-request-id'),
    query: z.record(z.string(), Matcher).optional(),
    headers: z.record(z.string(), Matcher).optional().describe('by name, in any case'),
    body: z
      .object({
        equalToJson: z.unknown().optional(),
        includesJson: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('a JSON object whose fields the body has, with equal values'),
        contains: z.string().optional(),
        matches: regExp.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine(onePathRule);
export type RequestPattern = z.output<typeof RequestPatternSchema>;

function test(matcher: Matcher, value: string | undefined): boolean {
  if (typeof matcher === 'string') return value === matcher;
  if (matcher.absent !== undefined && matcher.absent !== (value === undefined)) return false;
  if (value === undefined) return matcher.absent === true;
  if (matcher.equalTo !== undefined && value !== matcher.equalTo) return false;
  if (matcher.contains !== undefined && !value.includes(matcher.contains)) return false;
  if (matcher.matches !== undefined && !new RegExp(`^(?:${matcher.matches})$`).test(value)) return false;
  return true;
}

function bodyText(entry: JournalEntry): string | undefined {
  const b = entry.body;
  if (!b) return undefined;
  return 'json' in b ? JSON.stringify(b.json) : 'text' in b ? b.text : undefined;
}

/** What differs between the pattern and the request: the names of the pattern's fields it fails. */
function differences(pattern: RequestPattern, raw: JournalEntry): string[] {
  const out: string[] = [];
  if (pattern.method && pattern.method.toUpperCase() !== raw.method.toUpperCase()) out.push('method');
  if (pattern.path !== undefined && pattern.path !== raw.path) out.push('path');
  if (pattern.pathPattern !== undefined && !new RegExp(`^(?:${pattern.pathPattern})$`).test(raw.path))
    out.push('pathPattern');
  if (pattern.operation !== undefined && pattern.operation !== raw.operation) out.push('operation');
  if (pattern.status !== undefined && pattern.status !== raw.status) out.push('status');
  if (pattern.fault !== undefined && pattern.fault !== raw.fault) out.push('fault');
  if (pattern.requestId !== undefined && pattern.requestId !== raw.requestId) out.push('requestId');
  for (const [name, m] of Object.entries(pattern.query ?? {})) {
    const v = raw.query[name];
    if (!test(m, Array.isArray(v) ? v[0] : v)) out.push(`query.${name}`);
  }
  for (const [name, m] of Object.entries(pattern.headers ?? {}))
    if (!test(m, raw.headers[name.toLowerCase()])) out.push(`headers.${name.toLowerCase()}`);
  const b = pattern.body;
  if (b) {
    const json = raw.body && 'json' in raw.body ? raw.body.json : undefined;
    const text = bodyText(raw);
    if (b.equalToJson !== undefined && !isDeepStrictEqual(json, b.equalToJson)) out.push('body.equalToJson');
    if (
      b.includesJson !== undefined &&
      !(
        typeof json === 'object' &&
        json !== null &&
        Object.entries(b.includesJson).every(([k, v]) => isDeepStrictEqual((json as Record<string, unknown>)[k], v))
      )
    )
      out.push('body.includesJson');
    if (b.contains !== undefined && !text?.includes(b.contains)) out.push('body.contains');
    if (b.matches !== undefined && !(text !== undefined && new RegExp(b.matches).test(text))) out.push('body.matches');
  }
  return out;
}

/** How many near misses `verify` shows. */
const NEAR_MISSES = 3;

/**
 * The recorded requests that match `pattern`, and, when none does, the nearest misses (fewest fields
 * differing, newest first among equals).
 */
export function verify(recorded: readonly Recorded[], pattern: RequestPattern) {
  const matched: JournalEntry[] = [];
  const misses: { request: JournalEntry; differences: string[] }[] = [];
  for (const r of recorded) {
    const diff = differences(pattern, entryOf(r, false));
    if (diff.length === 0) matched.push(entryOf(r));
    else misses.push({ request: entryOf(r), differences: diff });
  }
  const nearMisses =
    matched.length > 0
      ? []
      : misses
          .map((m, i) => ({ m, i }))
          .sort((a, b) => a.m.differences.length - b.m.differences.length || b.i - a.i)
          .slice(0, NEAR_MISSES)
          .map(({ m }) => m);
  return { count: matched.length, requests: matched, nearMisses };
}
