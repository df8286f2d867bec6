#!/usr/bin/env node
// What a fleet of installs of @loc/sdk/ota costs the CDN: checks to POST /cdn/check per hour in steady
// state, right after a release, during a 429 storm and around a 1-hour outage, and over a whole month with
// all three, against the budget the official SDKs' sample apps would spend (one check per install per day:
// real-service-notes.md, "CDN") and against a naive loop that checks on every start. A model, not a load
// test: a sample of installs (default 20 000) runs the client's own policy code (packages/sdk/dist/ota.js:
// pauseAfter, OTA_WAKE_SPREAD_MS) on a simulated clock, and the counts are scaled to the fleet (default
// 1 000 000). Each install is one storage: its tabs and restarts share the last check's time, and the
// schedule's lock lets one of them check (packages/sdk/test/ota-schedule.test.ts holds the client to it).
// docs/benchmarks.md has the results; packages/sdk/test/ota-fleet.test.ts compares the model with a
// closed-form calculation.
//
//   node bench/ota-fleet.mjs [--installs 1000000] [--sample 20000] [--always-on] [--json]
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seededRandom } from './lib/random.mjs';

const HOUR = 3_600_000;
const MIN = 60_000;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Hours in the month the budget is for (365 × 24 ÷ 12). */
export const MONTH_HOURS = 730;

/**
 * The scenario's timeline, in hours from the start: four days of warm-up first, so that installs drift
 * apart as they do in a fleet that has run for long; then a month, whose first day is the steady state and
 * which holds a release, a 429 storm and an outage, each a few days apart.
 */
export const TIMELINE = {
  month: [96, 96 + MONTH_HOURS],
  steady: [96, 120],
  release: 144,
  afterRelease: [144, 145],
  storm: [168, 169],
  afterStorm: [169, 170],
  outage: [192, 193],
  afterOutage: [193, 194],
  end: 96 + MONTH_HOURS,
};

/**
 * What the official SDKs' sample apps would send on the same fleet: one check per install per day, an
 * hour's share of it, scaled to `installs`. The CDN budget's size is not published (spec.md §8): this is
 * what it is assumed to be sized for.
 *
 * @example budgetPerHour(1_000_000) // 41_667
 */
export function budgetPerHour(installs) {
  return Math.round(installs / 24);
}

/** A binary min-heap of events by time. */
function heap() {
  const items = [];
  return {
    get size() {
      return items.length;
    },
    push(event) {
      items.push(event);
      for (let i = items.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (items[parent].t <= items[i].t) break;
        [items[parent], items[i]] = [items[i], items[parent]];
        i = parent;
      }
    },
    pop() {
      const top = items[0];
      const last = items.pop();
      if (items.length > 0) {
        items[0] = last;
        for (let i = 0; ; ) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < items.length && items[l].t < items[m].t) m = l;
          if (r < items.length && items[r].t < items[m].t) m = r;
          if (m === i) break;
          [items[m], items[i]] = [items[i], items[m]];
          i = m;
        }
      }
      return top;
    },
  };
}

/**
 * Simulates `sample` installs and scales to `installs`. Each install's app runs in sessions that start
 * as a Poisson process (`sessionsPerDay`) and last `sessionMinutes` (`alwaysOn`: one session that never
 * ends, as a Node server or a tab left open); a session has `startsPerSession` starts (page loads), spread
 * evenly. The policy checks at a session's start when its stored pause is over, and while the app runs when
 * the pause ends (plus the client's wake-up spread); the naive loop checks on every start. The CDN answers
 * by the timeline: 204, then 200 once per install after the release, 429 (no Retry-After) in the storm,
 * 503 in the outage. `intervalMs` is the client's `checkIntervalMs` (default the client's).
 */
