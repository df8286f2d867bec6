// src/faults/: the faults a mock injects: createFaults (here) and its parts, one file each.
// The faults of a mock service (createFaults), its parts joined: the live faults (fault-list.ts), those
// that answer instead of a route (before-answer.ts) and those inside an answer (in-answer.ts), and the msw
// handler that applies them through msw's interception (msw-handler.ts). The kinds and a fault's spec:
// kinds.ts; which requests a fault's scope takes: scope.ts.
import type { Journal } from '../journal/journal';
import { ControlError } from '../rules/control-error';
import { FaultList } from './fault-list';
import { faultInAnswer } from './in-answer';
import { MAX_LATENCY_MS, type ActiveFault, type FaultSpec, type Transport, type WireFault } from './kinds';
import { faultHandler } from './msw-handler';
import type { ProjectOf } from './scope';

/**
 * The faults of one mock service: answers instead of the real one (a status, no answer, a wait), and
 * faults inside the real answer's body (a cut, corrupt or hostile one). Each has a scope (method, path,
 * project, release) and a count. `failNext`, `dropNext`, `latency` and `failNextExport` are the first
 * API, kept: each adds one of these.
 */
export function createFaults(
  hooks: {
    transport(): Transport;
    failNextExport(message?: string): void;
    /** A release's bundle, when it is made (a ZIP fault on it changes the CDN check's filesSha256 to match). */
    releaseBundle?(releaseId: string): Uint8Array | undefined;
    /** The project a workspace and project name, by slugs or ids (a `project` scope takes either). */
    projectOf?: ProjectOf;
  } = {
    transport: () => 'msw',
    failNextExport: () => {
      throw new ControlError([{ field: '$.kind', message: 'EXPORT_ERROR needs a mock service (createMockService).' }]);
    },
  },
) {
  const live = new FaultList(
    () => hooks.transport(),
    (message) => hooks.failNextExport(message),
    hooks.projectOf ?? (() => undefined),
  );
  const releaseBundle = (id: string) => hooks.releaseBundle?.(id);
  const add = (input: unknown): ActiveFault => live.add(input);
  const after = (request: Request, answer: Response): { answer: Response; wire?: WireFault } | undefined =>
    faultInAnswer(live, releaseBundle, request, answer);

  /** failNext/dropNext's `path`: a prefix, or a RegExp (its source). */
  function addLegacy(spec: FaultSpec, path: string | RegExp | undefined) {
    const fault = add(typeof path === 'string' ? { ...spec, path: path || undefined } : spec);
    if (path instanceof RegExp) fault.pattern = path;
  }

  return {
    add,
    /** Removes a fault by its id; false when there is none. */
    remove(id: string): boolean {
      return live.remove(id);
    },
    list(): readonly ActiveFault[] {
      return live.faults;
    },
    get latencyMs() {
      return live.latencyMs;
    },
    /** The next `count` requests (matching `path`, a prefix or a RegExp) answer `status` (400–599). */
    failNext(options: { status: number; count?: number; path?: string | RegExp; body?: unknown }) {
      // Checked here, so a bad value fails the test that sets it, not a later request with a 500.
      if (!Number.isInteger(options.status) || options.status < 400 || options.status > 599) {
        throw new RangeError(`failNext: status ${options.status} is not an error status (400 to 599).`);
      }
      addLegacy(
        { kind: 'STATUS', status: options.status, body: options.body, count: options.count ?? 1 },
        options.path,
      );
    },
    /** The next `count` requests get no answer: the connection is dropped. */
    dropNext(count = 1, path?: string | RegExp) {
      addLegacy({ kind: 'EMPTY_RESPONSE', count }, path);
    },
    /** Every request waits this long before it is answered. */
    latency(ms: number) {
      if (!Number.isFinite(ms) || ms < 0 || ms > MAX_LATENCY_MS)
        throw new RangeError(`latency: ${ms} ms is not from 0 to ${MAX_LATENCY_MS}.`);
      live.latencyMs = ms;
    },
    clear() {
      live.clear();
    },
    /** The faults inside an answer (the real server calls it; msw's transport through `delivered`). */
    after,
    /**
     * The first msw handler: opens the request's exchange (the journal entry through msw's interception,
     * which has no server to record it) and answers with a fault when one takes the request.
     */
    handler(prefix: string, journal: Journal, requestIdOf: (sent: string | null) => string) {
      return faultHandler(live, after, prefix, journal, requestIdOf);
    },
  };
}

export type Faults = Omit<
  ReturnType<typeof createFaults>,
  'handler' | 'after' | 'add' | 'remove' | 'list' | 'latencyMs'
> & {
  /** The next created export(s) end in ERROR with this message. */
  failNextExport(message?: string): void;
};
