import { NotFoundError, PermissionDeniedError, type LocClient } from '@loc/sdk/internal';
import type { LoadedConfig } from '../config/project-config';
import { UsageError } from '../run/errors';
import { askSelect, requireFlags, type PromptContext } from '../ui/prompts';

/** What finding the project needs of the command's context (a `Context` is one). */
interface ProjectContext extends PromptContext {
  /** Why no one can be asked for a missing flag, or undefined when a prompt may ask. */
  readonly noPromptReason: string | undefined;
  projectConfig(): LoadedConfig | undefined;
}

/**
 * The workspace and project a command works on: flags first, then loc.config.json. In CI a missing one
 * is a usage error naming the flag; at a terminal the command may ask instead (`ask` is then called).
 */
export function workspaceOf(ctx: ProjectContext, flag: string | undefined, example: string): string | undefined {
  const workspace = flag ?? ctx.projectConfig()?.config.workspace;
  requireFlags(ctx.noPromptReason, workspace ? [] : ['workspace'], example);
  return workspace;
}

export function projectOf(
  ctx: ProjectContext,
  flags: { workspace?: string | undefined; project?: string | undefined },
  example: string,
): { workspace: string | undefined; project: string | undefined } {
  const config = ctx.projectConfig()?.config;
  const workspace = flags.workspace ?? config?.workspace;
  const project = flags.project ?? config?.project;
  const missing = [...(workspace ? [] : ['workspace']), ...(project ? [] : ['project'])];
  requireFlags(ctx.noPromptReason, missing, example);
  return { workspace, project };
}

/**
 * Like `projectOf`, and at a terminal asks for what is missing, choosing from the projects the token
 * can reach.
 */
export async function resolveProject(
  ctx: ProjectContext,
  client: LocClient,
  flags: { workspace?: string | undefined; project?: string | undefined },
  example: string,
): Promise<{ workspace: string; project: string }> {
  const { workspace, project } = projectOf(ctx, flags, example);
  if (workspace && project) return { workspace, project };
  const reachable = await reachableProjects(client, ctx.signal);
  const candidates = await inWorkspace(client, reachable, workspace, ctx.signal);
  if (candidates.length === 0) {
    throw new UsageError(
      workspace ? `Your token reaches no project in workspace '${workspace}'.` : 'Your token reaches no project.',
      'Create one with `loc projects create`, or ask a workspace admin for access.',
    );
  }
  const chosen = await askSelect(
    ctx,
    'Which project?',
    candidates.map((p) => ({
      value: `${p.workspace}/${p.project}`,
      label: p.title,
      hint: `${p.workspace}/${p.project}`,
    })),
  );
  const [ws = '', pr = ''] = chosen.split('/');
  return { workspace: ws, project: pr };
}

/** Like `workspaceOf`, and at a terminal asks, choosing from the workspaces of the reachable projects. */
export async function resolveWorkspace(
  ctx: ProjectContext,
  client: LocClient,
  flag: string | undefined,
  example: string,
): Promise<string> {
  const workspace = workspaceOf(ctx, flag, example);
  if (workspace) return workspace;
  const workspaces = [...new Set((await reachableProjects(client, ctx.signal)).map((p) => p.workspace))];
  if (workspaces.length === 1 && workspaces[0]) {
    ctx.out.info(`Workspace ${workspaces[0]}, the only one your token reaches.`);
    return workspaces[0];
  }
  if (workspaces.length === 0) throw new UsageError('Your token reaches no workspace.', 'Pass --workspace <slug>.');
  return askSelect(
    ctx,
    'Which workspace?',
    workspaces.map((w) => ({ value: w, label: w })),
  );
}

/**
 * The reachable projects in the workspace `ref` names, by its slug or by its id (`space_…`: the service
 * takes either, and its self links carry the slug). An id matches no self link: the workspace's status
 * (`GET /v1/{id}/projects/status`) names its projects by their self links. All of them without `ref`.
 */
export async function inWorkspace<P extends { workspace: string; project: string }>(
  client: LocClient,
  reachable: P[],
  ref: string | undefined,
  signal: AbortSignal,
): Promise<P[]> {
  if (!ref) return reachable;
  const bySlug = reachable.filter((p) => p.workspace === ref);
  if (bySlug.length) return bySlug;
  let entries: Awaited<ReturnType<LocClient['projects']['workspaceStatus']>>;
  try {
    entries = await client.projects.workspaceStatus(ref, { signal });
  } catch (error) {
    // No such workspace, or one whose status this token may not read: none of its projects is reachable here.
    if (error instanceof NotFoundError || error instanceof PermissionDeniedError) return [];
    throw error;
  }
  const named = new Set(
    entries.flatMap((e) => (e.links ?? []).filter((l) => l.rel === 'self').map((l) => projectPathOf(l.href))),
  );
  return reachable.filter((p) => named.has(`${p.workspace}/${p.project}`));
}

/** `workspace/project` of a self link (`<base>/v1/<workspace>/projects/<project>`), or undefined. */
function projectPathOf(href: string): string | undefined {
  try {
    const match = /\/v1\/([^/]+)\/projects\/([^/]+)\/?$/.exec(new URL(href, 'http://base.invalid').pathname);
    return match ? `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}` : undefined;
  } catch {
    return undefined;
  }
}

interface ReachableProject {
  title: string;
  workspace: string;
  project: string;
  url: string | undefined;
}

/** The projects of `GET /v1/projects`, with their workspace and project slugs (the SDK reads them from their links). */
export async function reachableProjects(client: LocClient, signal: AbortSignal): Promise<ReachableProject[]> {
  const list = await client.projects.list({ signal });
  return list.members.map((member) => ({
    title: member.title,
    workspace: member.workspace,
    project: member.project,
    url: member.links.find((l) => l.rel === 'self')?.href,
  }));
}
