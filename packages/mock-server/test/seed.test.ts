// parseSeed makes one deep copy of a seed: `loc-mock --seed` parses the file, then the store is given that.
import { describe, expect, it } from 'vitest';
import { demoSeed, parseSeed } from '../src';

describe('parseSeed', () => {
  it('returns a seed it parsed as it is, and parses anything else', () => {
    const seed = parseSeed(demoSeed());
    expect(parseSeed(seed)).toBe(seed);
    const copy = structuredClone(seed);
    expect(parseSeed(copy)).not.toBe(copy);
    expect(parseSeed(copy)).toEqual(seed);
    expect(() => parseSeed({ ...copy, workspaces: [{ slug: 'Not A Slug', name: 'x' }] })).toThrow(
      /\$\.workspaces\[0\]\.slug/,
    );
  });
});
