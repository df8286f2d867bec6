import { createHash } from 'node:crypto';
import { delay, http, HttpResponse } from 'msw';
import { z } from 'zod';
import { onePathRule, RegExpSource } from './path-match';
import { corruptZipCentralDirectory, corruptZipCrc, escapingZip, malformedJson, wrongSha256 } from './body-faults';
import { ControlError } from './control-error';
import { exchangeOf, openExchange } from './exchange';
import { REQUEST_ID_HEADER } from './request-id';
import { errorFor } from './handlers/errors';
import { OperationIdSchema, operationOf } from './handlers/operation-of';
import { bytesResponse, delivered, jsonResponse, keptAnswerOf } from './handlers/answers';
import type { Journal } from './journal';
import { isSocketRequest, urlOf } from './socket-request';

/** The longest wait a timer can make (setTimeout's limit). */
const MAX_LATENCY_MS = 2 ** 31 - 1;

/**
 * The fault kinds, a closed set named as WireMock names its faults. `transports` says where each works:
 * msw's interception cannot cut, stall or slow a socket, so those need the real server.
 */
export const FAULT_KINDS = {
  STATUS: {
    transports: ['http', 'msw'],
    summary: 'answer this status (400–599) instead, with `body` or the API’s error body',
  },
  EMPTY_RESPONSE: {
    transports: ['http', 'msw'],
    summary: 'no answer: the connection is closed (msw: a network error)',
  },
  LATENCY: { transports: ['http', 'msw'], summary: 'wait `ms` before answering' },
  TRUNCATED_BODY: {
    transports: ['http'],
    summary: 'send the full Content-Length, then only `bytes` of the body (default: half) and close',
  },
  CONNECTION_RESET_BY_PEER: {
    transports: ['http'],
    summary: 'send `bytes` of the body (default: half), then reset the connection (TCP RST)',
  },
  STALL_AFTER_BYTES: {
    transports: ['http'],
    summary: 'send `bytes` of the body (default: half), then nothing more, the connection left open',
  },
  SLOW_BODY: { transports: ['http'], summary: 'send the body at `bytesPerSecond`' },
  CORRUPT_ZIP_CRC: { transports: ['http', 'msw'], summary: 'a ZIP whose first entry has a wrong CRC-32' },
  CORRUPT_ZIP_CENTRAL_DIRECTORY: {
    transports: ['http', 'msw'],
    summary: 'a ZIP whose central directory cannot be read',
  },
  ZIP_ENTRY_PARENT_PATH: {
    transports: ['http', 'msw'],
    summary: 'a ZIP with one more entry, `../../loc-mock-escaped.txt`',
  },
  ZIP_ENTRY_ABSOLUTE_PATH: {
    transports: ['http', 'msw'],
    summary: 'a ZIP with one more entry, `/tmp/loc-mock-escaped.txt`',
  },
  ZIP_ENTRY_SYMLINK: {
    transports: ['http', 'msw'],
    summary: 'a ZIP with one more entry, `loc-mock-link`, a symbolic link to `../../../etc`',
  },
  WRONG_SHA256: {
    transports: ['http', 'msw'],
    summary: 'a CDN check answers a `filesSha256` that is not the bundle’s',
  },
  MALFORMED_JSON: {
    transports: ['http', 'msw'],
    summary: 'a JSON answer cut in half (its Content-Length right for what is sent)',
  },
  EXPORT_ERROR: { transports: ['http', 'msw'], summary: 'the next export(s) created end in ERROR with `message`' },
} as const;

export type FaultKind = keyof typeof FAULT_KINDS;
export type Transport = 'http' | 'msw';

const count = z
  .union([z.number().int().positive(), z.literal('all')])
  .default(1)
  .describe('how many matching requests it answers: a number (default 1) or "all"');
