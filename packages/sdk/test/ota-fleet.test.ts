// The fleet model of bench/ota-fleet.mjs against closed-form numbers, so that docs/benchmarks.md's
// requests-per-hour rest on a model that is right where it can be checked by hand.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of bench/, without types
import { simulateFleet } from '../../../bench/ota-fleet.mjs';
import * as policy from '../src/ota/policy';

/** Mean of the interval after an answer: 15 min stretched by a uniform 0–20 % → 16.5 min, in hours. */
const MEAN_INTERVAL_H = (15 * 1.1) / 60;
const installs = 1_000_000;

describe('bench/ota-fleet.mjs agrees with a closed-form calculation', () => {
  it('always-on installs (servers), all 204: installs ÷ 16.5 min per hour', async () => {
    const result = await simulateFleet({
      installs,
      sample: 10_000,
      alwaysOn: true,
      timeline: { steady: [1, 5], end: 5 },
      policy,
    });
    const expected = installs / MEAN_INTERVAL_H;
    expect(Math.abs(result.steady.checksPerHour / expected - 1)).toBeLessThan(0.015);
  });

  it('short sessions (Poisson, 3 a day), all 204: 1 ÷ (mean interval + mean wait for the next start) per install', async () => {
    const result = await simulateFleet({
      installs,
      sample: 20_000,
      sessionsPerDay: 3,
      sessionMinutes: 0.001,
      startsPerSession: 1,
      timeline: { steady: [48, 96], end: 96 },
      policy,
    });
    // After a check the next one comes at the first session start after the interval: by the Poisson
    // process's memorylessness, the interval plus a mean 24 h ÷ 3 = 8 h.
    const expected = installs / (MEAN_INTERVAL_H + 24 / 3);
    expect(Math.abs(result.steady.checksPerHour / expected - 1)).toBeLessThan(0.02);
    // The naive loop checks on every start: 3 a day per install.
    expect(Math.abs(result.steady.naivePerHour / ((installs * 3) / 24) - 1)).toBeLessThan(0.02);
  });

  it('always-on installs in a 1-hour 429 storm: exactly one check per install in the storm hour', async () => {
    const result = await simulateFleet({
      installs,
      sample: 10_000,
      alwaysOn: true,
      timeline: { storm: [2, 3], afterStorm: [3, 4], end: 4 },
      policy,
    });
    expect(result.storm.checksPerHour).toBe(installs);
    // Each comes back 1 hour after its 429, spread as they were: no burst above the steady rate after it.
    expect(result.afterStorm.checksPerHour).toBeLessThan((installs / MEAN_INTERVAL_H) * 1.02);
  });
});