export async function simulateFleet({
  installs = 1_000_000,
  sample = 20_000,
  sessionsPerDay = 3,
  sessionMinutes = 10,
  startsPerSession = 10,
  alwaysOn = false,
  timeline = TIMELINE,
  intervalMs,
  seed = 24,
  policy,
} = {}) {
  const { pauseAfter, OTA_WAKE_SPREAD_MS } =
    policy ?? (await import(pathToFileURL(join(root, 'packages/sdk/dist/ota.js')).href));
  const random = seededRandom(seed);
  const meanInterval = pauseAfter({ kind: 'ok' }, 0, () => 0.5, intervalMs).pauseMs;
  const exponential = (mean) => -Math.log(1 - random()) * mean;
  const end = timeline.end * HOUR;
  const events = heap();
  // Requests per whole hour of the timeline, for the policy and for the naive loop; downloads too.
  const hours = Math.ceil(timeline.end);
  const checks = new Float64Array(hours);
  const naive = new Float64Array(hours);
  const downloads = new Float64Array(hours);
  const within = (t, [from, to]) => t >= from * HOUR && t < to * HOUR;
  const answer = (t, install) => {
    if (timeline.storm && within(t, timeline.storm)) return { status: 429 };
    if (timeline.outage && within(t, timeline.outage)) return { status: 503 };
    if (timeline.release !== undefined && t >= timeline.release * HOUR && !install.updated) return { status: 200 };
    return { status: 204 };
  };
  const state = [];
  for (let i = 0; i < sample; i++) {
    state.push({ since: 0, pauseMs: 0, serverErrors: 0, sessionEnd: -1, timer: 0, updated: false });
    // Servers start spread over one mean interval (as if they had run for long): no wave at the start.
    if (alwaysOn) events.push({ t: random() * meanInterval, i, kind: 'session' });
    else events.push({ t: exponential((24 * HOUR) / sessionsPerDay), i, kind: 'session' });
  }
  const running = (install, t) => alwaysOn || t < install.sessionEnd;
  const count = (array, t) => {
    if (t < end) array[Math.floor(t / HOUR)] += 1;
  };

  /** One check: its request, the answer, and the pause it leaves (the client sends each check once). */
  function check(install, i, t) {
    count(checks, t);
    const { status } = answer(t, install);
    if (status === 200) {
      install.updated = true;
      count(downloads, t);
    }
    const outcome =
      status === 429 ? { kind: 'rate-limited' } : status >= 500 ? { kind: 'server-error' } : { kind: 'ok' };
    const pause = pauseAfter(outcome, install.serverErrors, random, intervalMs);
    install.since = t;
    install.pauseMs = pause.pauseMs;
    install.serverErrors = pause.serverErrors;
    wake(install, i, t + pause.pauseMs);
  }

  /** The timer of a running app: the end of the pause, plus the client's random wake-up spread. */
  function wake(install, i, due) {
    const t = due + random() * OTA_WAKE_SPREAD_MS;
    if (running(install, t)) events.push({ t, i, kind: 'timer', token: ++install.timer });
  }

  while (events.size > 0) {
    const event = events.pop();
    const { t, i } = event;
    if (t >= end) break;
    const install = state[i];
    switch (event.kind) {
      case 'session': {
        if (!alwaysOn) {
          install.sessionEnd = t + sessionMinutes * MIN;
          for (let s = 0; s < startsPerSession; s++) count(naive, t + (s * sessionMinutes * MIN) / startsPerSession);
          events.push({ t: t + exponential((24 * HOUR) / sessionsPerDay), i, kind: 'session' });
        } else count(naive, t);
        const due = install.since + install.pauseMs;
        if (t >= due) check(install, i, t);
        else wake(install, i, due);
        break;
      }
      case 'timer':
        if (event.token !== install.timer || !running(install, t)) break;
        if (t >= install.since + install.pauseMs) check(install, i, t);
        break;
    }
  }

  const scale = installs / sample;
  const sum = (array, [from, to]) => {
    let total = 0;
    for (let h = from; h < to; h++) total += array[h];
    return total * scale;
  };
  const perHour = (array, window) => Math.round(sum(array, window) / (window[1] - window[0]));
  const windows = {
    steady: timeline.steady,
    afterRelease: timeline.afterRelease,
    storm: timeline.storm,
    afterStorm: timeline.afterStorm,
    outage: timeline.outage,
    afterOutage: timeline.afterOutage,
  };
  const result = {};
  for (const [name, window] of Object.entries(windows)) {
    if (!window) continue;
    result[name] = {
      checksPerHour: perHour(checks, window),
      naivePerHour: perHour(naive, window),
      downloadsPerHour: perHour(downloads, window),
    };
  }
  if (timeline.month) {
    const budget = budgetPerHour(installs) * (timeline.month[1] - timeline.month[0]);
    result.month = {
      checks: Math.round(sum(checks, timeline.month)),
      budget,
      naive: Math.round(sum(naive, timeline.month)),
    };
  }
  return result;
}

const LABELS = {
  steady: 'steady state (a day, all 204)',
  afterRelease: 'the hour after a release',
  storm: 'during a 1-hour 429 storm',
  afterStorm: 'the hour after the storm',
  outage: 'during a 1-hour outage (503)',
  afterOutage: 'the hour after the outage',
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const alwaysOn = process.argv.includes('--always-on');
  const hours = arg('interval-hours', undefined);
  const options = {
    installs: arg('installs', 1_000_000),
    sample: arg('sample', 20_000),
    alwaysOn,
    intervalMs: hours === undefined ? undefined : hours * HOUR,
  };
  const result = await simulateFleet(options);
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    const n = (x) => x.toLocaleString('en-US');
    console.log(
      `${n(options.installs)} installs (sample ${n(options.sample)}), ${alwaysOn ? 'always running (servers, open tabs), started once' : '3 sessions a day of 10 minutes, 10 starts (page loads) each'}, checkIntervalMs ${hours === undefined ? 'default (a day)' : `${hours} h`}\n`,
    );
    console.log('| moment | @loc/sdk/ota checks/hour | naive (check on every start)/hour | downloads/hour |');
    console.log('|---|---:|---:|---:|');
    const { month, ...moments } = result;
    for (const [name, r] of Object.entries(moments))
      console.log(
        `| ${LABELS[name]} | ${n(r.checksPerHour)} | ${alwaysOn ? '—' : n(r.naivePerHour)} | ${n(r.downloadsPerHour)} |`,
      );
    console.log(
      `\nA month with a release, a storm and an outage: ${n(month.checks)} checks, ${(month.checks / month.budget).toFixed(2)}× the budget of one check per install per day (${n(month.budget)})`,
    );
  }
}
