import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ELAPSED_TICK_MS, HEARTBEAT_MS, plainProgress, spinnerProgress } from './progress';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T06:00:00Z') });
});
afterEach(() => vi.useRealTimers());

/** The lines written, with the fake time at which each came. */
function recorder() {
  const lines: { at: number; line: string }[] = [];
  return { lines, write: (line: string) => lines.push({ at: Date.now(), line }) };
}

describe('plain progress in CI logs', () => {
  it('prints a line at least every 30 s while a wait goes on without milestones', () => {
    const { lines, write } = recorder();
    const progress = plainProgress(write, 'Export reg_1: PROCESSING');
    const start = Date.now();
    // polls every 4 s change the text but are no milestones: only the heartbeat prints them
    for (let t = 4_000; t <= 125_000; t += 4_000) {
      vi.advanceTimersByTime(4_000);
      progress.update(`Export reg_1: PROCESSING (${t / 1000} s)`);
    }
    const times = [start, ...lines.map((l) => l.at)];
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(HEARTBEAT_MS);
    expect(lines[1]?.line).toMatch(/^Export reg_1: PROCESSING \(\d+ s\)$/);
    progress.succeed('ready');
    expect(lines.at(-1)?.line).toBe('ready');
    const count = lines.length;
    vi.advanceTimersByTime(10 * HEARTBEAT_MS);
    expect(lines.length).toBe(count);
  });

  it('says how long it has been when the text did not move (a stalled download)', () => {
    const { lines, write } = recorder();
    const progress = plainProgress(write, 'Downloading…');
    progress.update('Downloading 1.0 MB');
    vi.advanceTimersByTime(HEARTBEAT_MS);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(lines.map((l) => l.line)).toEqual([
      'Downloading…',
      'Downloading 1.0 MB',
      'Downloading 1.0 MB (1 min 00 s so far)',
    ]);
    progress.stop();
  });

  it('with steps off (--json) prints nothing for a quick task, and heartbeats for a long one', () => {
    const quick = recorder();
    const fast = plainProgress(quick.write, 'Export reg_1: PROCESSING', { steps: false });
    vi.advanceTimersByTime(5_000);
    fast.update('x', true);
    fast.succeed('done');
    vi.advanceTimersByTime(5 * HEARTBEAT_MS);
    expect(quick.lines).toEqual([]);

    const long = recorder();
    const slow = plainProgress(long.write, 'Export reg_1: PROCESSING', { steps: false });
    vi.advanceTimersByTime(3 * HEARTBEAT_MS);
    expect(long.lines.map((l) => l.at - long.lines[0]!.at)).toEqual([0, HEARTBEAT_MS, 2 * HEARTBEAT_MS]);
    slow.stop();
  });

  it('a milestone restarts the 30 s', () => {
    const { lines, write } = recorder();
    const progress = plainProgress(write, 'a');
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    progress.update('b', true);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(lines.map((l) => l.line)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(lines).toHaveLength(3);
    progress.fail('broke');
    expect(lines.at(-1)?.line).toBe('broke');
  });
});

/** A stand-in for ora that records each text it is given to draw. */
function fakeOra() {
  const drawn: string[] = [];
  const ora = ((options: { text: string }) => {
    drawn.push(options.text);
    const spinner = {
      set text(text: string) {
        drawn.push(text);
      },
      start: () => spinner,
      succeed: (text: string) => {
        drawn.push(`✔ ${text}`);
        return spinner;
      },
      fail: (text: string) => {
        drawn.push(`✖ ${text}`);
        return spinner;
      },
      stop: () => spinner,
    };
    return spinner;
  }) as unknown as typeof import('ora').default;
  return { ora, drawn };
}
const out = { stderr: process.stderr, terminal: (text: string) => text };

describe('a spinner (issue 44)', () => {
  it('keeps its elapsed time moving while the task reports nothing (a poll of 4 s)', () => {
    const { ora, drawn } = fakeOra();
    const progress = spinnerProgress(ora, out, 'Export reg_1: PROCESSING', { elapsed: true });
    expect(drawn).toEqual(['Export reg_1: PROCESSING (0.0 s)']);
    vi.advanceTimersByTime(4_000);
    expect(drawn.at(-1)).toBe('Export reg_1: PROCESSING (4.0 s)');
    expect(drawn).toContain('Export reg_1: PROCESSING (2.5 s)');
    expect(drawn.length).toBe(1 + 4_000 / ELAPSED_TICK_MS);
    progress.update('Export reg_1: SUCCESS');
    expect(drawn.at(-1)).toBe('Export reg_1: SUCCESS (4.0 s)');
    progress.succeed('Export reg_1 ready after 4.0 s');
    const count = drawn.length;
    vi.advanceTimersByTime(10_000);
    expect(drawn.length).toBe(count); // the ticking stopped with it
  });

  it('without elapsed draws only what it is given', () => {
    const { ora, drawn } = fakeOra();
    const progress = spinnerProgress(ora, out, 'Downloading…');
    vi.advanceTimersByTime(5_000);
    progress.update('Downloading 1.0 MB');
    progress.stop();
    expect(drawn).toEqual(['Downloading…', 'Downloading 1.0 MB']);
  });
});

describe('plain progress with the elapsed time', () => {
  it('gives each line the time it was printed at', () => {
    const { lines, write } = recorder();
    const progress = plainProgress(write, 'Export reg_1: PROCESSING', { elapsed: true });
    vi.advanceTimersByTime(HEARTBEAT_MS);
    progress.update('Export reg_1: ERROR', true);
    expect(lines.map((l) => l.line)).toEqual([
      'Export reg_1: PROCESSING',
      'Export reg_1: PROCESSING (30.0 s)',
      'Export reg_1: ERROR (30.0 s)',
    ]);
    progress.stop();
  });
});
