import { describe, expect, it } from 'vitest';
import { gateOf, perLocale, rowOf } from './progress-rows';

const fileRows = [
  rowOf('app', 'de', { APPROVED: 9, NOT_TRANSLATED: 1 }, 'a.json'),
  rowOf('app', 'de', { APPROVED: 1, NOT_TRANSLATED: 9 }, 'b.json'),
  rowOf('app', 'fr', { APPROVED: 10 }, 'a.json'),
];

describe('progress rows', () => {
  it('counts shares, a locale without segments as done', () => {
    expect(rowOf('app', 'de', { APPROVED: 1, TRANSLATED: 1, DRAFT: 2 })).toMatchObject({
      segments: 4,
      approved: 0.25,
      translated: 0.5,
    });
    expect(rowOf('app', 'de', {}).approved).toBe(1);
  });

  it('sums files into one row per locale', () => {
    expect(perLocale(fileRows).map((r) => [r.locale, r.approved])).toEqual([
      ['de', 0.5],
      ['fr', 1],
    ]);
  });

  it('gates per locale, whatever rows are shown', () => {
    const gate = gateOf(perLocale(fileRows), [{ measure: 'approved', threshold: 0.5 }], true);
    // Per file, b.json (10 %) would fail; per locale de is at 50 %: it passes.
    expect(gate).toMatchObject({ passed: true, failing: [] });
    const strict = gateOf(perLocale(fileRows), [{ measure: 'approved', threshold: 0.6 }], false);
    expect(strict?.failing.map((f) => f.name)).toEqual(['app/de']);
  });

  it('has no gate without a threshold', () => expect(gateOf(fileRows, [], true)).toBeUndefined());
});
