/** The mock's notion of "now": real time shifted by `advance`/`set`, or frozen for deterministic tests. */
export interface MockClock {
  now(): number;
  /** Moves time forward (expires URLs and keys, finishes exports); a time outside CLOCK_RANGE throws RangeError. */
  advance(ms: number): void;
  /** Sets the time; a time outside CLOCK_RANGE throws RangeError. */
  set(date: Date | number): void;
  /** Back to the time it started from: real time, or `start` (running on from there unless frozen). */
  reset?(): void;
}

/**
 * The times the clock may be set to: the Unix epoch to the last millisecond of year 9999. Every date,
 * URL expiry and timestamp the mock makes stays a date JavaScript represents (±8.64e15 ms) and an ISO
 * 8601 time with a four-digit year, however long it then runs.
 */
export const CLOCK_RANGE = { min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;

/**
 * Why the clock cannot be set to `ms`, or undefined when it can.
 *
 * @example clockTimeProblem(-1) // 'that is before the Unix epoch (1970-01-01T00:00:00Z)'
 */
export function clockTimeProblem(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return 'that is not a time';
  if (ms < CLOCK_RANGE.min) return 'that is before the Unix epoch (1970-01-01T00:00:00Z)';
  if (ms > CLOCK_RANGE.max) return 'that is after 9999-12-31T23:59:59.999Z, the last time the mock keeps';
  return undefined;
}

/**
 * A clock. By default it follows real time (and can still be moved forward); `{ frozen: true }` makes it
 * stand still between `advance` calls, so a test decides exactly when an export completes.
 */
export function createClock(options: { frozen?: boolean; start?: Date | number } = {}): MockClock {
  const real = () => (options.frozen ? 0 : Date.now());
  const startOffset = (options.start !== undefined ? Number(options.start) : Date.now()) - real();
  let offset = startOffset;
  const moveTo = (to: number) => {
    const problem = clockTimeProblem(to);
    if (problem) throw new RangeError(`Cannot set the mock's clock to ${to}: ${problem}.`);
    offset = to - real();
  };
  return {
    now: () => real() + offset,
    advance(ms) {
      moveTo(real() + offset + ms);
    },
    set(date) {
      moveTo(Number(date));
    },
    reset() {
      offset = startOffset;
    },
  };
}
