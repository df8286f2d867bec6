// What the store holds between two calls, made from a seed: `reset()` and `loadSeed()` put a new one in
// place whole, so no part of the store keeps a piece of an old one by accident.
import { createHash } from 'node:crypto';
import type { MockClock } from './clock';
import type { ParsedSeed } from '../seed/schema';
import { createBlobs, type Blobs } from './blobs';
import type { ExportJob, Project, User } from './types';

export interface State {
  seed: ParsedSeed;
  users: Map<string, User>;
  projects: Project[];
  jobs: Map<string, ExportJob>;
  blobs: Blobs;
  /** Export jobs still being assembled: their outcome, once the job's time has come. */
  assemblies: Map<string, Promise<NonNullable<ExportJob['result']>>>;
  /** Messages the next export jobs end in, first to last (fault injection). */
  forcedExportErrors: string[];
  /** Checks spent per workspace in its current budget period (the period's start, clock time). */
  cdnUsage: Map<string, { periodStart: number; used: number }>;
  /** Release bundles made so far, by release id (for a fault that must know a bundle at once). */
  madeReleases: Map<string, Uint8Array>;
  /**
   * The project each release was published from, as it was then, by release id: a release's bundle carries
   * those strings, whatever an upload changed since (a seed's releases: the seed's).
   */
  releaseStrings: Map<string, Project>;
}

/**
 * What each part of the store works on. `state` is read at each call, never kept: a reset replaces it
 * (an export job that must finish in the state it began in takes what it needs of it first).
 */
export interface StoreContext {
  readonly state: State;
  readonly clock: MockClock;
}

/** The state a seed starts with: its projects (each file given a stable id), no jobs, nothing made. */
export function loadState(seed: ParsedSeed, now: () => number): State {
  const users = new Map<string, User>();
  for (const u of seed.users) for (const token of u.tokens) users.set(token, u);
  const projects: Project[] = seed.projects.map((p) => ({
    ...p,
    updatedAt: p.updatedAt ?? p.createdAt,
    fileIds: p.files.map((f, i) => fileIdOf(p.workspace, p.slug, f.path, i)),
  }));
  const releaseStrings = new Map<string, Project>();
  for (const d of seed.distributions) {
    const project = projects.find((p) => p.workspace === d.workspace && p.slug === d.project);
    if (project) for (const r of d.releases) releaseStrings.set(r.id, project);
  }
  return {
    seed,
    users,
    projects,
    jobs: new Map(),
    blobs: createBlobs(now),
    assemblies: new Map(),
    forcedExportErrors: [],
    cdnUsage: new Map(),
    madeReleases: new Map(),
    releaseStrings,
  };
}

/** The stable id of a project's resource container: `rc_` and a hash of its path, then its place. */
export function fileIdOf(workspace: string, project: string, path: string, index: number): string {
  return `rc_${hash(`${workspace}/${project}/${path}`).slice(0, 12)}-${index + 1}`;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
