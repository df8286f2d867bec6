import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, parseDuration } from './duration';

describe('parseDuration: the one duration rule of loc and loc-mock', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['1.5s', 1500],
    ['10m', 600_000],
    ['10min', 600_000],
    ['1h', 3_600_000],
    [' 2 s ', 2000],
    ['0s', 0],
    ['0ms', 0],
    ['0.4ms', 0],
  ])('%j is %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it('reads a bare number as seconds, never as milliseconds', () => {
    expect(parseDuration('2')).toBe(2000);
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('0')).toBe(0);
  });

  it.each(['', 'soon', '-5s', '10 days', '5d', 'NaN', 'Infinity', '1e3', '1,5s', '.5s', '5 s s'])(
    'refuses %j, quoting it',
    (text) => {
      expect(() => parseDuration(text)).toThrow(
        new RangeError(
          `${JSON.stringify(text)} is not a duration: use 500ms, 90s, 10m or 1h (a bare number is seconds).`,
        ),
      );
    },
  );

  it('refuses what a timer cannot wait', () => {
    expect(parseDuration(`${MAX_TIMER_MS}ms`)).toBe(MAX_TIMER_MS);
    expect(() => parseDuration(`${MAX_TIMER_MS + 1}ms`)).toThrow(/longer than a timer can wait/);
    expect(() => parseDuration('1000h')).toThrow(/"1000h" is longer than a timer can wait/);
  });
});
