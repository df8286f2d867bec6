import { describe, expect, it } from 'vitest';
import { fitted, LIMITS } from '../src/github-limits';

describe('fitted: a summary within what GitHub takes', () => {
  const line = (i: number) => `- changed (1): \`screen.${'k'.repeat(200)}_${i}\` — ünïcödé ✓`;
  const long = Array.from({ length: 2000 }, (_, i) => line(i)).join('\n');

  it('leaves a summary that fits as it is', () => {
    expect(fitted('### web: no change\n', LIMITS.body, 'x')).toBe('### web: no change\n');
  });

  it('cuts a longer one at a whole line, within the limit in bytes, and says where the rest is', () => {
    expect(Buffer.byteLength(long)).toBeGreaterThan(LIMITS.body.bytes);
    const cut = fitted(long, LIMITS.body, 'The step summary holds more.');
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(LIMITS.body.bytes);
    expect(cut).toMatch(
      /_The summary is cut here, at GitHub's limit \(65,536 characters for a pull request body\)\. The step summary holds more\._\n$/,
    );
    const kept = cut.slice(0, cut.indexOf('\n\n_The summary is cut here'));
    // Every line kept is a whole line of the summary, none split (no U+FFFD from a split character).
    expect(long.startsWith(`${kept}\n`)).toBe(true);
    expect(kept).not.toContain('\uFFFD');
    expect(kept.split('\n').length).toBeGreaterThan(100);
  });

  it('cuts a summary of one long line without a broken character', () => {
    const one = 'ü'.repeat(LIMITS.body.bytes);
    const cut = fitted(one, LIMITS.body, 'More elsewhere.');
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(LIMITS.body.bytes);
    expect(cut).not.toContain('\uFFFD');
    expect(cut.startsWith('üü')).toBe(true);
  });
});
