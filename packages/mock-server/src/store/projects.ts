// Workspaces and projects: finding them (every other part of the store starts there) and creating one.
import { RESOURCE_TYPES } from '@loc/sdk/internal';
import { LANGUAGE_CODE_PATTERN, type CreateProjectRequestSchema } from '@loc/sdk/schemas';
import type { z } from 'zod';
import { can } from './access';
import { derivedId } from '../seed/ids';
import { slugify } from './slug';
import type { State, StoreContext } from './state';
import { StoreError } from './store-error';
import type { Project, User } from './types';

/** A language code as the service accepts it (`en`, `de-AT`, `zh-Hant`, `sr-Latn-RS`): the SDK's one rule. */
export function isLanguageCode(code: string): boolean {
  return LANGUAGE_CODE_PATTERN.test(code);
}

/**
 * The seed's workspace of that slug or id (`space_…`: the service's paths take either); throws 'not-found'
 * otherwise.
 */
export function findWorkspace(state: State, ref: string) {
  const ws = state.seed.workspaces.find((w) => w.slug === ref || w.id === ref);
  if (!ws)
    throw new StoreError('not-found', `Workspace '${ref}' does not exist. Check the workspace's URL slug or id.`);
  return ws;
}

/**
 * The project `ws/ref`, each named by slug or id (`pr_…`); throws 'not-found' for the workspace, or else the
 * project, that does not exist.
 */
export function findProject(state: State, wsRef: string, ref: string): Project {
  const ws = findWorkspace(state, wsRef).slug;
  const p = state.projects.find((x) => x.workspace === ws && (x.slug === ref || x.id === ref));
  if (!p)
    throw new StoreError(
      'not-found',
      `Project '${ref}' does not exist in workspace '${wsRef}'. List projects with GET /v1/projects.`,
    );
  return p;
}

/** Titles that differ only in case, width or spacing name the same project. */
function sameTitle(a: string, b: string): boolean {
  const norm = (t: string) => t.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** The store's calls on projects (see createStore). */
export function createProjects(ctx: StoreContext) {
  return {
    /** The workspace of that slug or id; throws 'not-found' otherwise. */
    workspace(ref: string) {
      return findWorkspace(ctx.state, ref);
    },

    /** The project `ws/ref`, each by slug or id; throws 'not-found' for whichever does not exist. */
    project(ws: string, slug: string): Project {
      return findProject(ctx.state, ws, slug);
    },

    /** Projects the user owns or collaborates on, across workspaces. */
    projectsOf(user: User): Project[] {
      return ctx.state.projects.filter((p) => p.owner === user.email || can(user, 'generalView', p.workspace, p.slug));
    },

    /** The projects of the workspace of that slug or id. */
    projectsIn(wsRef: string): Project[] {
      const ws = findWorkspace(ctx.state, wsRef).slug;
      return ctx.state.projects.filter((p) => p.workspace === ws);
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
      const inWorkspace = ctx.state.projects.filter((p) => p.workspace === ws);
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
      const now = new Date(ctx.clock.now()).toISOString();
      const created: Project = {
        workspace: ws,
        slug,
        id: derivedId('pr', `${ws}/${slug}`),
        title: body.title.trim(),
        ...(body.description !== undefined ? { description: body.description } : {}),
        owner: owner.email,
        resourceType: body.resourceType,
        sourceLocale: body.sourceLanguageCode,
        targetLocales: [...new Set(body.targetLanguageCodes ?? [])].filter((c) => c !== body.sourceLanguageCode),
        createdAt: now,
        updatedAt: now,
        repositoryConnections: [],
        exportFormats: [],
        files: [],
        fileIds: [],
      };
      ctx.state.projects.push(created);
      return created;
    },
  };
}
