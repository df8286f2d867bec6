import { describe, expect, it } from 'vitest';
import { firstSorted } from './first-keys';

describe('firstSorted', () => {
  // The plain way, which it replaces: every distinct value sorted, then the first n.
  const plain = (values: string[], n: number) => [...new Set(values)].sort().slice(0, n);

  it('gives what sorting every distinct value would, for any n (a fixed-seed property test)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 300; round++) {
      const values = Array.from({ length: Math.floor(random() * 60) }, () =>
        ['a', 'b', 'B', 'a.b', 'é', 'z', '10', '9', ''][Math.floor(random() * 9)]!.repeat(1 + Math.floor(random() * 3)),
      );
      const n = Math.floor(random() * 12);
      expect(firstSorted(values, n)).toEqual(plain(values, n));
    }
  });

  it('keeps each value once and gives nothing for n ≤ 0', () => {
    expect(firstSorted(['b', 'a', 'b', 'a', 'c'], 2)).toEqual(['a', 'b']);
    expect(firstSorted(['b', 'a'], 0)).toEqual([]);
    expect(firstSorted([], 5)).toEqual([]);
  });
});
