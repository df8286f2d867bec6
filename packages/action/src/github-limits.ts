/**
 * GitHub's limits on what the Action hands over: a pull request body (65,536 characters; a longer one is
 * refused with 422), a step summary and an output (1 MiB each). All are counted here in UTF-8 bytes, never
 * fewer than characters. The summary is short by design (N keys per kind), but key names have no limit.
 */
export const LIMITS = {
  body: { bytes: 65_536, shown: '65,536 characters for a pull request body' },
  summary: { bytes: 1024 * 1024, shown: '1 MiB for a step summary' },
  output: { bytes: 1024 * 1024, shown: '1 MiB for an output' },
};

/**
 * `markdown` cut at a line to fit in the limit, saying so and where to see the rest, when it is longer.
 *
 * @example fitted(summary, LIMITS.body, 'The step summary holds more.')
 */
export function fitted(markdown: string, limit: { bytes: number; shown: string }, rest: string): string {
  if (Buffer.byteLength(markdown) <= limit.bytes) return markdown;
  const note = `\n\n_The summary is cut here, at GitHub's limit (${limit.shown}). ${rest}_\n`;
  // A character split at the cut decodes to U+FFFD: cutting at the last whole line drops it.
  const room = Buffer.from(markdown)
    .subarray(0, Math.max(0, limit.bytes - Buffer.byteLength(note)))
    .toString('utf8');
  const cut = room.lastIndexOf('\n');
  return `${cut > 0 ? room.slice(0, cut) : room.replace(/\uFFFD$/, '')}${note}`;
}
