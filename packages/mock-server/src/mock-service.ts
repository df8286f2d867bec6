import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'msw';
import { createClock, type MockClock } from './clock';
import { createFaults, type Faults } from './faults';
import { cdnResolvers } from './handlers/cdn';
import type { HandlerContext } from './handlers/context';
import { exportResolvers } from './handlers/exports';
import { fallbackHandlers } from './handlers/fallback';
import { projectResolvers } from './handlers/projects';
import { operationHandlers } from './handlers/routes';
import { storageHandlers } from './handlers/storage';
import { demoSeed } from './seed/demo';
import type { Seed } from './seed/schema';
import { createSigner } from './signing';
import { createStore, type CdnLogEntry, type Store } from './store';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface MockServiceOptions {
  /** The state to start from (and to `reset()` to). Default: the demo seed. */
  seed?: Seed;
  /** Default: real time that tests can move forward; pass `createClock({ frozen: true })` to stop it. */
  clock?: MockClock;
  /** Origin the msw handlers bind to, for example `https://api.loc.dev`. Default: any origin. */
  baseUrl?: string;
  /** How long an export stays PROCESSING. Default 300 ms. */
  exportDelayMs?: number;
  /** Secret of the pre-signed URLs. Default: random per service. */
  signingSecret?: string;
  /** Larger request bodies get 413. Default 1 MiB. */
  maxBodyBytes?: number;
}

export interface MockService {
  /** msw handlers: `setupServer(...service.handlers)`. */
  handlers: RequestHandler[];
  store: Store;
  clock: MockClock;
  faults: Faults;
  /** The logging-only fields of each `/cdn/check`, oldest first. */
  readonly cdnRequestLog: readonly CdnLogEntry[];
  /** Back to the seed, with no faults. */
  reset(): void;
}

/**
 * The whole service in memory, as msw handlers over a store.
 *
 * @example
 * const mock = createMockService({ baseUrl: 'https://api.loc.dev' });
 * const server = setupServer(...mock.handlers);
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const clock = options.clock ?? createClock();
  const store = createStore(options.seed ?? demoSeed(), clock, { exportDelayMs: options.exportDelayMs });
  const faults = createFaults();
  const context: HandlerContext = {
    store,
    signer: createSigner(options.signingSecret ?? randomBytes(32).toString('hex')),
    prefix: options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*',
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  };
  return {
    handlers: [
      faults.handler(context.prefix),
      ...operationHandlers(context, {
        ...projectResolvers(context),
        ...exportResolvers(context),
        ...cdnResolvers(context),
      }),
      ...storageHandlers(context),
      ...fallbackHandlers(context),
    ],
    store,
    clock,
    faults: { ...faults, failNextExport: (message) => store.failNextExport(message) },
    get cdnRequestLog() {
      return store.cdnLog;
    },
    reset() {
      store.reset();
      faults.clear();
    },
  };
}
