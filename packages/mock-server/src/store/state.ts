// What the store holds between two calls, made from a seed: `reset()` and `loadSeed()` put a new one in
// place whole, so no part of the store keeps a piece of an old one by accident.
import { createHash } from 'node:crypto';
import type { MockClock } from '../clock';
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
    forcedExportErrors: [],
    cdnUsage: new Map(),
    madeReleases: new Map(),
  };
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
