/**
 * GitHub's limits on what the Action hands over: a pull request body (65,536 characters; a longer one is
 * refused with 422), a step summary and an output (1 MiB each). Counted here in UTF-8 bytes, never fewer
 * than characters. The summary is short by design (N keys per kind), but key names have no length limit.
 */
export const LIMITS = { body: 65_536, summary: 1024 * 1024, output: 1024 * 1024 };

/**
 * `markdown` cut at a line to fit in `limit` bytes, saying so and where to see the rest, when it is longer.
 *
 * @example fitted(summary, LIMITS.body, 'The step summary holds more.')
 */
export function fitted(markdown: string, limit: number, rest: string): string {
  if (Buffer.byteLength(markdown) <= limit) return markdown;
  const note = `\n\n_The summary is cut here: it is longer than GitHub takes (${limit.toLocaleString('en-US')} bytes). ${rest}_\n`;
  // A character split at the cut decodes to U+FFFD: cutting at the last whole line drops it.
  const room = Buffer.from(markdown)
    .subarray(0, Math.max(0, limit - Buffer.byteLength(note)))
    .toString('utf8');
  const cut = room.lastIndexOf('\n');
  return `${cut > 0 ? room.slice(0, cut) : room.replace(/\uFFFD$/, '')}${note}`;
}
