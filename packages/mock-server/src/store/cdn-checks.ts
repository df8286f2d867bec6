// What a CDN check asks of the store: whose key it is, a check spent from the workspace's budget, and the
// release to offer. A load test checks on every request: what a check compares is parsed once and kept.
import { createHash } from 'node:crypto';
import type { CdnCheckRequest } from '@loc/sdk/internal';
import semver from 'semver';
import { findWorkspace } from './projects';
import { releaseBlobName, releaseBundle } from './releases';
import type { StoreContext } from './state';
import { BudgetError, StoreError } from './store-error';
import type { SeedDistribution, SeedRelease } from './types';

/** SHA-256 of each blob, computed once: a CDN check reports its release's checksum on every call. */
const blobSha256 = new WeakMap<Uint8Array, string>();
function sha256Of(bytes: Uint8Array): string {
  let sha = blobSha256.get(bytes);
  if (sha === undefined) blobSha256.set(bytes, (sha = createHash('sha256').update(bytes).digest('hex')));
  return sha;
}

/** A release's `createdAt` in milliseconds, parsed once per release object: a CDN check compares them on every call. */
const createdAt = new WeakMap<{ createdAt: string }, number>();
function createdAtMs(release: { createdAt: string }): number {
  let at = createdAt.get(release);
  if (at === undefined) createdAt.set(release, (at = Date.parse(release.createdAt)));
  return at;
}

/** A release offered to CDN checks, with its bundle's stored name and checksum (read only: it is shared). */
export interface Offer {
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

/** The store's calls for CDN checks (see createStore). */
export function createCdnChecks(ctx: StoreContext) {
  /** A release's bundle made (the first check that offers it waits for it), and noted as made. */
  async function offeredOnceMade(distribution: SeedDistribution, release: SeedRelease) {
    const bytes = await releaseBundle(ctx.state, distribution, release.id);
    ctx.state.madeReleases.set(release.id, bytes);
    return offered(release, bytes);
  }

  return {
    /** The workspace a valid CDN key belongs to; throws 'unauthorized' for a missing, malformed, unknown, revoked or expired key. */
    cdnWorkspace(key: string | undefined): string {
      const found = key?.startsWith('lh-cdn_') ? ctx.state.seed.cdnKeys.find((k) => k.key === key) : undefined;
      if (!found || found.revoked || (found.expiresAt !== null && Date.parse(found.expiresAt) <= ctx.clock.now())) {
        throw new StoreError('unauthorized', 'CDN key missing, malformed, invalid or expired');
      }
      return found.workspace;
    },

    /**
     * Counts one check against the workspace's budget; throws a BudgetError when it is spent, with the
     * time the budget renews when the workspace has a budget period.
     */
    spendCdnBudget(ws: string) {
      const { state } = ctx;
      const { cdnBudget: budget, cdnBudgetPeriodSeconds } = findWorkspace(state, ws);
      const periodMs = cdnBudgetPeriodSeconds === null ? null : cdnBudgetPeriodSeconds * 1000;
      const now = ctx.clock.now();
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
      const { state } = ctx;
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
  };
}
