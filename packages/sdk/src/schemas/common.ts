import * as z from 'zod/mini';
import { lazyObject, once } from '../base/lazy-object';
import type { CustomId } from '../base/custom-id';
import { maxCodePoints, nonNegativeInt } from './checks';

/**
 * An object the service may extend. At run time fields it adds pass through (they reach the caller and
 * `--json` output); the type names only the known fields, so a misspelt one (`release.fileUrl`) is a
 * compile error rather than an `unknown`.
 */
export function openObject<const T extends z.core.$ZodLooseShape>(shape: T): z.ZodMiniObject<T, z.core.$strip> {
  return z.looseObject(shape) as unknown as z.ZodMiniObject<T, z.core.$strip>;
}

/**
 * The locale codes the service accepts: a language (2–3 letters), an optional script (4 letters) and an
 * optional region (2 letters or 3 digits), as in `en`, `pt-BR`, `zh-Hant`, `sr-Latn-RS`, `es-419`.
 * Variants and extensions (`de-CH-1996`) are not taken. Written as a JSON-Schema pattern, so that the
 * OpenAPI document states exactly what the service checks.
 */
export const LANGUAGE_CODE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$/;
/** A language code as the service takes it: `en`, `pt-BR`, `zh-Hant`, `es-419` ({@link LANGUAGE_CODE_PATTERN}). */
export const LanguageCodeSchema = /* @__PURE__ */ lazyObject(() =>
  z.string().check(
    z.regex(LANGUAGE_CODE_PATTERN, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a language code such as en, pt-BR, zh-Hant or sr-Latn-RS`,
    }),
  ),
);

/** A semantic version (semver.org 2.0.0, no `v` prefix): `2.4.0`, `3.0.0-beta.1+build.7`. */
export const SEMANTIC_VERSION_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-(0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(\.(0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

/**
 * A string of at most `max` characters counted as JSON Schema counts them (code points: an emoji is one),
 * so that the OpenAPI document's `maxLength` and the service's check agree. (zod 4.6's own `maxLength`
 * counts code points too; this check is ours for its message and for the way it states `maxLength`,
 * see `maxCodePoints`.)
 */
export function maxCharacters<S extends z.ZodMiniString<string>>(schema: S, max: number): S {
  return schema.check(maxCodePoints(max));
}

/** The `/v1` error body (docs/decisions.md): `{"error": "<what is wrong and what to do>"}`. */
export const V1ErrorSchema = /* @__PURE__ */ lazyObject(() => openObject({ error: z.string() }));
/** The type of {@link V1ErrorSchema}. */
export type V1Error = z.output<typeof V1ErrorSchema>;

/**
 * An enum the service may extend: known values autocomplete, unknown strings still parse (the real
 * service sends values the spec does not list, and a client should not break on a new one).
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_values: T) {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {}), string>;
}

/**
 * A request field whose known values the service checks: at run time (the mock, the OpenAPI document)
 * exactly these values; in the type, these values (a typo does not compile) or a {@link CustomId}, so a
 * caller can pass a value that a newer service knows. The SDK itself sends the value unchecked.
 */
export function requestEnum<const T extends readonly [string, ...string[]]>(values: T, message = true) {
  const error = (issue: { input?: unknown }) =>
    `${JSON.stringify(issue.input)} is unknown; use one of ${values.join(', ')}`;
  return z.enum(values, message ? { error } : undefined) as unknown as z.ZodMiniType<
    T[number] | CustomId,
    T[number] | CustomId
  >;
}

/** {@link LinkSchema}, built on first use: what the client's calls and the other schemas build with. */
export const link = /* @__PURE__ */ once(() =>
  openObject({
    rel: z.string(),
    href: z.string(),
    media: z.optional(z.string()),
    title: z.optional(z.string()),
    type: z.optional(z.string()),
  }),
);
/** A hypermedia link (`rel`, `href`, optionally `media`, `title`, `type`). */
export const LinkSchema = /* @__PURE__ */ lazyObject(link);
/** The type of {@link LinkSchema}. */
export type Link = z.output<typeof LinkSchema>;

/** The five segment statuses, in workflow order. */
export const SEGMENT_STATUSES = ['NOT_TRANSLATED', 'DRAFT', 'TRANSLATED', 'PREFILLED', 'APPROVED'] as const;
/** One of {@link SEGMENT_STATUSES}. */
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

/** {@link SegmentCountsSchema}, built on first use: what the client's calls and the other schemas build with. */
export const segmentCounts = /* @__PURE__ */ once(() =>
  z.pipe(
    z.record(z.string(), nonNegativeInt()),
    z.transform(
      (counts: Record<string, number>) =>
        ({ ...Object.fromEntries(SEGMENT_STATUSES.map((s) => [s, 0])), ...counts }) as Record<SegmentStatus, number> &
          Record<string, number>,
    ),
  ),
);
/**
 * Segment counts keyed by status. The service may omit a status (count it as 0) or add one: after
 * parsing, every known status is present and unknown ones are kept.
 */
export const SegmentCountsSchema = /* @__PURE__ */ lazyObject(segmentCounts);
/** The type of {@link SegmentCountsSchema} (as parsed: defaults and renamed fields applied). */
export type SegmentCounts = z.output<typeof SegmentCountsSchema>;

/** Total segments of a status map (every status, known or not). */
export function totalSegments(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** Share of segments with `status`, from 0 to 1. A locale with no segments has nothing left to do: 1. */
export function shareOf(counts: Record<string, number>, status: SegmentStatus): number {
  const total = totalSegments(counts);
  return total === 0 ? 1 : (counts[status] ?? 0) / total;
}
