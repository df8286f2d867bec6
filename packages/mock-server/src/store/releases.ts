// Releases (a seed's distributions, and what the control API publishes) and their bundles: a release's
// ZIP is made the first time something asks for it, then kept until the release is published anew. A
// release carries its project's strings as they were when it was published (a seed's: the seed's): an
// upload changes the project, not a release an app may have installed (docs/decisions.md, "Resources").
import { buildZip, localesOf, zipOf } from './project-files';
import { findProject } from './projects';
import { sdkBundleLayout } from './sdk-bundles';
import type { State, StoreContext } from './state';
import { StoreError } from './store-error';
import type { SeedDistribution, SeedRelease } from './types';

/** The stored name of a release's ZIP (the last segment of its `filesUrl`). */
export function releaseBlobName(releaseId: string): string {
  return `${releaseId}.zip`;
}

/**
 * The ZIP of a release, stored as releaseBlobName(id): made the first time, then kept. The mobile SDK types'
 * bundles are laid out as the official SDKs read them (sdk-bundles.ts); NATIVE_FORMAT's (and an unknown
 * type's) hold the project's own files, every locale, as an export in its own format would.
 */
export function releaseBundle(state: State, distribution: SeedDistribution, releaseId: string): Promise<Uint8Array> {
  return state.blobs.release(releaseBlobName(releaseId), async () => {
    const p = state.releaseStrings.get(releaseId) ?? findProject(state, distribution.workspace, distribution.project);
    const sdk = sdkBundleLayout(distribution.type, p);
    if (sdk) return zipOf(p, p.files, sdk.format, sdk.place);
    return (await buildZip(p, p.files, localesOf(p), p.resourceType)).bytes;
  });
}

/** A release's stored ZIP by name (made now if no one asked for it yet), or undefined for no release. */
export async function releaseZip(state: State, name: string): Promise<Uint8Array | undefined> {
  const release = state.seed.distributions
    .flatMap((d) => d.releases.map((r) => ({ d, r })))
    .find(({ r }) => releaseBlobName(r.id) === name);
  return release ? await releaseBundle(state, release.d, release.r.id) : undefined;
}

/** The store's calls on releases (see createStore); CDN checks find them in cdn-checks.ts. */
export function createReleases(ctx: StoreContext) {
  return {
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
      const { state } = ctx;
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
      // The new release carries the project's strings of now, and so do the releases moved to another project.
      const strings = findProject(state, distribution.workspace, distribution.project);
      for (const id of new Set([...stale, to.release.id])) state.releaseStrings.set(id, strings);
      return { created: !existing, replaced };
    },

    /** A release's bundle if a CDN check has offered it already (it is made then), else undefined. */
    madeRelease(releaseId: string): Uint8Array | undefined {
      return ctx.state.madeReleases.get(releaseId);
    },
  };
}
