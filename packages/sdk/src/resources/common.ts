import { z } from 'zod';

/**
 * An enum the service may extend: known values autocomplete, unknown strings still parse (the real
 * service sends values the spec does not list, and a client should not break on a new one).
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string() as unknown as z.ZodType<T[number] | (string & {}), string>;
}

/** A hypermedia link (`rel`, `href`, optionally `media`, `title`, `type`). */
export const LinkSchema = z.looseObject({
  rel: z.string(),
  href: z.string(),
  media: z.string().optional(),
  title: z.string().optional(),
  type: z.string().optional(),
});
export type Link = z.infer<typeof LinkSchema>;

/** The five segment statuses of spec.md 2.2, in workflow order. */
export const SEGMENT_STATUSES = ['NOT_TRANSLATED', 'DRAFT', 'TRANSLATED', 'PREFILLED', 'APPROVED'] as const;
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

/**
 * Segment counts keyed by status. The service may omit a status (count it as 0) or add one: after
 * parsing, every known status is present and unknown ones are kept.
 */
export const SegmentCountsSchema = z
  .record(z.string(), z.number().int().nonnegative())
  .transform(
    (counts) =>
      ({ ...Object.fromEntries(SEGMENT_STATUSES.map((s) => [s, 0])), ...counts }) as Record<SegmentStatus, number> &
        Record<string, number>,
  );
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
