import { describe, expect, it } from 'vitest';
import { collectList, parseCount, parsePercent, parseTimeout } from './option-values';

// The rule itself is @loc/sdk's parseDuration (its tests: packages/sdk/src/base/duration.test.ts).
describe('parseTimeout', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['10min', 600_000],
    ['2', 2000], // a bare number is seconds: the one rule
  ])('%s is %i ms', (text, ms) => expect(parseTimeout(text)).toBe(ms));

  it.each(['', 'soon', '-5s', '10 days', 'NaN', 'Infinity', '1e3'])(
    'refuses %j, naming the forms a duration takes',
    (text) => {
      expect(() => parseTimeout(text)).toThrow(
        /is not a duration: use 500ms, 90s, 10m or 1h \(a bare number is seconds\)/,
      );
    },
  );

  it.each(['0', '0s', '0.4ms'])('refuses %j: a deadline must be above zero', (text) => {
    expect(() => parseTimeout(text)).toThrow(/above zero/);
  });

  it('refuses what a timer cannot wait', () => {
    expect(() => parseTimeout('1000h')).toThrow(/longer than a timer can wait/);
  });
});

describe('parsePercent', () => {
  it.each([
    ['95', 0.95],
    ['95%', 0.95],
    ['0', 0],
    ['100 %', 1],
  ])('%s is %d', (text, share) => expect(parsePercent(text)).toBeCloseTo(share));
  it.each(['101', '-1', 'lots', ''])('refuses %j', (text) => expect(() => parsePercent(text)).toThrow(/percentage/));
});

describe('collectList', () => {
  it('splits, trims, appends and drops repeats', () => {
    expect(collectList(' fr , it,de', ['de'])).toEqual(['de', 'fr', 'it']);
  });
  it('refuses an empty list', () => expect(() => collectList(' , ')).toThrow(/at least one/));
});

describe('parseCount', () => {
  it('takes whole numbers in the range', () => expect(parseCount(0, 100)('20')).toBe(20));
  it.each(['-1', '101', '2.5', 'ten', '', '1e2'])('refuses %j, naming the range', (text) =>
    expect(() => parseCount(0, 100)(text)).toThrow(/Expected a whole number from 0 to 100/),
  );
});