const bytes = z.number().int().nonnegative().optional().describe('bytes of the body sent first; default: half');
/** Where a fault applies; each field given narrows it. */
const scope = {
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, 'expected an HTTP method such as GET')
    .optional(),
  path: z.string().startsWith('/', 'expected a path starting with /').optional().describe('a path prefix'),
  pathPattern: RegExpSource.optional().describe('a regular expression the path must contain a match of'),
  project: z
    .string()
    .regex(/^[^/]+\/[^/]+$/, 'expected workspace/project, for example acme/web-frontend')
    .optional()
    .describe('the project’s API paths (by slugs or ids, either in the scope too) and its export downloads'),
  release: z.string().min(1).optional().describe('the CDN checks that answer this release, and its bundle download'),
  operation: OperationIdSchema.optional().describe(
    'an operation of docs/openapi.json by its id (checkDistribution), at any of its paths',
  ),
  count,
};

/** A fault as `POST /__admin/faults` and `service.admin.addFault` take it. */
export const FaultSpecSchema = z
  .discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('STATUS'),
        status: z.number().int().min(400).max(599),
        body: z.unknown().optional(),
        ...scope,
      })
      .strict(),
    z.object({ kind: z.literal('EMPTY_RESPONSE'), ...scope }).strict(),
    z.object({ kind: z.literal('LATENCY'), ms: z.number().int().min(0).max(MAX_LATENCY_MS), ...scope }).strict(),
    z.object({ kind: z.literal('TRUNCATED_BODY'), bytes, ...scope }).strict(),
    z.object({ kind: z.literal('CONNECTION_RESET_BY_PEER'), bytes, ...scope }).strict(),
    z.object({ kind: z.literal('STALL_AFTER_BYTES'), bytes, ...scope }).strict(),
    z.object({ kind: z.literal('SLOW_BODY'), bytesPerSecond: z.number().int().positive(), ...scope }).strict(),
    z.object({ kind: z.literal('CORRUPT_ZIP_CRC'), ...scope }).strict(),
    z.object({ kind: z.literal('CORRUPT_ZIP_CENTRAL_DIRECTORY'), ...scope }).strict(),
    z.object({ kind: z.literal('ZIP_ENTRY_PARENT_PATH'), ...scope }).strict(),
    z.object({ kind: z.literal('ZIP_ENTRY_ABSOLUTE_PATH'), ...scope }).strict(),
    z.object({ kind: z.literal('ZIP_ENTRY_SYMLINK'), ...scope }).strict(),
    z.object({ kind: z.literal('WRONG_SHA256'), ...scope }).strict(),
    z.object({ kind: z.literal('MALFORMED_JSON'), ...scope }).strict(),
    z.object({ kind: z.literal('EXPORT_ERROR'), message: z.string().min(1).optional(), ...scope }).strict(),
  ])
  .superRefine(onePathRule);
export type FaultSpec = z.input<typeof FaultSpecSchema>;
type ParsedFault = z.output<typeof FaultSpecSchema>;

/** A fault as it is listed: its spec, an id, and how many requests it has answered. */
export interface ActiveFault {
  id: string;
  spec: ParsedFault;
  remaining: number;
  hits: number;
  /** Compiled once. */
  pattern?: RegExp;
}

/** How the real server sends a body it must cut, stall or slow (http-server.ts does the writing). */
export type WireFault =
  | { kind: 'TRUNCATED_BODY' | 'CONNECTION_RESET_BY_PEER' | 'STALL_AFTER_BYTES'; bytes?: number }
  | { kind: 'SLOW_BODY'; bytesPerSecond: number };

const WIRE_KINDS = new Set<FaultKind>(['TRUNCATED_BODY', 'CONNECTION_RESET_BY_PEER', 'STALL_AFTER_BYTES', 'SLOW_BODY']);
const ZIP_KINDS = new Set<FaultKind>([
  'CORRUPT_ZIP_CRC',
  'CORRUPT_ZIP_CENTRAL_DIRECTORY',
  'ZIP_ENTRY_PARENT_PATH',
  'ZIP_ENTRY_ABSOLUTE_PATH',
  'ZIP_ENTRY_SYMLINK',
]);
const BEFORE_ANSWER = new Set<FaultKind>(['STATUS', 'EMPTY_RESPONSE', 'LATENCY']);

