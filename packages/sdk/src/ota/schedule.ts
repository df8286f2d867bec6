/**
 * When a client checks: the pause state (the install id, when the current pause began, how long it lasts
 * and why) kept in the client's storage so that a restart does not reset it, the timer of `start()`, and
 * `checkNow()`. The policy's numbers are ./policy.ts's; what one check does is ./check.ts's.
 */
import { checkOnce } from './check';
import type { OtaCheckResult } from './client';
import type { ClientContext } from './context';
import { failure } from './events';
import { exclusively } from './lock';
import { OTA_CHECK_INTERVAL_MS, OTA_WAKE_SPREAD_MS, pauseAfter, remainingPause } from './policy';
import type { Releases } from './releases';

/** The pause state, stored so that a restart does not reset it. */
interface State {
  user: string;
  /** When the current pause began, its length and why. */
  since: number;
  pauseMs: number;
  reason: 'interval' | 'server-error' | 'rate-limited';
  serverErrors: number;
}

/** The schedule of one client: what its `ready`, `checkNow()`, `start()` and `stop()` do. */
export interface Schedule {
  /** Resolves once the stored release is loaded and the install id read (or made); never rejects. */
  ready: Promise<void>;
  checkNow(asked?: boolean): Promise<OtaCheckResult>;
  start(): void;
  stop(): void;
}

/**
 * The schedule part of a client, over its releases.
 *
 * @example const { ready, checkNow, start, stop } = createSchedule(context, releases);
 */
export function createSchedule(context: ClientContext, releases: Releases): Schedule {
  const { storage, now, random, events } = context;
  const stateKey = `${context.prefix}state`;
  const intervalMs = context.options.checkIntervalMs ?? OTA_CHECK_INTERVAL_MS;
  let state: State | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;
  let inFlight: Promise<OtaCheckResult> | undefined;

  /**
   * The stored state, read again at each check: another tab or process sharing the store may have checked
   * since. What cannot be read (a store that throws, damaged data) leaves the state in memory; only the
   * first such read is reported. The install id is made, and stored, on a first start.
   */
  async function loadState(): Promise<State> {
    let stored: Partial<State> | undefined;
    try {
      const text = await storage.getItem(stateKey);
      stored = text ? (JSON.parse(text) as State) : undefined;
    } catch (error) {
      if (!state) events.report(failure('load', error));
    }
    if (state && !stored?.user) return state;
    const t = now();
    state = {
      user: typeof stored?.user === 'string' && stored.user ? stored.user : uuid(random),
      since: Number(stored?.since) || 0,
      pauseMs: Number(stored?.pauseMs) || 0,
      reason: stored?.reason ?? 'interval',
      serverErrors: Number(stored?.serverErrors) || 0,
    };
    // A pause that began in the future (the clock was set back since) is taken to begin now, once, and
    // stored so: it lasts its length from here, neither 0 nor the clock's jump longer, in every tab.
    const setBack = state.since > t;
    if (setBack) state.since = t;
    // A first start (no install id stored yet, nor in memory: see above) stores its install id.
    if (!stored?.user || setBack) await saveState();
    return state;
  }

  /**
   * Writes the pause state. A failure is reported unless `quiet`: a check whose release could not be stored
   * has reported its store failure already, and a full store refuses the state write right after it too (in
   * Chromium, whether it does depends on when its quota bookkeeping catches up), so one failed store would
   * otherwise be reported once or twice by timing.
   */
  async function saveState(quiet = false): Promise<void> {
    try {
      await storage.setItem(stateKey, JSON.stringify(state));
    } catch (error) {
      if (!quiet) events.report(failure('store', error));
    }
  }

  /** What is left of the pause `s` holds. */
  const pauseLeft = (s: State) => remainingPause(s.since, s.pauseMs, now());

  /**
   * A check unless a pause forbids it, and the pause it leaves, stored. A check of the schedule runs under
   * the store's lock (./lock.ts): of the tabs or processes that wake together, the first checks and the
   * others then read its pause. Before it is sent, the check is claimed in the store (the interval's pause,
   * written first): a tab that opens meanwhile, or a process that crashes during the check, waits the interval.
   */
  async function check(asked: boolean): Promise<OtaCheckResult> {
    await ready;
    return asked ? decideAndCheck(true) : exclusively(context.prefix, () => decideAndCheck(false));
  }

  async function decideAndCheck(asked: boolean): Promise<OtaCheckResult> {
    const s = await loadState();
    await releases.load();
    const left = pauseLeft(s);
    // The schedule waits out every pause. A person's refresh (`asked`: checkNow) does not wait for the
    // interval, and may end a 5xx pause early (the CDN may be back); never a 429's: that is the service's
    // budget, which every install's early check would spend.
    if (left > 0 && (!asked || s.reason === 'rate-limited')) return { status: 'paused', until: now() + left };
    state = { ...s, since: now(), ...pauseAfter({ kind: 'ok' }, s.serverErrors, random, intervalMs) };
    // The claim: quiet, as a store that refuses it refuses the state after the check too, which is reported.
    await saveState(true);
    const [result, outcome] = await checkOnce(context, releases, s.user, () => stopped);
    if (result.status === 'stopped') return result;
    state = { ...s, since: now(), ...pauseAfter(outcome, s.serverErrors, random, intervalMs) };
    // One check reports one store failure, however many of its writes the store refused.
    await saveState(result.status === 'failed' && result.failure.stage === 'store');
    return result;
  }

  /** When to wake for the next check: at the end of the pause, spread a little (OTA_WAKE_SPREAD_MS). */
  function wakeAfter(s: State): number {
    const left = pauseLeft(s);
    return left && left + random() * OTA_WAKE_SPREAD_MS;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      timer = undefined;
      await checkNow(false);
      if (running) schedule(wakeAfter(state!));
    }, delayMs);
    // The schedule alone does not keep a Node process alive (a script that is done can exit).
    (timer as { unref?: () => void }).unref?.();
  }

  function checkNow(asked = true): Promise<OtaCheckResult> {
    if (stopped) return Promise.resolve({ status: 'stopped' });
    inFlight ??= check(asked)
      .catch((error: unknown) => ({ status: 'failed' as const, failure: events.report(failure('check', error)) }))
      .finally(() => {
        inFlight = undefined;
        // The schedule counts from the pause this check left, not from the one it may have ended.
        if (asked && running) schedule(wakeAfter(state!));
      });
    return inFlight;
  }

  // The stored release is loaded (and the install id made) before anything checks.
  const ready = (async () => {
    await releases.load(true);
    await loadState();
  })();

  return {
    ready,
    checkNow,
    start() {
      if (running || stopped) return;
      running = true;
      void ready.then(async () => {
        const s = await loadState();
        if (running) schedule(wakeAfter(s));
      });
    },
    stop() {
      running = false;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

function uuid(random: () => number): string {
  if (typeof crypto !== 'undefined' && crypto.randomUUID) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) =>
    ((c === 'x' ? random() * 16 : 8 + random() * 4) | 0).toString(16),
  );
}
