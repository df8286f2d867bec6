// src/admin/: the controls: their one table (here), the control API over HTTP, who may call it, and verify.
// The one table of the mock's controls. Each control is declared once here — its route, its input and
// output schemas, what it does — and from this table come the JS API (`service.admin.<name>()`), the
// HTTP control API under /__admin/ (admin/http.ts), the flags of `loc-mock serve` that set state at start
// (bin.ts) and the control API's OpenAPI document (service/admin-openapi.ts, docs/mock-admin-openapi.json).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ControlError } from '../rules/control-error';
import type { createFaults } from '../faults/faults';
import { FAULT_KINDS, FaultSpecSchema, type ActiveFault } from '../faults/kinds';
import { clockTimeProblem, type MockClock } from '../store/clock';
import { entryOf, type Journal, type JournalEntry } from '../journal/journal';
import { demoSeed } from '../seed/demo';
import { SeedSchema, type Seed } from '../seed/schema';
import { StoreError, type Store } from '../store';
import { SEGMENT_STATUSES } from '@loc/sdk/internal';
import { RequestPatternSchema, verify } from './verify';

/** What a control acts on: the parts of one mock service. */
export interface ControlTarget {
  store: Store;
  clock: MockClock;
  faults: ReturnType<typeof createFaults>;
  journal: Journal;
  /** Everything `reset()` does: the seed's state, no faults, an empty journal. */
  reset(): void;
}

/** A flag of `loc-mock serve` made from a control: `--<name> <value>` calls the control with `parse(value)`. */
interface Flag {
  name: string;
  value: string;
  help: string;
  /** The control's input from the flag's text; throws with a message naming what is wrong. */
  parse(text: string): unknown;
  repeatable?: boolean;
}

interface Control<I extends z.ZodType, O extends z.ZodType> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  /** Where the HTTP API reads the input: the JSON body, the query string, or the path (`{id}`). */
  from: 'body' | 'query' | 'path' | 'none';
  input: I;
  output: O;
  run(target: ControlTarget, input: z.output<I>): z.input<O>;
  flag?: Flag;
  /** An input that works on the demo seed: the OpenAPI document's example, which a test sends. */
  example?: z.input<I>;
}

function control<I extends z.ZodType, O extends z.ZodType>(c: Control<I, O>): Control<I, O> {
  return c;
}

const Nothing = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });

const ISO_TIME = z.iso.datetime({ offset: true });

const JournalEntrySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  headers: z.record(z.string(), z.string()).describe('credentials as `<kind>:sha256:<first 12 hex digits>`'),
  body: z
    .union([
      z.object({ bytes: z.number(), json: z.unknown() }),
      z.object({ bytes: z.number(), text: z.string() }),
      z.object({ bytes: z.number(), sha256: z.string() }),
    ])
    .nullable(),
  status: z.number().int().nullable().describe('null: no answer was sent (EMPTY_RESPONSE)'),
  fault: z.string().nullable().describe('the kind of the fault that answered, if one did'),
  requestId: z
    .string()
    .nullable()
    .describe('the id the answer named in x-request-id: the client’s own when it sent a usable one'),
  operation: z
    .string()
    .nullable()
    .describe(
      'the operation of docs/openapi.json it was, at any of its paths (checkDistribution for /cdn/check and /v1/distributions/check)',
    ),
}) satisfies z.ZodType<JournalEntry>;

const ActiveFaultSchema = z
  .object({ id: z.string(), remaining: z.union([z.number(), z.literal('all')]), hits: z.number() })
  .catchall(z.unknown())
  .describe('the fault as it was added, with its id, how many more requests it takes, and how many it took');

function faultView(f: ActiveFault): z.input<typeof ActiveFaultSchema> {
  return {
    id: f.id,
    ...f.spec,
    remaining: f.remaining === Number.POSITIVE_INFINITY ? 'all' : f.remaining,
    hits: f.hits,
  };
}

const ClockSchema = z.object({ now: z.string(), epochMs: z.number() });
function clockView(clock: MockClock, now = clock.now()): z.input<typeof ClockSchema> {
  return { now: new Date(now).toISOString(), epochMs: now };
}