/** A ZIP as a ZIP fault serves it (the same bytes each time: the CDN check's checksum can name them). */
function zipAsFaulted(kind: FaultKind, zip: Uint8Array): Uint8Array {
  if (kind === 'CORRUPT_ZIP_CRC') return corruptZipCrc(zip);
  if (kind === 'CORRUPT_ZIP_CENTRAL_DIRECTORY') return corruptZipCentralDirectory(zip);
  return escapingZip(zip, kind as 'ZIP_ENTRY_PARENT_PATH' | 'ZIP_ENTRY_ABSOLUTE_PATH' | 'ZIP_ENTRY_SYMLINK');
}

/** The project (`workspace/slug`) that a workspace and a project, each by slug or id, name; undefined for none. */
type ProjectOf = (workspace: string, project: string) => string | undefined;

/** A project's API paths name it by slug or id: `/v1/<workspace>/projects/<project>…`. */
const PROJECT_PATH = /^\/v1\/([^/]+)\/projects\/([^/]+)(?:\/|$)/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether the fault's scope takes this request (and, after it, this answer). */
function inScope(f: ActiveFault, method: string, pathname: string, projectOf: ProjectOf, answer?: Response): boolean {
  const s = f.spec;
  if (s.method && s.method.toUpperCase() !== method.toUpperCase()) return false;
  if (s.path && !pathname.startsWith(s.path)) return false;
  // search(), not test(): a RegExp with the g flag keeps no state between requests.
  if (f.pattern && pathname.search(f.pattern) < 0) return false;
  if (s.operation && operationOf(method, pathname) !== s.operation) return false;
  if (s.project) {
    // The scope and the path may each name the project by slugs or by ids: compared as the project they name.
    const [ws, ref] = s.project.split('/') as [string, string];
    const wanted = projectOf(ws, ref) ?? s.project;
    const named = PROJECT_PATH.exec(pathname);
    const api =
      named !== null &&
      (projectOf(decoded(named[1]!), decoded(named[2]!)) ?? `${decoded(named[1]!)}/${decoded(named[2]!)}`) === wanted;
    const slug = wanted.split('/')[1]!;
    if (!api && !pathname.startsWith(`/_storage/exports/${encodeURIComponent(slug)}-reg_`)) return false;
  }
  if (s.release) {
    if (pathname === `/_storage/releases/${encodeURIComponent(`${s.release}.zip`)}`) return true;
    if (operationOf(method, pathname) !== 'checkDistribution' || !answer) return false;
    return releaseOf(answer) === s.release;
  }
  return true;
}

