import { describe, expect, it } from 'vitest';
import { collectList, parseDuration, parsePercent } from './option-values';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['10m', 600_000],
    ['10min', 600_000],
    ['1h', 3_600_000],
    ['1.5s', 1500],
    ['2', 2000], // a bare number is seconds: the one rule
  ])('%s is %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '0', '0s', '-5s', 'soon', '10 days', 'NaN', 'Infinity', '1e3'])('refuses %j', (text) => {
    expect(() => parseDuration(text)).toThrow(/duration/);
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
