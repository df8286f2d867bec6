/**
 * The first `n` distinct values in sort order (code units, as `<` compares strings), without sorting
 * them all: a summary names 10 keys of a locale's 10,000, and sorting every locale's keys was a quarter
 * of the summary's time at the scale seed's size.
 *
 * @example firstSorted(['b', 'a', 'b', 'c'], 2) // ['a', 'b']
 */
export function firstSorted(values: Iterable<string>, n: number): string[] {
  const first: string[] = [];
  if (n <= 0) return first;
  for (const value of values) {
    if (first.length === n && value >= first[n - 1]!) continue;
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (first[middle]! < value) low = middle + 1;
      else high = middle;
    }
    if (first[low] === value) continue;
    first.splice(low, 0, value);
    if (first.length > n) first.pop();
  }
  return first;
}
