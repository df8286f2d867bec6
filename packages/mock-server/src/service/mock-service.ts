// src/service/: the mock service (here: store, clock, handlers, faults, journal and controls joined) and its views.
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'msw';
import { createClock, type MockClock } from '../store/clock';
import { adminApi, type AdminApi, type ControlTarget } from '../admin/controls';
import { createFaults, type Faults } from '../faults/faults';
import type { Transport } from '../faults/kinds';
import { createJournal, DEFAULT_JOURNAL_SIZE, type Journal } from '../journal/journal';
import { createRequestIds } from '../request/request-id';
import { cdnResolvers } from '../handlers/cdn';
import type { HandlerContext } from '../handlers/context';
import { exportResolvers } from '../handlers/exports';
import { fallbackHandlers } from '../handlers/fallback';
import { projectResolvers } from '../handlers/projects';
import { resourceResolvers } from '../handlers/resources';
import { operationHandlers } from '../handlers/routes';
import { storageHandlers } from '../handlers/storage';
import { demoSeed } from '../seed/demo';
import type { Seed } from '../seed/schema';
import { createSigner } from '../handlers/signing';
import { createStore, type Store } from '../store';
import { cdnRequestLogOf, type CdnLogEntry } from './cdn-request-log';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * The largest upload of a resource file or a ZIP of them (`POST …/resources`, `…/resources/zip`): 16 MiB,
 * a few times the largest resource files apps ship (a 10,000-key JSON file is ~0.5 MiB). The service's
 * own limit is not documented.
 */
export const DEFAULT_MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

export interface MockServiceOptions {
  /** The state to start from (and to `reset()` to). Default: the demo seed. */
  seed?: Seed;
  /** Default: real time that tests can move forward; pass `createClock({ frozen: true })` to stop it. */
  clock?: MockClock;
  /**
   * Origin the msw handlers bind to, for example `https://api.example.test`. Default: any origin (so a
   * client's API calls and its CDN checks on another host are both answered).
   */
  baseUrl?: string;
  /** How long an export stays PROCESSING. Default 300 ms. */
  exportDelayMs?: number;
  /** Secret of the pre-signed URLs. Default: random per service. */
  signingSecret?: string;
  /** Larger request bodies get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Larger uploads of resource files (a file, or a ZIP of them) get 413. Default 16 MiB. */
  maxUploadBytes?: number;
  /** How many requests the journal keeps (the newest). Default 1,000; 0 turns it off. */
  journalSize?: number;
}

export interface MockService {
  /** msw handlers: `setupServer(...service.handlers)`. */
  handlers: RequestHandler[];
  store: Store;
  clock: MockClock;
  faults: Faults;
  /**
   * The `/cdn/check` requests made with a known CDN key, oldest first: when, the key's workspace, the status
   * answered and the check's fields (`clientUser`, `clientAgent`, …). A view of the request journal, made
   * when read: it holds the checks among the journal's newest `journalSize` requests of every route, is
   * emptied with the journal, and is empty while the journal is off (`journalSize: 0`).
   *
   * @deprecated Read the request journal instead (`admin.listRequests()`, `admin.verify()`, or
   * `GET /__admin/requests`); this alias is removed in the next major release.
   */
  readonly cdnRequestLog: readonly CdnLogEntry[];
  /** The controls (the same as the HTTP control API under /__admin/): seed, state, faults, clock, journal, verify. */
  admin: AdminApi;
  /** The request journal (read it through `admin.listRequests()` and `admin.verify()`). */
  journal: Journal;
  /** Back to the seed, with no faults and an empty journal. */
  reset(): void;
}

/** What the real server needs of a service beyond its public members. */
interface Internals {
  target: ControlTarget;
  transport: Transport;
  /** The id of a request's answer, made once per request for both transports (request/request-id.ts). */
  requestIdOf: (sent: string | string[] | null | undefined) => string;
}
const internals = new WeakMap<MockService, Internals>();

/**
 * The service's controls and faults, for the real server; calling it marks the service as served over
 * HTTP (where faults may cut and stall bodies).
 */
export function servedOverHttp(service: MockService): ControlTarget & Pick<Internals, 'requestIdOf'> {
  const inside = internals.get(service)!;
  inside.transport = 'http';
  return { ...inside.target, requestIdOf: inside.requestIdOf };
}

/**
 * The whole service in memory, as msw handlers over a store.
 *
 * @example
 * const mock = createMockService({ baseUrl: 'https://api.example.test' });
 * const server = setupServer(...mock.handlers);
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const clock = options.clock ?? createClock();
  const store = createStore(options.seed ?? demoSeed(), clock, { exportDelayMs: options.exportDelayMs });
  const journal = createJournal(options.journalSize ?? DEFAULT_JOURNAL_SIZE, () => clock.now());
  const requestIdOf = createRequestIds();
  let service: MockService;
  const faults = createFaults({
    transport: () => internals.get(service)?.transport ?? 'msw',
    failNextExport: (message) => store.failNextExport(message),
    releaseBundle: (id) => store.madeRelease(id),
    projectOf: (workspace, project) => {
      try {
        const p = store.project(workspace, project);
        return `${p.workspace}/${p.slug}`;
      } catch {
        return undefined;
      }
    },
  });
  const reset = () => {
    store.reset();
    faults.clear();
    journal.clear();
  };
  const target: ControlTarget = { store, clock, faults, journal, reset };
  const context: HandlerContext = {
    store,
    signer: createSigner(options.signingSecret ?? randomBytes(32).toString('hex')),
    prefix: options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*',
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
  };
  service = {
    handlers: [
      faults.handler(context.prefix, journal, requestIdOf),
      ...operationHandlers(context, {
        ...projectResolvers(context),
        ...exportResolvers(context),
        ...resourceResolvers(context),
        ...cdnResolvers(context),
      }),
      ...storageHandlers(context),
      ...fallbackHandlers(context),
    ],
    store,
    clock,
    faults: {
      failNext: faults.failNext,
      dropNext: faults.dropNext,
      latency: faults.latency,
      clear: faults.clear,
      failNextExport: (message) => store.failNextExport(message),
    },
    get cdnRequestLog() {
      return cdnRequestLogOf(journal.recorded(), store);
    },
    admin: adminApi(target),
    journal,
    reset,
  };
  internals.set(service, { target, transport: 'msw', requestIdOf });
  return service;
}
