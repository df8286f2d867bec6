/**
 * When a client checks: the pause state (the install id, when the current pause began, how long it lasts
 * and why) kept in the client's storage so that a restart does not reset it, the timer of `start()`, and
 * `checkNow()`. The policy's numbers are ./policy.ts's; what one check does is ./check.ts's.
 */
import { checkOnce } from './check';
import type { OtaCheckResult } from './client';
import type { ClientContext } from './context';
import { failure } from './events';
import { pauseAfter, remainingPause } from './policy';
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
  let state: State | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;
  let inFlight: Promise<OtaCheckResult> | undefined;

  async function loadState(): Promise<State> {
    if (state) return state;
    let stored: Partial<State> | undefined;
    try {
      const text = await storage.getItem(stateKey);
      stored = text ? (JSON.parse(text) as State) : undefined;
    } catch (error) {
      events.report(failure('load', error));
    }
    state = {
      user: typeof stored?.user === 'string' && stored.user ? stored.user : uuid(random),
      since: Number(stored?.since) || 0,
      pauseMs: Number(stored?.pauseMs) || 0,
      reason: stored?.reason ?? 'interval',
      serverErrors: Number(stored?.serverErrors) || 0,
    };
    if (!stored?.user) await saveState();
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

  /**
   * What is left of the stored pause. A pause that began in the future (the clock was set back since) is
   * taken to begin now, once: it lasts its length from here, neither 0 nor the clock's jump longer.
   */
  function pauseLeft(s: State): number {
    const t = now();
    if (s.since > t) s.since = t;
    return remainingPause(s.since, s.pauseMs, t);
  }

  /** A check unless a pause forbids it, and the pause it leaves, stored. */
  async function check(asked: boolean): Promise<OtaCheckResult> {
    await ready;
    const s = await loadState();
    await releases.load();
    const left = pauseLeft(s);
    // A person's refresh (`asked`: checkNow) may end a 5xx pause early: the CDN may be back. Never a 429's:
    // that is the service's budget, which every install's early check would spend.
    if (left > 0 && (s.reason === 'rate-limited' || (s.reason === 'server-error' && !asked)))
      return { status: 'paused', until: now() + left };
    const [result, outcome] = await checkOnce(context, releases, s.user, () => stopped);
    if (result.status === 'stopped') return result;
    const pause = pauseAfter(outcome, s.serverErrors, random);
    state = { ...s, since: now(), ...pause };
    // One check reports one store failure, however many of its writes the store refused.
    await saveState(result.status === 'failed' && result.failure.stage === 'store');
    return result;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      timer = undefined;
      await checkNow(false);
      if (running) schedule(state ? pauseLeft(state) : 0);
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
        if (asked && running && state) schedule(pauseLeft(state));
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
        if (running) schedule(pauseLeft(s));
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