/** The release a CDN check's answer names. */
function releaseOf(answer: Response): string | undefined {
  const body = keptAnswerOf(answer)?.body;
  if (answer.status !== 200 || typeof body !== 'string') return undefined;
  try {
    return (JSON.parse(body) as { distributionReleaseId?: string }).distributionReleaseId;
  } catch {
    return undefined;
  }
}

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
  let latencyMs = 0;
  let faults: ActiveFault[] = [];
  let nextId = 1;
  const projectOf: ProjectOf = hooks.projectOf ?? (() => undefined);

  function add(input: unknown): ActiveFault {
    const parsed = FaultSpecSchema.safeParse(input);
    if (!parsed.success) throw ControlError.fromZod(parsed.error);
    const spec = parsed.data;
    const transport = hooks.transport();
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
      for (let i = 0; i < spec.count; i++) hooks.failNextExport(spec.message);
    }
    const fault: ActiveFault = {
      id: `fault-${nextId++}`,
      spec,
      remaining: spec.kind === 'EXPORT_ERROR' ? 0 : spec.count === 'all' ? Number.POSITIVE_INFINITY : spec.count,
      hits: 0,
      ...(spec.pathPattern ? { pattern: new RegExp(spec.pathPattern) } : {}),
    };
    if (fault.remaining > 0) faults.push(fault);
    return fault;
  }

  /** The first live fault of these kinds that takes the request, counted as used. */
  function take(
    kinds: (kind: FaultKind) => boolean,
    method: string,
    pathname: string,
    answer?: Response,
  ): ActiveFault | undefined {
    for (const f of faults) {
      if (f.remaining <= 0 || !kinds(f.spec.kind) || !inScope(f, method, pathname, projectOf, answer)) continue;
      f.remaining--;
      f.hits++;
      if (f.remaining <= 0) faults = faults.filter((x) => x !== f);
      return f;
    }
    return undefined;
  }

  /** Answers a request instead of its route (a status, no answer), or waits first; undefined: on to the routes. */
  function before(request: Request): Response | Promise<Response | undefined> | undefined {
    const wait = latencyMs;
    if (faults.length === 0) return wait > 0 ? delay(wait).then(() => undefined) : undefined;
    const pathname = urlOf(request).pathname;
    const f = take((k) => BEFORE_ANSWER.has(k), request.method, pathname);
    if (!f) return wait > 0 ? delay(wait).then(() => undefined) : undefined;
    mark(request, f.spec.kind);
    const spec = f.spec;
    if (spec.kind === 'LATENCY') return delay(wait + spec.ms).then(() => undefined);
    const answer = (): Response =>
      spec.kind === 'STATUS'
        ? spec.body !== undefined
          ? delivered(request, jsonResponse(spec.body, spec.status))
          : // Without a body of its own, the fault answers in the format of its API (a problem on /cdn).
            delivered(request, errorFor(pathname, spec.status, `Injected fault: ${spec.status}`))
        : HttpResponse.error();
    return wait > 0 ? delay(wait).then(answer) : answer();
  }

  /**
   * A fault inside the answer: the answer with its body changed (not yet `delivered`), and for the real
   * server how to send it (`wire`). undefined when no fault takes it.
   */
  function after(request: Request, answer: Response): { answer: Response; wire?: WireFault } | undefined {
    if (faults.length === 0) return undefined;
    let kept = keptAnswerOf(answer);
    if (!kept || kept.body === null) return undefined;
    const isCheck =
      operationOf(request.method, urlOf(request).pathname) === 'checkDistribution' && answer.status === 200;
    // A check that offers a bundle a ZIP fault will change names the changed bundle's checksum: the
    // service published that bundle, and a client's ZIP reader (not its checksum test) must catch it.
    let matched: Response | undefined;
    if (isCheck) {
      matched = withFaultedChecksum(answer);
      if (matched) {
        answer = matched;
        kept = keptAnswerOf(answer)!;
      }
    }
    const keptBody = kept.body;
    if (keptBody === null) return matched ? { answer: matched } : undefined;
    const contentType = kept.headers['content-type'] ?? '';
    const isZip = contentType === 'application/zip';
    const isJson = contentType.startsWith('application/json');
    const f = take(
      (k) =>
        WIRE_KINDS.has(k) ||
        (ZIP_KINDS.has(k) && isZip) ||
        (k === 'WRONG_SHA256' && isCheck) ||
        (k === 'MALFORMED_JSON' && isJson),
      request.method,
      urlOf(request).pathname,
      answer,
    );
    if (!f) return matched ? { answer: matched } : undefined;
    mark(request, f.spec.kind);
    const spec = f.spec;
    const { 'content-length': _, ...headers } = kept.headers;
    switch (spec.kind) {
      case 'TRUNCATED_BODY':
      case 'CONNECTION_RESET_BY_PEER':
      case 'STALL_AFTER_BYTES':
        return { answer, wire: { kind: spec.kind, ...(spec.bytes === undefined ? {} : { bytes: spec.bytes }) } };
      case 'SLOW_BODY':
        return { answer, wire: { kind: 'SLOW_BODY', bytesPerSecond: spec.bytesPerSecond } };
      case 'CORRUPT_ZIP_CRC':
      case 'CORRUPT_ZIP_CENTRAL_DIRECTORY':
      case 'ZIP_ENTRY_PARENT_PATH':
      case 'ZIP_ENTRY_ABSOLUTE_PATH':
      case 'ZIP_ENTRY_SYMLINK':
        return { answer: bytesResponse(zipAsFaulted(spec.kind, bodyBytes(keptBody)), answer.status, headers) };
      case 'WRONG_SHA256': {
        const body = JSON.parse(String(keptBody)) as { filesSha256: string };
        body.filesSha256 = wrongSha256(body.filesSha256);
        return { answer: jsonResponse(body, answer.status, headers) };
      }
      case 'MALFORMED_JSON': {
        const text = malformedJson(typeof keptBody === 'string' ? keptBody : new TextDecoder().decode(keptBody));
        return { answer: bytesResponse(new TextEncoder().encode(text), answer.status, headers) };
      }
      default:
        return undefined;
    }
  }

  /** The check's answer with the checksum of its bundle as the next ZIP fault on it will serve it; undefined if none. */
  function withFaultedChecksum(answer: Response): Response | undefined {
    const id = releaseOf(answer);
    if (id === undefined) return undefined;
    const path = `/_storage/releases/${encodeURIComponent(`${id}.zip`)}`;
    const f = faults.find((x) => x.remaining > 0 && ZIP_KINDS.has(x.spec.kind) && inScope(x, 'GET', path, projectOf));
    const bundle = f && hooks.releaseBundle?.(id);
    if (!f || !bundle) return undefined;
    const kept = keptAnswerOf(answer)!;
    const body = JSON.parse(String(kept.body)) as { filesSha256: string };
    body.filesSha256 = createHash('sha256').update(zipAsFaulted(f.spec.kind, bundle)).digest('hex');
    const { 'content-length': _, ...headers } = kept.headers;
    return jsonResponse(body, answer.status, headers);
  }

  return {
    add,
    /** Removes a fault by its id; false when there is none. */
    remove(id: string): boolean {
      const before = faults.length;
      faults = faults.filter((f) => f.id !== id);
      return faults.length < before;
    },
    list(): readonly ActiveFault[] {
      return faults;
    },
    get latencyMs() {
      return latencyMs;
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
      latencyMs = ms;
    },
    clear() {
      latencyMs = 0;
      faults = [];
    },
    /** The faults inside an answer (the real server calls it; msw's transport through `delivered`). */
    after,
    /**
     * The first msw handler: opens the request's exchange (the journal entry through msw's interception,
     * which has no server to record it) and answers with a fault when one takes the request.
     */
    handler(prefix: string, journal: Journal, requestIdOf: (sent: string | null) => string) {
      return http.all(`${prefix}/*`, ({ request }) => {
        // Not an async function over the socket: without faults it answers at once (it runs before every request).
        if (isSocketRequest(request)) return before(request);
        const requestId = requestIdOf(request.headers.get(REQUEST_ID_HEADER));
        if (!journal.enabled) {
          openExchange(request, { recorded: undefined, after, requestId });
          return before(request);
        }
        return recordIntercepted(request, journal, after, requestId).then(() => before(request));
      });
    },
  };

  /** failNext/dropNext's `path`: a prefix, or a RegExp (its source). */
  function addLegacy(spec: FaultSpec, path: string | RegExp | undefined) {
    const fault = add(typeof path === 'string' ? { ...spec, path: path || undefined } : spec);
    if (path instanceof RegExp) fault.pattern = path;
  }
}

/** A kept body as bytes. */
function bodyBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}

/** Notes in the request's journal entry which fault answered it. */
function mark(request: Request, kind: FaultKind) {
  const recorded = exchangeOf(request)?.recorded;
  if (recorded) recorded.fault = kind;
}

/** Records a request that came through msw's interception: its body read from a clone (the routes read the original). */
async function recordIntercepted(request: Request, journal: Journal, after: Exchange['after'], requestId: string) {
  const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : null;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const recorded = journal.record(request.method, urlOf(request), headers, body, requestId);
  openExchange(request, { recorded, after, requestId });
}

type Exchange = NonNullable<ReturnType<typeof exchangeOf>>;

export type Faults = Omit<
  ReturnType<typeof createFaults>,
  'handler' | 'after' | 'add' | 'remove' | 'list' | 'latencyMs'
> & {
  /** The next created export(s) end in ERROR with this message. */
  failNextExport(message?: string): void;
};
