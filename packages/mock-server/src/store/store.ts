import type { MockClock } from './clock';
import { parseSeed, type ParsedSeed, type Seed } from '../seed/schema';
import { createAccess } from './access';
import { createCdnChecks } from './cdn-checks';
import { createExportJobs, DEFAULT_EXPORT_DELAY_MS, exportZip } from './export-jobs';
import { createProjects } from './projects';
import { createReleases, releaseZip } from './releases';
import { createResources } from './resources';
import { snapshotOf } from './snapshot';
import { loadState, type StoreContext } from './state';

/** What the store itself answers; the rest of its calls are each area's (AreaCalls). */
interface StoreCore {
  readonly seed: ParsedSeed;
  /** How long an export job stays PROCESSING, for the jobs created from now on. */
  exportDelayMs: number;
  /** Back to the seed: projects, jobs and budgets as they were. */
  reset(): void;
  /**
   * Starts over from another seed, which `reset()` then returns to (unless `remember` is false). It is
   * parsed first: a seed that fails throws and leaves the state as it was.
   */
  loadSeed(seed: Seed, options?: { remember?: boolean | undefined }): void;
  /** The state as the control API shows it: projects, exports, releases and budgets. */
  snapshot(): ReturnType<typeof snapshotOf>;
  /**
   * Stored ZIP bytes, by `<kind>/<name>`. An export ZIP dropped to bound memory is made again (the
   * same bytes) when a valid URL still asks for it.
   */
  blob(kind: string, name: string): Promise<Uint8Array | undefined>;
  now: () => number;
}

/** The calls of each area of the store, each made in a module of its own over the one state. */
type AreaCalls = ReturnType<typeof createAccess> &
  ReturnType<typeof createProjects> &
  ReturnType<typeof createExportJobs> &
  ReturnType<typeof createReleases> &
  ReturnType<typeof createResources> &
  ReturnType<typeof createCdnChecks>;

export type Store = StoreCore & AreaCalls;

/**
 * The mock's state and its rules, with no HTTP in it: who may do what, projects and their resource files,
 * export jobs, CDN keys, budgets and releases. Handlers translate requests into these calls. Each area's calls are made
 * in a module of its own over the one state (state.ts); here they are joined, beside what outlives a
 * reset: the seed to go back to, and the export delay.
 */
export function createStore(seedInput: Seed, clock: MockClock, options: { exportDelayMs?: number } = {}): Store {
  let initial = parseSeed(seedInput);
  let state = loadState(initial, () => clock.now());
  let exportDelayMs = options.exportDelayMs ?? DEFAULT_EXPORT_DELAY_MS;
  const ctx: StoreContext = {
    get state() {
      return state;
    },
    clock,
  };

  return {
    get seed() {
      return state.seed;
    },
    get exportDelayMs() {
      return exportDelayMs;
    },
    set exportDelayMs(ms) {
      exportDelayMs = ms;
    },
    reset() {
      state = loadState(initial, () => clock.now());
    },
    loadSeed(seed, { remember = true } = {}) {
      const parsedSeed = parseSeed(seed);
      if (remember) initial = parsedSeed;
      state = loadState(parsedSeed, () => clock.now());
    },
    snapshot() {
      return snapshotOf(state);
    },
    async blob(kind, name) {
      if (kind === 'releases') return releaseZip(state, name);
      if (kind === 'exports') return exportZip(ctx, name);
      return undefined;
    },
    now: () => clock.now(),
    ...createAccess(ctx),
    ...createProjects(ctx),
    ...createExportJobs(ctx, () => exportDelayMs),
    ...createReleases(ctx),
    ...createResources(ctx),
    ...createCdnChecks(ctx),
  };
}
