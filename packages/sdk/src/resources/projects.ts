// Projects: list, inspect, create, and translation status. Each method hands its operation
// (src/schemas/operations.ts) and parameters to the one request function.
import type { APIPromise } from '../request/api-promise';
import type { RequestOptions } from '../request/request-options';
import type { Transport } from '../request/request';
import { createProject, getProject, listProjects, projectStatus, workspaceStatus } from '../schemas/operations';
import type {
  CreateProjectRequest,
  ProjectDetails,
  ProjectList,
  ResourceStatus,
  WorkspaceProjectStatus,
} from '../schemas/projects';

/** Projects: list, inspect, create, and translation status. */
export class Projects {
  constructor(private readonly transport: Transport) {}

  /**
   * Every project the token's user owns or collaborates on, across workspaces. Each entry carries its
   * `workspace` and `project` slugs (read from its self link) beside the service's own fields; an entry
   * without such a link breaks the service's contract and is a ContractError.
   *
   * @example
   * const { members } = await loc.projects.list();
   * for (const p of members) console.log(p.title, await loc.projects.status(p.workspace, p.project));
   */
  list(options?: RequestOptions): APIPromise<ProjectList> {
    return this.transport.request(listProjects, { params: {} }, options);
  }

  /**
   * Every project of a workspace with per-locale segment counts. Needs generalView on the workspace.
   *
   * @example
   * const projects = await loc.projects.workspaceStatus('acme');
   */
  workspaceStatus(workspaceUrl: string, options?: RequestOptions): APIPromise<WorkspaceProjectStatus[]> {
    return this.transport.request(workspaceStatus, { params: { workspaceUrl } }, options);
  }

  /**
   * Details of one project (V1DetailedProjectInfo). Needs generalView on the project.
   *
   * @example
   * const project = await loc.projects.get('acme', 'mobile-app');
   * console.log(project.project_locales);
   */
  get(workspaceUrl: string, projectUrl: string, options?: RequestOptions): APIPromise<ProjectDetails> {
    return this.transport.request(getProject, { params: { workspaceUrl, projectUrl } }, options);
  }

  /**
   * Resource files with per-locale counts, export formats and repository connections.
   * Needs resourcesView on the project.
   *
   * @example
   * const { resourceFiles, supportedExportFormats } = await loc.projects.status('acme', 'mobile-app');
   */
  status(workspaceUrl: string, projectUrl: string, options?: RequestOptions): APIPromise<ResourceStatus> {
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
  create(
    workspaceUrl: string,
    body: CreateProjectRequest,
    options?: RequestOptions & { retry?: boolean | undefined },
  ): APIPromise<ProjectDetails> {
    return this.transport.request(createProject, { params: { workspaceUrl }, body, retry: options?.retry }, options);
  }
}
