/** The mock's notion of "now": real time shifted by `advance`/`set`, or frozen for deterministic tests. */
export interface MockClock {
  now(): number;
  /** Moves time forward (expires URLs and keys, finishes exports). */
  advance(ms: number): void;
  set(date: Date | number): void;
}

/**
 * A clock. By default it follows real time (and can still be moved forward); `{ frozen: true }` makes it
 * stand still between `advance` calls, so a test decides exactly when an export completes.
 */
export function createClock(options: { frozen?: boolean; start?: Date | number } = {}): MockClock {
  const real = () => (options.frozen ? 0 : Date.now());
  let offset = (options.start !== undefined ? Number(options.start) : Date.now()) - real();
  return {
    now: () => real() + offset,
    advance(ms) {
      offset += ms;
    },
    set(date) {
      offset = Number(date) - real();
    },
  };
}
