// The live faults of one service, in the order they were added (the first that takes a request answers
// it), each counted down as it answers, and the latency every request waits first.
import { exchangeOf } from '../journal/exchange';
import { ControlError } from '../rules/control-error';
import { FAULT_KINDS, FaultSpecSchema, type ActiveFault, type FaultKind, type Transport } from './kinds';
import { inScope, type ProjectOf } from './scope';

/**
 * The faults still to answer, and how they are added, taken and removed.
 *
 * @example
 * const live = new FaultList(() => 'http', () => {}, () => undefined);
 * live.add({ kind: 'STATUS', status: 503 });
 */
export class FaultList {
  /** Oldest first; replaced, never changed in place, when one is removed (`list()` hands it out). */
  faults: ActiveFault[] = [];
  latencyMs = 0;
  #nextId = 1;

  constructor(
    /** Where the service is served: a fault that only the real server can inject is refused on msw. */
    readonly transport: () => Transport,
    readonly failNextExport: (message?: string) => void,
    readonly projectOf: ProjectOf,
  ) {}

  /** Checks a fault's spec and adds it; ControlError names what is wrong. */
  add(input: unknown): ActiveFault {
    const parsed = FaultSpecSchema.safeParse(input);
    if (!parsed.success) throw ControlError.fromZod(parsed.error);
    const spec = parsed.data;
    const transport = this.transport();
    if (!(FAULT_KINDS[spec.kind].transports as readonly string[]).includes(transport))
      throw new ControlError([
        {
          field: '$.kind',
          message: `${spec.kind} needs the real HTTP server (loc-mock serve, or startMockServer()): msw's interception cannot cut, stall or slow a connection.`,
        },
      ]);
    if (spec.kind === 'EXPORT_ERROR') {
      if (spec.count === 'all')
        throw new ControlError([{ field: '$.count', message: 'EXPORT_ERROR takes a number of exports, not "all".' }]);
      for (let i = 0; i < spec.count; i++) this.failNextExport(spec.message);
    }
    const fault: ActiveFault = {
      id: `fault-${this.#nextId++}`,
      spec,
      remaining: spec.kind === 'EXPORT_ERROR' ? 0 : spec.count === 'all' ? Number.POSITIVE_INFINITY : spec.count,
      hits: 0,
      ...(spec.pathPattern ? { pattern: new RegExp(spec.pathPattern) } : {}),
    };
    if (fault.remaining > 0) this.faults.push(fault);
    return fault;
  }

  /**
   * The first live fault of these kinds that takes the request, counted as used and noted in the request's
   * journal entry.
   */
  take(
    request: Request,
    kinds: (kind: FaultKind) => boolean,
    pathname: string,
    answer?: Response,
  ): ActiveFault | undefined {
    for (const f of this.faults) {
      if (f.remaining <= 0 || !kinds(f.spec.kind) || !inScope(f, request.method, pathname, this.projectOf, answer))
        continue;
      f.remaining--;
      f.hits++;
      if (f.remaining <= 0) this.faults = this.faults.filter((x) => x !== f);
      mark(request, f.spec.kind);
      return f;
    }
    return undefined;
  }

  /** Removes a fault by its id; false when there is none. */
  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clear() {
    this.latencyMs = 0;
    this.faults = [];
  }
}

/** Notes in the request's journal entry which fault answered it. */
function mark(request: Request, kind: FaultKind) {
  const recorded = exchangeOf(request)?.recorded;
  if (recorded) recorded.fault = kind;
}
