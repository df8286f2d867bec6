// The poll loop's timing is its subject, so these tests run on fake timers: the waits are exact and no
// outcome depends on how busy the machine is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../base/errors';
import { pollUntil } from './poll';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Polls that answer `false` until the `doneAt`-th one, recording when each began (fake time). */
function recorder(doneAt: number) {
  const at: number[] = [];
  const poll = async () => {
    at.push(Date.now());
    return at.length >= doneAt;
  };
  return { at, poll };
}

const onTimeout = (ms: number) => new TimeoutError(`not done within ${ms} ms`, ms);

describe('pollUntil', () => {
  it('waits the first interval, grows it by half each poll, and stops at the cap', async () => {
    const { at, poll } = recorder(6);
    const done = pollUntil(poll, (v) => v, { intervalMs: 40, maxIntervalMs: 90, onTimeout });
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBe(true);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps).toEqual([40, 60, 90, 90, 90]);
  });

  it('cuts the last wait to the deadline, looks once more, then throws what onTimeout makes', async () => {
    const { at, poll } = recorder(Number.POSITIVE_INFINITY);
    const done = pollUntil(poll, (v) => v, { intervalMs: 100, maxIntervalMs: 100, timeoutMs: 250, onTimeout });
    const settled = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await settled;
    expect(error).toBeInstanceOf(TimeoutError);
    // Polls at 0, 100 and 200; the next wait is cut to the 50 ms left; one last poll at the deadline.
    expect(at.map((t) => t - at[0]!)).toEqual([0, 100, 200, 250]);
  });

  it('stops waiting as soon as the caller aborts', async () => {
    const { at, poll } = recorder(Number.POSITIVE_INFINITY);
    const controller = new AbortController();
    const done = pollUntil(poll, (v) => v, { intervalMs: 60_000, signal: controller.signal, onTimeout }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toHaveLength(1);
    controller.abort();
    expect(await done).toBeInstanceOf(AbortError);
    expect(at).toHaveLength(1);
  });
});