/** A distribution and a release as a seed declares them: what `publishRelease` takes. */
const Distribution = SeedSchema.shape.distributions.unwrap().element;
const Release = Distribution.shape.releases.element;

/** The empty state `reset` with `to: "empty"` goes to. */
const EMPTY_SEED: Seed = { workspaces: [], users: [], projects: [] };

/** A JSON flag value, parsed, or an error naming the flag. */
function jsonFlag(flag: string) {
  return (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`--${flag} takes JSON, for example --${flag} '{"kind":"STATUS","status":503}'.`);
    }
  };
}

/** The controls, by name: the JS API's method names and the operation ids of the control API. */
export const CONTROLS = {
  listControls: control({
    method: 'GET',
    path: '/__admin/',
    summary:
      'The controls: each one’s name, method, path and summary (`loc-mock admin-openapi` prints their OpenAPI document)',
    from: 'none',
    input: Nothing,
    output: z.object({
      controls: z.array(z.object({ name: z.string(), method: z.string(), path: z.string(), summary: z.string() })),
    }),
    run: () => ({ controls: controlList() }),
  }),
  reset: control({
    method: 'POST',
    path: '/__admin/reset',
    summary:
      'Back to the seed last loaded (`to: "seed"`, the default), to the demo seed (`"demo"`, which reset then returns to) or to nothing (`"empty"`): projects, exports, releases, budgets, faults and the journal as at the start. The clock stays where it is unless `clock: "reset"` (back to real time, or a frozen clock’s start); the journal keeps its size',
    from: 'body',
    input: z
      .object({
        to: z.enum(['seed', 'demo', 'empty']).default('seed'),
        clock: z.enum(['keep', 'reset']).default('keep'),
      })
      .strict(),
    output: Ok,
    run(target, { to, clock }) {
      target.reset();
      if (to === 'empty') target.store.loadSeed(EMPTY_SEED, { remember: false });
      if (to === 'demo') target.store.loadSeed(demoSeed());
      if (clock === 'reset') target.clock.reset?.();
      return { ok: true as const };
    },
    example: { to: 'demo', clock: 'reset' },
  }),
  loadSeed: control({
    method: 'POST',
    path: '/__admin/seed',
    summary:
      'Start over from this seed (the format of `loc-mock seed`); `reset` returns to it. A seed that fails validation changes nothing',
    from: 'body',
    input: SeedSchema,
    output: z.object({ ok: z.literal(true), projects: z.number().int() }),
    run(target, seed) {
      target.reset();
      target.store.loadSeed(seed);
      return { ok: true as const, projects: seed.projects.length };
    },
    flag: {
      name: 'seed',
      value: '<file>',
      help: 'start from this seed file (JSON) instead of the demo seed',
      parse(file) {
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (error) {
          throw new Error(`Cannot read the seed file ${file}: ${(error as Error).message}`);
        }
        try {
          return JSON.parse(text);
        } catch (error) {
          throw new Error(`${file}: ${(error as Error).message}`);
        }
      },
    },
    example: {
      workspaces: [{ slug: 'tiny', name: 'Tiny', cdnBudget: 100 }],
      users: [{ email: 'me@tiny.test', tokens: ['loc_tiny_token'], workspaceRoles: { tiny: 'admin' } }],
      projects: [
        {
          workspace: 'tiny',
          slug: 'app',
          title: 'App',
          owner: 'me@tiny.test',
          resourceType: 'json.standard',
          sourceLocale: 'en',
          targetLocales: ['de'],
          files: [
            {
              path: 'locales/%{locale}/app.json',
              segments: [
                { key: 'hello', source: 'Hello', translations: { de: { text: 'Hallo', status: 'APPROVED' } } },
              ],
            },
          ],
        },
      ],
      distributions: [
        {
          workspace: 'tiny',
          environment: 'PRODUCTION',
          type: 'NATIVE_FORMAT',
          project: 'app',
          releases: [{ id: 'rel_1', name: 'First', createdAt: '2026-11-01T00:00:00Z' }],
        },
      ],
      cdnKeys: [{ key: 'lh-cdn_tiny', workspace: 'tiny', expiresAt: null }],
    },
  }),
  publishRelease: control({
    method: 'POST',
    path: '/__admin/releases',
    summary:
      'Publish a release to one distribution (workspace, environment, type): added as its newest (`createdAt` defaults to the mock’s now), or in place of its release with the same id. A distribution that does not exist is created when `project` is given. Nothing else changes; `reset` takes it back',
    from: 'body',
    input: z
      .object({
        workspace: Distribution.shape.workspace,
        environment: Distribution.shape.environment,
        type: Distribution.shape.type,
        project: Distribution.shape.project
          .optional()
          .describe('the project whose strings its bundles carry: needed to create the distribution, else it stays'),
        clientVersions: Distribution.shape.clientVersions.describe(
          'the app versions the distribution serves (a semver range); unchanged when absent',
        ),
        release: Release.extend({
          createdAt: Release.shape.createdAt.optional().describe('default: the mock’s clock now'),
        }).strict(),
      })
      .strict(),
    output: z.object({
      ok: z.literal(true),
      created: z.boolean().describe('the distribution was created'),
      replaced: z.boolean().describe('a release with this id was replaced'),
      release: z.object({ id: z.string(), name: z.string(), createdAt: z.string() }),
    }),
    run(target, input) {
      const release = {
        ...input.release,
        createdAt: input.release.createdAt ?? new Date(target.clock.now()).toISOString(),
      };
      try {
        const done = target.store.publishRelease({ ...input, release });
        return {
          ok: true as const,
          ...done,
          release: { id: release.id, name: release.name, createdAt: release.createdAt },
        };
      } catch (error) {
        if (error instanceof StoreError)
          throw new ControlError([{ field: error.field ? `$.${error.field}` : '$', message: error.message }]);
        throw error;
      }
    },
    example: {
      workspace: 'acme',
      environment: 'PRODUCTION',
      type: 'MOBILE_SDK_IOS',
      release: { id: 'rel_ios_2_2', name: 'iOS 2.2', clientVersions: '>=2.0.0' },
    },
  }),
  setTranslations: control({
    method: 'POST',
    path: '/__admin/translations',
    summary:
      'Set the status (and with `text` the text) of keys’ translations in one target locale, as a reviewer or translator does in the service: what a download with `target:filterByStatus` ships follows it. `reset` takes it back',
    from: 'body',
    input: z
      .object({
        workspace: z.string().min(1),
        project: z.string().min(1),
        locale: z.string().min(1).describe('a target locale of the project'),
        keys: z.array(z.string().min(1)).min(1).describe('the segments’ keys'),
        status: z.enum(SEGMENT_STATUSES),
        text: z.string().optional().describe('the new text of each key; without it, each keeps its own'),
        file: z
          .string()
          .optional()
          .describe('the file, by its path with %{locale}, where a key is in two files of the project'),
      })
      .strict(),
    output: z.object({ ok: z.literal(true), changed: z.number().int().describe('translations set') }),
    run(target, input) {
      try {
        return { ok: true as const, ...target.store.setTranslations(input) };
      } catch (error) {
        if (error instanceof StoreError)
          throw new ControlError([{ field: error.field ? `$.${error.field}` : '$', message: error.message }]);
        throw error;
      }
    },
    example: {
      workspace: 'acme',
      project: 'web-frontend',
      locale: 'de',
      keys: ['question.start'],
      status: 'APPROVED',
    },
  }),
  state: control({
    method: 'GET',
    path: '/__admin/state',
    summary:
      'The state: workspaces and projects (with their ids), exports, releases, CDN budgets, the clock and pending export errors',
    from: 'none',
    input: Nothing,
    output: z.object({
      workspaces: z.array(
        z.object({
          slug: z.string(),
          id: z.string().describe('the id the paths take as well as the slug (space_…)'),
          name: z.string(),
        }),
      ),
      projects: z.array(
        z.object({
          workspace: z.string(),
          slug: z.string(),
          id: z.string().describe('the id the paths take as well as the slug (pr_…)'),
          title: z.string(),
          resourceType: z.string(),
          locales: z.array(z.string()),
          files: z.array(z.string()),
        }),
      ),
      exports: z.array(
        z.object({
          id: z.string(),
          workspace: z.string(),
          project: z.string(),
          status: z.string(),
          createdAt: z.string(),
        }),
      ),
      releases: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          workspace: z.string(),
          environment: z.string(),
          type: z.string(),
          createdAt: z.string(),
        }),
      ),
      budgets: z.array(
        z.object({
          workspace: z.string(),
          budget: z.number().nullable(),
          used: z.number(),
          periodSeconds: z.number().nullable(),
        }),
      ),
      pendingExportErrors: z.number().int(),
      clock: ClockSchema,
      exportDelayMs: z.number(),
    }),
    run: (target) => ({
      ...target.store.snapshot(),
      clock: clockView(target.clock),
      exportDelayMs: target.store.exportDelayMs,
    }),
  }),
  listFaults: control({
    method: 'GET',
    path: '/__admin/faults',
    summary: 'The faults waiting to answer, oldest first',
    from: 'none',
    input: Nothing,
    output: z.object({ faults: z.array(ActiveFaultSchema), latencyMs: z.number() }),
    run: (target) => ({ faults: target.faults.list().map(faultView), latencyMs: target.faults.latencyMs }),
  }),
  addFault: control({
    method: 'POST',
    path: '/__admin/faults',
    summary: `Add a fault (kinds: ${Object.keys(FAULT_KINDS).join(', ')}), scoped by method, path, pathPattern, project, release, for the next count requests or "all"`,
    from: 'body',
    input: FaultSpecSchema,
    output: ActiveFaultSchema,
    run: (target, spec) => faultView(target.faults.add(spec)),
    flag: {
      name: 'fault',
      value: '<json>',
      help: 'add a fault at start, as POST /__admin/faults takes it (repeat for more)',
      parse: jsonFlag('fault'),
      repeatable: true,
    },
    example: { kind: 'STATUS', status: 503, method: 'POST', path: '/cdn/check', count: 2 },
  }),
  removeFault: control({
    method: 'DELETE',
    path: '/__admin/faults/{id}',
    summary: 'Remove one fault by its id',
    from: 'path',
    input: z.object({ id: z.string().min(1) }).strict(),
    output: Ok,
    run(target, { id }) {
      if (!target.faults.remove(id))
        throw new ControlError([{ field: '$.id', message: `No fault ${id}: GET /__admin/faults lists them.` }], 404);
      return { ok: true as const };
    },
    example: { id: 'fault-1' },
  }),
  clearFaults: control({
    method: 'DELETE',
    path: '/__admin/faults',
    summary: 'Remove every fault and the latency',
    from: 'none',
    input: Nothing,
    output: Ok,
    run(target) {
      target.faults.clear();
      return { ok: true as const };
    },
  }),
  getClock: control({
    method: 'GET',
    path: '/__admin/clock',
    summary: 'The mock’s time',
    from: 'none',
    input: Nothing,
    output: ClockSchema,
    run: (target) => clockView(target.clock),
  }),
  setClock: control({
    method: 'POST',
    path: '/__admin/clock',
    summary: 'Move the mock’s time: `advanceMs` forward (or back, negative), or `set` it to an ISO 8601 time',
    from: 'body',
    input: z
      .object({ advanceMs: z.number().int().optional(), set: ISO_TIME.optional() })
      .strict()
      .refine((v) => (v.advanceMs === undefined) !== (v.set === undefined), {
        message: 'give exactly one of advanceMs and set',
      }),
    output: ClockSchema,
    run(target, input) {
      const to = input.set !== undefined ? Date.parse(input.set) : target.clock.now() + input.advanceMs!;
      const problem = clockTimeProblem(to);
      if (problem)
        throw new ControlError([
          {
            field: input.set !== undefined ? '$.set' : '$.advanceMs',
            message: `${problem}; the clock stays at ${new Date(target.clock.now()).toISOString()}`,
          },
        ]);
      target.clock.set(to);
      // The time it was moved to, not a second reading: the clock runs on, and Date.now() may tick over a
      // millisecond between the two (so `set` answered .001 on a busy machine, and only sometimes).
      return clockView(target.clock, to);
    },
    flag: {
      name: 'clock',
      value: '<time>',
      help: 'start the clock at this ISO 8601 time (it then runs on)',
      parse: (text) => ({ set: text }),
    },
    example: { advanceMs: 3_600_000 },
  }),
  listRequests: control({
    method: 'GET',
    path: '/__admin/requests',
    summary:
      'The request journal, oldest first: method, path, query, headers (credentials fingerprinted), body summary, status, fault, and the request id its answer named (x-request-id)',
    from: 'query',
    input: z.object({ limit: z.coerce.number().int().positive().optional() }).strict(),
    output: z.object({
      requests: z.array(JournalEntrySchema),
      total: z.number().int().describe('requests recorded since the last clear, kept or not'),
      size: z.number().int().describe('how many the journal keeps'),
    }),
    run(target, { limit }) {
      const recorded = target.journal.recorded();
      const shown = limit === undefined ? recorded : recorded.slice(-limit);
      return { requests: shown.map((r) => entryOf(r)), total: target.journal.total, size: target.journal.size };
    },
    example: { limit: 10 },
  }),
  clearRequests: control({
    method: 'DELETE',
    path: '/__admin/requests',
    summary: 'Empty the request journal',
    from: 'none',
    input: Nothing,
    output: Ok,
    run(target) {
      target.journal.clear();
      return { ok: true as const };
    },
  }),
  verify: control({
    method: 'POST',
    path: '/__admin/requests/verify',
    summary:
      'Count the journal’s requests that match a pattern (method, path or pathPattern, operation, status, request id, query, headers, body); when none match, the nearest misses and what differs',
    from: 'body',
    input: RequestPatternSchema,
    output: z.object({
      count: z.number().int(),
      requests: z.array(JournalEntrySchema),
      nearMisses: z.array(z.object({ request: JournalEntrySchema, differences: z.array(z.string()) })),
    }),
    run: (target, pattern) => verify(target.journal.recorded(), pattern),
    example: { method: 'POST', path: '/cdn/check', body: { includesJson: { distributionType: 'MOBILE_SDK_IOS' } } },
  }),
  configureJournal: control({
    method: 'POST',
    path: '/__admin/requests/settings',
    summary: 'How many requests the journal keeps (the newest; 0 turns it off)',
    from: 'body',
    input: z.object({ size: z.number().int().min(0).max(1_000_000) }).strict(),
    output: z.object({ size: z.number().int() }),
    run(target, { size }) {
      target.journal.resize(size);
      return { size };
    },
    flag: {
      name: 'journal-size',
      value: '<n>',
      help: 'how many requests the journal keeps (default 1000; 0: off)',
      parse: (text) => ({ size: /^\d+$/.test(text) ? Number(text) : Number.NaN }),
    },
    example: { size: 5000 },
  }),
} as const;

