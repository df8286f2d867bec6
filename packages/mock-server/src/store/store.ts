import { createHash, randomBytes } from 'node:crypto';
import { exportFormatsFor, formatInfo, RESOURCE_TYPES, type CdnCheckRequest } from '@loc/sdk/internal';
import { LANGUAGE_CODE_PATTERN, type CreateProjectRequestSchema } from '@loc/sdk/schemas';
import type { z } from 'zod';
import semver from 'semver';
import type { MockClock } from '../clock';
import { parseSeed, type ParsedSeed, type Seed } from '../seed/schema';
import { can } from './access';
import { createBlobs, type Blobs } from './blobs';
import { buildZip, localesOf } from './project-files';
import { slugify } from './slug';
import type { ExportJob, Permission, Project, SeedDistribution, SeedRelease, User } from './types';

/** A failure of a store operation; the HTTP layer maps `kind` to a status. */
export class StoreError extends Error {
  constructor(
    readonly kind: 'not-found' | 'forbidden' | 'invalid' | 'unauthorized' | 'budget',
    message: string,
    /** The input field at fault, for a control's input (`release.id`), when one is. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The workspace's CDN budget is spent; `renewsAt` (clock time) when it has a period, else null. */
export class BudgetError extends StoreError {
  constructor(readonly renewsAt: number | null) {
    super('budget', 'Usage limit exceeded');
  }
}

const DEFAULT_EXPORT_DELAY_MS = 300;
const DISTRIBUTION_FORMAT: Record<string, string | undefined> = {
  MOBILE_SDK_IOS: 'strings.ios',
  MOBILE_SDK_ANDROID: 'xml.android.resources',
};

interface State {
  seed: ParsedSeed;
  users: Map<string, User>;
  projects: Project[];
  jobs: Map<string, ExportJob>;
  blobs: Blobs;
  /** Export jobs still being assembled: their outcome, once the job's time has come. */
  assemblies: Map<string, Promise<NonNullable<ExportJob['result']>>>;
  /** Checks spent per workspace in its current budget period (the period's start, clock time). */
  cdnUsage: Map<string, { periodStart: number; used: number }>;
  /** Release bundles made so far, by release id (for a fault that must know a bundle at once). */
  madeReleases: Map<string, Uint8Array>;
}

function load(seed: ParsedSeed, now: () => number): State {
  const users = new Map<string, User>();
  for (const u of seed.users) for (const token of u.tokens) users.set(token, u);
  return {
    seed,
    users,
    projects: seed.projects.map((p) => ({
      ...p,
      updatedAt: p.updatedAt ?? p.createdAt,
      fileIds: p.files.map(
        (f) => `rc_${hash(`${p.workspace}/${p.slug}/${f.path}`).slice(0, 12)}-${p.files.indexOf(f) + 1}`,
      ),
    })),
    jobs: new Map(),
    blobs: createBlobs(now),
    assemblies: new Map(),
    cdnUsage: new Map(),
    madeReleases: new Map(),
  };
}

/** SHA-256 of each blob, computed once: a CDN check reports its release's checksum on every call. */
const blobSha256 = new WeakMap<Uint8Array, string>();
function sha256Of(bytes: Uint8Array): string {
  let sha = blobSha256.get(bytes);
  if (sha === undefined) blobSha256.set(bytes, (sha = createHash('sha256').update(bytes).digest('hex')));
  return sha;
}

/** The stored name of a release's ZIP (the last segment of its `filesUrl`). */
function releaseBlobName(releaseId: string): string {
  return `${releaseId}.zip`;
}

/** A release's `createdAt` in milliseconds, parsed once per release object: a CDN check compares them on every call. */
const createdAt = new WeakMap<{ createdAt: string }, number>();
function createdAtMs(release: { createdAt: string }): number {
  let at = createdAt.get(release);
  if (at === undefined) createdAt.set(release, (at = Date.parse(release.createdAt)));
  return at;
}

/** The files an export lists (read only: jobs share them). */
type ExportedFiles = Extract<ExportJob['result'], { status: 'SUCCESS' }>['files'];
/** The file list of each project's latest export. */
const exportedFiles = new WeakMap<Project, ExportedFiles>();

/**
 * `files`, or the same list the project's previous export made: the jobs of repeated exports share one
 * list, where a list of their own per job (120 files at scale) grew the heap by ~14 KB an export.
 */
function sharedFiles(project: Project, files: ExportedFiles): ExportedFiles {
  const last = exportedFiles.get(project);
  const same =
    last?.length === files.length &&
    last.every((f, i) => f.filePath === files[i]!.filePath && f.iso2Slug === files[i]!.iso2Slug);
  if (same) return last;
  exportedFiles.set(project, files);
  return files;
}

/** A release offered to CDN checks, with its bundle's stored name and checksum (read only: it is shared). */
interface Offer {
  readonly release: SeedRelease;
  readonly blobName: string;
  readonly sha256: string;
}
/** The offer of each made bundle: one object for every check that is offered it. */
const offers = new WeakMap<Uint8Array, Offer>();

function offered(release: SeedRelease, bytes: Uint8Array): Offer {
  let offer = offers.get(bytes);
  if (offer?.release !== release)
    offers.set(bytes, (offer = { release, blobName: releaseBlobName(release.id), sha256: sha256Of(bytes) }));
  return offer;
}

/**
 * Whether a distribution's or release's version range serves a client's `version` (parsed: undefined when
 * the check names none, null when semver cannot read it, which no range serves).
 */
function serves(version: semver.SemVer | null | undefined, range: string | undefined): boolean {
  return version === undefined || !range || (version !== null && rangeOf(range)?.test(version) === true);
}

/**
 * Each distribution's and release's version range, parsed once: a CDN check tests them on every call.
 * null for a range semver cannot read, which serves no version (as `semver.satisfies` answers).
 */
const ranges = new Map<string, semver.Range | null>();
function rangeOf(range: string): semver.Range | null {
  let parsed = ranges.get(range);
  if (parsed === undefined) {
    parsed = semver.validRange(range, { includePrerelease: true })
      ? new semver.Range(range, { includePrerelease: true })
      : null;
    ranges.set(range, parsed);
  }
  return parsed;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** Titles that differ only in case, width or spacing name the same project. */
function sameTitle(a: string, b: string): boolean {
  const norm = (t: string) => t.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** A language code as the service accepts it (`en`, `de-AT`, `zh-Hant`, `sr-Latn-RS`): the SDK's one rule. */
export function isLanguageCode(code: string): boolean {
  return LANGUAGE_CODE_PATTERN.test(code);
}

/**
 * The mock's state and its rules, with no HTTP in it: who may do what, projects, export jobs, CDN
 * keys, budgets and releases. Handlers translate requests into these calls.
 */
export function createStore(seedInput: Seed, clock: MockClock, options: { exportDelayMs?: number } = {}) {
  let initial = parseSeed(seedInput);
  let state = load(initial, () => clock.now());
  let exportDelayMs = options.exportDelayMs ?? DEFAULT_EXPORT_DELAY_MS;
  let forcedExportErrors: string[] = [];

  function workspace(slug: string) {
    const ws = state.seed.workspaces.find((w) => w.slug === slug);
    if (!ws) throw new StoreError('not-found', `Workspace '${slug}' does not exist. Check the workspace URL slug.`);
    return ws;
  }

  function project(ws: string, slug: string): Project {
    workspace(ws);
    const p = state.projects.find((x) => x.workspace === ws && x.slug === slug);
    if (!p)
      throw new StoreError(
        'not-found',
        `Project '${slug}' does not exist in workspace '${ws}'. List projects with GET /v1/projects.`,
      );
    return p;
  }

  function require(user: User, permission: Permission, ws: string, projectSlug?: string) {
    if (!can(user, permission, ws, projectSlug)) {
      const where = projectSlug ? `project '${ws}/${projectSlug}'` : `workspace '${ws}'`;
      throw new StoreError(
        'forbidden',
        `Missing permission ${permission} on ${where}. Ask a workspace admin for access.`,
      );
    }
  }

  /**
   * What an export job comes to: ERROR with the reason, or SUCCESS once its ZIP is made. Started when
   * the job is created, so a large ZIP is being made while the client waits; the job shows it only when
   * its time has come.
   */
  async function assemble(job: ExportJob): Promise<NonNullable<ExportJob['result']>> {
    const { blobs } = state; // the state this job belongs to, even if the store is reset meanwhile
    const p = project(job.workspace, job.project);
    const fail = (errorDetails: string) => ({ status: 'ERROR', errorDetails }) as const;
    if (job.forcedError) return fail(job.forcedError);
    const format = job.request.exportFormat ?? p.resourceType;
    if (!formatInfo(format)) {
      return fail(
        `Unknown export format '${format}'. Formats of this project: ${exportFormatsFor(p.resourceType)
          .map((f) => f.id)
          .join(', ')}.`,
      );
    }
    if (!exportFormatsFor(p.resourceType).some((f) => f.id === format)) {
      return fail(
        `A ${p.resourceType} project cannot be exported as ${format}. Use one of: ${exportFormatsFor(p.resourceType)
          .map((f) => f.id)
          .join(', ')}.`,
      );
    }
    const all = localesOf(p);
    const locales: string[] = [];
    for (const wanted of job.request.iso2Slugs ?? all) {
      const matches = all.filter(
        (l) => l.toLowerCase() === wanted.toLowerCase() || l.split('-')[0]!.toLowerCase() === wanted.toLowerCase(),
      );
      if (matches.length === 0)
        return fail(`Locale '${wanted}' is not a locale of project '${p.slug}'. Its locales are: ${all.join(', ')}.`);
      for (const m of matches) if (!locales.includes(m)) locales.push(m);
    }
    const files = job.request.filePaths ? p.files.filter((f) => job.request.filePaths!.includes(f.path)) : p.files;
    const zip = await buildZip(p, files, locales, format);
    const zipName = `${p.slug}-${job.id}.zip`;
    blobs.putExport(zipName, zip.bytes);
    return { status: 'SUCCESS', files: sharedFiles(p, zip.files), zipName };
  }

  /** The job, with its outcome once its time has come (waiting for its ZIP if that is still being made). */
  async function settle(job: ExportJob): Promise<ExportJob> {
    const assembly = state.assemblies.get(job.id);
    if (job.result || !assembly || clock.now() < job.readyAt) return job;
    job.result = await assembly;
    state.assemblies.delete(job.id);
    return job;
  }

  /** A release's bundle made (the first check that offers it waits for it), and noted as made. */
  async function offeredOnceMade(distribution: SeedDistribution, release: SeedRelease) {
    const bytes = await releaseBytes(distribution, release.id);
    state.madeReleases.set(release.id, bytes);
    return offered(release, bytes);
  }

  /** The ZIP of a release, stored as releaseBlobName(id): made the first time, then kept. */
  function releaseBytes(distribution: SeedDistribution, releaseId: string): Promise<Uint8Array> {
    return state.blobs.release(releaseBlobName(releaseId), async () => {
      const p = project(distribution.workspace, distribution.project);
      return (await buildZip(p, p.files, localesOf(p), DISTRIBUTION_FORMAT[distribution.type] ?? p.resourceType)).bytes;
    });
  }

  return {
    get seed(): ParsedSeed {
      return state.seed;
    },
    get exportDelayMs() {
      return exportDelayMs;
    },
    set exportDelayMs(ms: number) {
      exportDelayMs = ms;
    },
    /** Back to the seed: projects, jobs and budgets as they were. */
    reset() {
      state = load(initial, () => clock.now());
      forcedExportErrors = [];
    },
    /**
     * Starts over from another seed, which `reset()` then returns to (unless `remember` is false). It is
     * parsed first: a seed that fails throws and leaves the state as it was.
     */
    loadSeed(seed: Seed, { remember = true } = {}) {
      const parsedSeed = parseSeed(seed);
      if (remember) initial = parsedSeed;
      state = load(parsedSeed, () => clock.now());
      forcedExportErrors = [];
    },
    /**
     * Publishes a release to one distribution (workspace, environment, type): added, or put in place of
     * the distribution's release with the same id, whose bundle is made again. A distribution that does
     * not exist is created when `project` is given. Nothing else changes; `reset()` takes it back. Throws
     * StoreError ('not-found', 'invalid') naming what is wrong, and then changes nothing.
     */
    publishRelease(to: {
      workspace: string;
      environment: SeedDistribution['environment'];
      type: SeedDistribution['type'];
      project?: string | undefined;
      clientVersions?: string | undefined;
      release: SeedRelease;
    }): { created: boolean; replaced: boolean } {
      if (!state.seed.workspaces.some((w) => w.slug === to.workspace))
        throw new StoreError('not-found', `Workspace '${to.workspace}' does not exist.`, 'workspace');
      if (
        to.project !== undefined &&
        !state.projects.some((p) => p.workspace === to.workspace && p.slug === to.project)
      )
        throw new StoreError(
          'not-found',
          `Project '${to.project}' does not exist in workspace '${to.workspace}'.`,
          'project',
        );
      const { distributions } = state.seed;
      const existing = distributions.find(
        (d) => d.workspace === to.workspace && d.environment === to.environment && d.type === to.type,
      );
      const elsewhere = distributions.find((d) => d !== existing && d.releases.some((r) => r.id === to.release.id));
      if (elsewhere)
        throw new StoreError(
          'invalid',
          `Release id '${to.release.id}' is a release of ${elsewhere.workspace} ${elsewhere.environment}/${elsewhere.type}: release ids are unique (they name the bundle).`,
          'release.id',
        );
      if (!existing && to.project === undefined)
        throw new StoreError(
          'not-found',
          `${to.workspace} has no distribution ${to.environment}/${to.type}: give its project to create it.`,
          'project',
        );
      const replaced = existing?.releases.some((r) => r.id === to.release.id) ?? false;
      const distribution: SeedDistribution = existing
        ? {
            ...existing,
            ...(to.project !== undefined ? { project: to.project } : {}),
            ...(to.clientVersions !== undefined ? { clientVersions: to.clientVersions } : {}),
            releases: [...existing.releases.filter((r) => r.id !== to.release.id), to.release],
          }
        : {
            workspace: to.workspace,
            environment: to.environment,
            type: to.type,
            project: to.project!,
            ...(to.clientVersions !== undefined ? { clientVersions: to.clientVersions } : {}),
            releases: [to.release],
          };
      // A new seed object: the one `reset()` returns to stays as it was.
      state.seed = {
        ...state.seed,
        distributions: existing
          ? distributions.map((d) => (d === existing ? distribution : d))
          : [...distributions, distribution],
      };
      // Bundles made before are made again: the replaced release's, or all of them for another project.
      const stale =
        existing && existing.project !== distribution.project
          ? existing.releases.map((r) => r.id)
          : replaced
            ? [to.release.id]
            : [];
      for (const id of stale) {
        state.blobs.forgetRelease(releaseBlobName(id));
        state.madeReleases.delete(id);
      }
      return { created: !existing, replaced };
    },
    /** The state as the control API shows it: projects, exports, releases and budgets. */
    snapshot() {
      return {
        projects: state.projects.map((p) => ({
          workspace: p.workspace,
          slug: p.slug,
          title: p.title,
          resourceType: p.resourceType,
          locales: localesOf(p),
          files: p.files.map((f) => f.path),
        })),
        exports: [...state.jobs.values()].map((j) => ({
          id: j.id,
          workspace: j.workspace,
          project: j.project,
          status: j.result?.status ?? 'PROCESSING',
          createdAt: new Date(j.createdAt).toISOString(),
        })),
        releases: state.seed.distributions.flatMap((d) =>
          d.releases.map((r) => ({
            id: r.id,
            name: r.name,
            workspace: d.workspace,
            environment: d.environment,
            type: d.type,
            createdAt: r.createdAt,
          })),
        ),
        budgets: state.seed.workspaces.map((w) => ({
          workspace: w.slug,
          budget: w.cdnBudget,
          used: state.cdnUsage.get(w.slug)?.used ?? 0,
          periodSeconds: w.cdnBudgetPeriodSeconds,
        })),
        pendingExportErrors: forcedExportErrors.length,
      };
    },

    /** The user a Bearer token belongs to; throws 'unauthorized' otherwise. */
    authenticate(token: string | undefined): User {
      const user = token ? state.users.get(token) : undefined;
      if (!user) {
        throw new StoreError(
          'unauthorized',
          token
            ? 'The API token is invalid or was revoked. Create a new one, or check LOC_API_TOKEN.'
            : 'No API token. Send it as "Authorization: Bearer <token>".',
        );
      }
      return user;
    },

    workspace,
    project,
    require,

    /** Projects the user owns or collaborates on, across workspaces. */
    projectsOf(user: User): Project[] {
      return state.projects.filter((p) => p.owner === user.email || can(user, 'generalView', p.workspace, p.slug));
    },

    projectsIn(ws: string): Project[] {
      workspace(ws);
      return state.projects.filter((p) => p.workspace === ws);
    },

    /** Creates a project; the body is already shape-checked. */
    createProject(ws: string, owner: User, body: z.output<typeof CreateProjectRequestSchema>): Project {
      const problems: string[] = [];
      if (!RESOURCE_TYPES.some((t) => t.id === body.resourceType)) {
        problems.push(
          `resourceType '${body.resourceType}' is unknown; use one of ${RESOURCE_TYPES.map((t) => t.id).join(', ')}`,
        );
      }
      for (const code of [body.sourceLanguageCode, ...(body.targetLanguageCodes ?? [])]) {
        if (!isLanguageCode(code))
          problems.push(`'${code}' is not a BCP 47 language code (for example en, de-AT, zh-Hant)`);
      }
      const inWorkspace = state.projects.filter((p) => p.workspace === ws);
      const same = inWorkspace.find((p) => sameTitle(p.title, body.title));
      if (!body.title.trim()) problems.push('title must not be empty');
      else if (same)
        problems.push(
          `a project titled '${same.title}' (URL '${same.slug}') already exists in workspace '${ws}'; choose another title`,
        );
      if (problems.length) throw new StoreError('invalid', `Invalid project: ${problems.join('; ')}.`);
      // Another title can give a slug that is taken (Café, Cafe) or reserved (Status): the next free `-2`, `-3`….
      const base = slugify(body.title);
      let slug = base;
      for (let n = 2; slug === 'status' || inWorkspace.some((p) => p.slug === slug); n++) slug = `${base}-${n}`;
      const now = new Date(clock.now()).toISOString();
      const created: Project = {
        workspace: ws,
        slug,
        title: body.title.trim(),
        ...(body.description !== undefined ? { description: body.description } : {}),
        owner: owner.email,
        resourceType: body.resourceType,
        sourceLocale: body.sourceLanguageCode,
        targetLocales: [...new Set(body.targetLanguageCodes ?? [])].filter((c) => c !== body.sourceLanguageCode),
        createdAt: now,
        updatedAt: now,
        repositoryConnections: [],
        files: [],
        fileIds: [],
      };
      state.projects.push(created);
      return created;
    },

    /** Starts an export job; unknown file paths are refused here (404), the rest is judged by the job. */
    createExport(ws: string, projectSlug: string, request: ExportJob['request']): ExportJob {
      const p = project(ws, projectSlug);
      for (const path of request.filePaths ?? []) {
        if (!p.files.some((f) => f.path === path)) {
          throw new StoreError(
            'not-found',
            `File '${path}' does not exist in project '${p.slug}'. Its files are: ${p.files.map((f) => f.path).join(', ') || 'none'}.`,
          );
        }
      }
      const createdAt = clock.now();
      const job: ExportJob = {
        id: `reg_${randomBytes(9).toString('base64url')}-${state.jobs.size + 1}`,
        workspace: ws,
        project: p.slug,
        request,
        createdAt,
        readyAt: createdAt + exportDelayMs,
        ...(forcedExportErrors.length ? { forcedError: forcedExportErrors.shift()! } : {}),
      };
      state.jobs.set(job.id, job);
      state.assemblies.set(
        job.id,
        assemble(job).catch((error: unknown) => {
          console.error('[loc-mock] export assembly failed', error);
          return {
            status: 'ERROR',
            errorDetails: 'Internal error in the mock server while assembling the export (a bug: please report it).',
          } as const;
        }),
      );
      return job;
    },

    /** An export job, assembled once its time has come. */
    async getExport(ws: string, projectSlug: string, id: string): Promise<ExportJob> {
      project(ws, projectSlug);
      const job = state.jobs.get(id);
      if (!job || job.workspace !== ws || job.project !== projectSlug) {
        throw new StoreError(
          'not-found',
          `Export '${id}' does not exist in project '${ws}/${projectSlug}'. Use the id the POST returned.`,
        );
      }
      await settle(job);
      // A URL is handed out for its ZIP now: keep the ZIP as long as that URL is valid.
      if (job.result?.status === 'SUCCESS') state.blobs.getExport(job.result.zipName);
      return job;
    },

    /** Makes the next export(s) end in ERROR with `message`. */
    failNextExport(message = 'Export failed (injected fault)') {
      forcedExportErrors.push(message);
    },

    /** The workspace a valid CDN key belongs to; throws 'unauthorized' for a missing, malformed, unknown, revoked or expired key. */
    cdnWorkspace(key: string | undefined): string {
      const found = key?.startsWith('lh-cdn_') ? state.seed.cdnKeys.find((k) => k.key === key) : undefined;
      if (!found || found.revoked || (found.expiresAt !== null && Date.parse(found.expiresAt) <= clock.now())) {
        throw new StoreError('unauthorized', 'CDN key missing, malformed, invalid or expired');
      }
      return found.workspace;
    },

    /**
     * Counts one check against the workspace's budget; throws a BudgetError when it is spent, with the
     * time the budget renews when the workspace has a budget period.
     */
    spendCdnBudget(ws: string) {
      const { cdnBudget: budget, cdnBudgetPeriodSeconds } = workspace(ws);
      const periodMs = cdnBudgetPeriodSeconds === null ? null : cdnBudgetPeriodSeconds * 1000;
      const now = clock.now();
      // A period starts with the first check after the previous one ended (so a test never sees a renewal it did not cause).
      const current = state.cdnUsage.get(ws);
      const usage =
        current && (periodMs === null || now < current.periodStart + periodMs)
          ? current
          : { periodStart: now, used: 0 };
      if (budget !== null && usage.used >= budget)
        throw new BudgetError(periodMs === null ? null : usage.periodStart + periodMs);
      // Counted in place (a check is counted on every call under a load test).
      usage.used++;
      if (usage !== current) state.cdnUsage.set(ws, usage);
    },

    /**
     * The release a client should download: 'no-distribution' when none serves the environment, type and
     * version; null when nothing newer applies; else the newest applicable release. At once once its
     * bundle is made (a load test checks on every request), a promise the first time.
     */
    findRelease(
      ws: string,
      check: Pick<CdnCheckRequest, 'distributionEnvironment' | 'distributionType' | 'clientVersion' | 'clientRelease'>,
    ) {
      // Parsed once for all the ranges it is tested against (the body's check let only semantic versions in).
      // null: a version semver cannot read, which no range serves (as `semver.satisfies` answers).
      const version = check.clientVersion ? semver.parse(check.clientVersion) : undefined;
      // One pass, without closures or objects (a load test checks on every request): the newest release,
      // the first of equals.
      let served = false;
      let newest: SeedRelease | undefined;
      let newestOf: SeedDistribution | undefined;
      let newestAt = 0;
      for (const d of state.seed.distributions) {
        if (d.workspace !== ws || d.environment !== check.distributionEnvironment) continue;
        if (d.type !== check.distributionType || !serves(version, d.clientVersions)) continue;
        served = true;
        for (const r of d.releases) {
          const at = createdAtMs(r);
          if (serves(version, r.clientVersions) && (!newest || at > newestAt)) {
            newest = r;
            newestOf = d;
            newestAt = at;
          }
        }
      }
      if (!served) return 'no-distribution' as const;
      if (!newest || newest.id === check.clientRelease) return null;
      const made = state.madeReleases.get(newest.id);
      if (made) return offered(newest, made);
      return offeredOnceMade(newestOf!, newest);
    },

    /**
     * Stored ZIP bytes, by `<kind>/<name>`. An export ZIP dropped to bound memory is made again (the
     * same bytes) when a valid URL still asks for it.
     */
    async blob(kind: string, name: string): Promise<Uint8Array | undefined> {
      if (kind === 'releases') {
        const release = state.seed.distributions
          .flatMap((d) => d.releases.map((r) => ({ d, r })))
          .find(({ r }) => releaseBlobName(r.id) === name);
        return release ? await releaseBytes(release.d, release.r.id) : undefined;
      }
      if (kind !== 'exports') return undefined;
      const kept = state.blobs.getExport(name);
      if (kept) return kept;
      const job = [...state.jobs.values()].find((j) => j.result?.status === 'SUCCESS' && j.result.zipName === name);
      // The storage handler checked the URL's signature and expiry: whoever asks may have the ZIP.
      if (!job) return undefined;
      const again = await assemble({ ...job, forcedError: undefined });
      return again.status === 'SUCCESS' ? state.blobs.getExport(name) : undefined;
    },

    /** A release's bundle if a CDN check has offered it already (it is made then), else undefined. */
    madeRelease(releaseId: string): Uint8Array | undefined {
      return state.madeReleases.get(releaseId);
    },

    now: () => clock.now(),
  };
}

export type Store = ReturnType<typeof createStore>;
