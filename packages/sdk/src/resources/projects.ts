// Projects: list, inspect, create, and translation status. Each method hands its operation
// (src/operations.ts) and parameters to the one request function.
import type { RequestOptions, Transport } from '../core/request';
import { createProject, getProject, listProjects, projectStatus, workspaceStatus } from '../operations';
import type { Link } from '../schemas/common';
import type {
  CreateProjectRequest,
  ProjectDetails,
  ProjectList,
  ResourceStatus,
  WorkspaceProjectStatus,
} from '../schemas/projects';

/** Workspace and project slugs of a project, as the API's paths take them. */
export interface ProjectRef {
  workspaceUrl: string;
  projectUrl: string;
}

/**
 * Reads the workspace and project slugs from a project's self link
 * (`<base>/v1/<workspaceUrl>/projects/<projectUrl>`); undefined when there is no such link.
 *
 * @example
 * const { members } = await loc.projects.list();
 * const ref = projectRefOf(members[0]); // { workspaceUrl: 'acme', projectUrl: 'frontend' }
 */
export function projectRefOf(project: { links: Link[] }): ProjectRef | undefined {
  const self = project.links.find((l) => l.rel === 'self') ?? project.links[0];
  if (!self) return undefined;
  let pathname: string;
  try {
    pathname = new URL(self.href, 'http://base.invalid').pathname;
  } catch {
    return undefined;
  }
  const match = /\/v1\/([^/]+)\/projects\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  return { workspaceUrl: decodeURIComponent(match[1]!), projectUrl: decodeURIComponent(match[2]!) };
}

/** Projects: list, inspect, create, and translation status. */
export class Projects {
  constructor(private readonly transport: Transport) {}

  /**
   * Every project the token's user owns or collaborates on, across workspaces.
   *
   * @example
   * const { members } = await loc.projects.list();
   * for (const p of members) console.log(p.title, projectRefOf(p));
   */
  async list(options?: RequestOptions): Promise<ProjectList> {
    return this.transport.request(listProjects, { params: {} }, options);
  }

  /**
   * Every project of a workspace with per-locale segment counts. Needs generalView on the workspace.
   *
   * @example
   * const projects = await loc.projects.workspaceStatus('acme');
   */
  async workspaceStatus(workspaceUrl: string, options?: RequestOptions): Promise<WorkspaceProjectStatus[]> {
    return this.transport.request(workspaceStatus, { params: { workspaceUrl } }, options);
  }

  /**
   * Details of one project (V1DetailedProjectInfo). Needs generalView on the project.
   *
   * @example
   * const project = await loc.projects.get('acme', 'mobile-app');
   * console.log(project.project_locales);
   */
  async get(workspaceUrl: string, projectUrl: string, options?: RequestOptions): Promise<ProjectDetails> {
    return this.transport.request(getProject, { params: { workspaceUrl, projectUrl } }, options);
  }

  /**
   * Resource files with per-locale counts, export formats and repository connections.
   * Needs resourcesView on the project.
   *
   * @example
   * const { resourceFiles, supportedExportFormats } = await loc.projects.status('acme', 'mobile-app');
   */
  async status(workspaceUrl: string, projectUrl: string, options?: RequestOptions): Promise<ResourceStatus> {
    return this.transport.request(projectStatus, { params: { workspaceUrl, projectUrl } }, options);
  }

  /**
   * Creates a project in a workspace. Needs settingsManage on the workspace. Not retried, since a
   * repeat could create a second project, unless `retry: true` says the caller accepts that.
   *
   * @example
   * const project = await loc.projects.create('acme', {
   *   title: 'Checkout', resourceType: 'json.standard', sourceLanguageCode: 'en', targetLanguageCodes: ['de'],
   * });
   */
  async create(
    workspaceUrl: string,
    body: CreateProjectRequest,
    options?: RequestOptions & { retry?: boolean },
  ): Promise<ProjectDetails> {
    return this.transport.request(createProject, { params: { workspaceUrl }, body, retry: options?.retry }, options);
  }
}
