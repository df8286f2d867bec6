// The fleet model of bench/ota-fleet.mjs against closed-form numbers, so that docs/benchmarks.md's
// requests-per-hour rest on a model that is right where it can be checked by hand; and the budget the
// benchmark holds the default schedule to: one check per install per day, the official SDKs' sample apps'.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of bench/, without types
import { budgetPerHour, MONTH_HOURS, simulateFleet, TIMELINE } from '../../../bench/ota-fleet.mjs';
import * as policy from '../src/ota/policy';

const HOUR_MS = 3_600_000;
/** Mean of the wait after an answer: a day stretched by a uniform 0–20 %, plus a mean 15 s of wake-up spread. */
const MEAN_INTERVAL_H = 24 * 1.1 + 15 / 3600;
const installs = 1_000_000;

describe('bench/ota-fleet.mjs agrees with a closed-form calculation', () => {
  it('always-on installs (servers, open tabs), all 204: installs ÷ 26.4 h per hour', async () => {
    const result = await simulateFleet({
      installs,
      sample: 10_000,
      alwaysOn: true,
      timeline: { steady: [60, 180], end: 180 },
      policy,
    });
    expect(Math.abs(result.steady.checksPerHour / (installs / MEAN_INTERVAL_H) - 1)).toBeLessThan(0.02);
  });

  it('short sessions (Poisson, 3 a day), all 204: 1 ÷ (mean interval + mean wait for the next start) per install', async () => {
    const result = await simulateFleet({
      installs,
      sample: 10_000,
      sessionsPerDay: 3,
      sessionMinutes: 0.001,
      startsPerSession: 1,
      timeline: { steady: [96, 336], end: 336 },
      policy,
    });
    // After a check the next one comes at the first session start after the interval: by the Poisson
    // process's memorylessness, the interval plus a mean 24 h ÷ 3 = 8 h.
    expect(Math.abs(result.steady.checksPerHour / (installs / (MEAN_INTERVAL_H + 24 / 3)) - 1)).toBeLessThan(0.02);
    // The naive loop checks on every start: 3 a day per install.
    expect(Math.abs(result.steady.naivePerHour / ((installs * 3) / 24) - 1)).toBeLessThan(0.02);
  });

  it('a 429 storm and a 503 outage cost nothing above the steady rate: the month is the month without them', async () => {
    const run = (timeline: object) =>
      simulateFleet({ installs, sample: 2_000, alwaysOn: true, timeline, policy, seed: 7 });
    const calm = await run({ month: TIMELINE.month, end: TIMELINE.end });
    const stormy = await run({ ...TIMELINE, release: undefined });
    expect(Math.abs(stormy.month.checks / calm.month.checks - 1)).toBeLessThan(0.005);
  });
});

describe('the default schedule stays within the budget of the official SDKs’ sample apps (one check a day)', () => {
  it('the budget: installs ÷ 24 per hour, 730 hours a month', () => {
    expect(budgetPerHour(installs)).toBe(41_667);
    expect(MONTH_HOURS).toBe(730);
  });

  it.each([
    ['web installs', false],
    ['servers and open tabs', true],
  ])('%s: a month with a release, a 429 storm and an outage, within 1.01× of the budget', async (_name, alwaysOn) => {
    const { month } = await simulateFleet({ installs, sample: 2_000, alwaysOn, policy });
    expect(month.budget).toBe(budgetPerHour(installs) * MONTH_HOURS);
    expect(month.checks / month.budget).toBeLessThanOrEqual(1.01);
  });

  it('an app that asks for a check an hour spends ~22× that budget (docs/ota.md, "What a shorter interval costs")', async () => {
    const { steady } = await simulateFleet({
      installs,
      sample: 2_000,
      alwaysOn: true,
      intervalMs: HOUR_MS,
      timeline: { steady: [4, 28], end: 28 },
      policy,
    });
    // 1 ÷ (1.1 h + 15 s) per install and hour, against 1 ÷ 24 h.
    expect(steady.checksPerHour / budgetPerHour(installs)).toBeCloseTo(24 / (1.1 + 15 / 3600), 0);
  });
});
