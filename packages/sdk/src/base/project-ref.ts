// The one name of a project. The service's paths call the slugs `workspaceUrl` and `projectUrl`; every
// answer, error and helper of the SDK calls them `workspace` and `project`: list entries, project details
// (fetched and created), and errors of a call whose path names a project.

/**
 * A project as every call takes it: its workspace's slug and its own. Each project the SDK hands back
 * (listed, fetched, created) carries both, read from its self link; an answer without a usable one is a
 * ContractError, so they are never undefined.
 *
 * @example
 * const created = await loc.projects.create('acme', { title: 'Checkout', resourceType: 'json.standard', sourceLanguageCode: 'en' });
 * await loc.projects.status(created.workspace, created.project);
 */
export interface ProjectRef {
  /** The workspace's slug (`acme`): the `{workspaceUrl}` of the API's paths. */
  workspace: string;
  /** The project's slug (`mobile-app`): the `{projectUrl}` of the API's paths. */
  project: string;
}

/**
 * The reference alone, as a plain object: from a listed project, project details (fetched or created) or
 * an error that names one. Never undefined: each of these carries both slugs.
 *
 * @example
 * const ref = projectRefOf(await loc.projects.get('acme', 'mobile-app')); // { workspace: 'acme', project: 'mobile-app' }
 */
export function projectRefOf(project: ProjectRef): ProjectRef {
  return { workspace: project.workspace, project: project.project };
}
