/**
 * A small seeded generator (mulberry32): the same numbers from the same seed on every machine and run, for
 * the scale seed's data and the fleet simulation's installs.
 * @example const next = seededRandom(42); next(); // 0.6011037519201636
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