export type ControlName = keyof typeof CONTROLS;

/** The index of the control API (GET /__admin/), from the table itself. */
function controlList(): { name: string; method: string; path: string; summary: string }[] {
  return (Object.keys(CONTROLS) as ControlName[]).map((name) => {
    const { method, path, summary } = CONTROLS[name];
    return { name, method, path, summary };
  });
}
type Controls = typeof CONTROLS;

/** The JS API of the controls: one method each, taking the control's input, answering its output. */
export type AdminApi = {
  [K in ControlName]: (input?: z.input<Controls[K]['input']>) => z.output<Controls[K]['output']>;
};

/**
 * Runs a control: checks its input (a ControlError naming each bad field, and nothing changed), then
 * does it.
 */
export function runControl(name: ControlName, target: ControlTarget, input: unknown): unknown {
  const c = CONTROLS[name] as unknown as Control<z.ZodType, z.ZodType>;
  // No input is `{}`; a JSON `null` is input, and refused as what it is (not taken for `{}`).
  const parsed = c.input.safeParse(input === undefined ? {} : input);
  if (!parsed.success) throw ControlError.fromZod(parsed.error);
  return c.run(target, parsed.data);
}

/** The JS API of a service's controls. */
export function adminApi(target: ControlTarget): AdminApi {
  const api: Record<string, (input?: unknown) => unknown> = {};
  for (const name of Object.keys(CONTROLS) as ControlName[]) api[name] = (input) => runControl(name, target, input);
  return api as AdminApi;
}
