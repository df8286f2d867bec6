import { RESOURCE_TYPES, shareOf, type CreateProjectRequest } from '@loc/sdk';
import type { Context, GlobalOptions } from '../context';
import { UsageError } from '../errors';
import { projectOf, reachableProjects, resolveWorkspace } from '../target';
import { askSelect, askText, requireFlags } from '../ui/prompts';
import { percent, renderTable } from '../ui/table';

export interface ListOptions extends GlobalOptions {
  workspace?: string;
}

/** `loc projects list`: every project the token owns or collaborates on, across workspaces. */
export async function list(ctx: Context, options: ListOptions): Promise<void> {
  const { client } = await ctx.client();
  const projects = (await reachableProjects(client, ctx.signal)).filter((p) => !options.workspace || p.workspace === options.workspace);
  ctx.out.result({ projects }, () => {
    if (projects.length === 0) {
      ctx.out.info(options.workspace ? `No project reachable in workspace ${options.workspace}.` : 'No project reachable with this token.');
      return;
    }
    ctx.out.line(
      renderTable(
        ['WORKSPACE', 'PROJECT', 'TITLE'],
        projects.map((p) => [p.workspace, p.project, p.title]),
        { dim: ctx.out.c.dim },
      ),
    );
  });
}

export interface ShowOptions extends GlobalOptions {
  workspace?: string;
  project?: string;
}

/** `loc projects show`: a project's details, its resource files and the formats it exports to. */
export async function show(ctx: Context, projectArg: string | undefined, options: ShowOptions): Promise<void> {
  const { workspace, project } = projectOf(ctx, { workspace: options.workspace, project: projectArg ?? options.project }, 'loc projects show mobile-ios --workspace acme');
  if (!workspace || !project) throw new UsageError('Name the project: loc projects show <project> --workspace <workspace>.');
  const { client } = await ctx.client();
  const [details, status] = await Promise.all([
    client.projects.get(workspace, project, { signal: ctx.signal }),
    client.projects.status(workspace, project, { signal: ctx.signal }),
  ]);
  ctx.out.result({ workspace, project, details, status }, () => {
    const { c } = ctx.out;
    ctx.out.line(`${c.bold(details.title)}  ${c.dim(`${workspace}/${project}`)}`);
    if (details.description) ctx.out.line(details.description);
    ctx.out.line();
    ctx.out.line(`Owner     ${details.owner_email}`);
    ctx.out.line(`Locales   ${details.project_locales.join(', ')}`);
    if (status.projectType) ctx.out.line(`Type      ${status.projectType.name} (${status.projectType.id})`);
    ctx.out.line(`Created   ${details.created_at}`);
    ctx.out.line(`Updated   ${details.updated_at}`);
    ctx.out.line(`Formats   ${status.supportedExportFormats.map((f) => f.id).join(', ') || '–'}`);
    const connected = status.repositoryConnections.filter((r) => r.connected).map((r) => r.provider);
    ctx.out.line(`Repos     ${connected.length ? connected.join(', ') : 'none connected'}`);
    ctx.out.line();
    ctx.out.line(
      renderTable(
        ['FILE', 'LOCALES', 'APPROVED (lowest)'],
        status.resourceFiles.map((f) => {
          const lowest = Math.min(...f.files.map((l) => shareOf(l.statuses, 'APPROVED')));
          return [f.filePathWithLocalePlaceholder, String(f.files.length), f.files.length ? percent(lowest) : '–'];
        }),
        { dim: c.dim, align: ['left', 'right', 'right'] },
      ),
    );
  });
}

export interface CreateOptions extends GlobalOptions {
  workspace?: string;
  title?: string;
  resourceType?: string;
  sourceLocale?: string;
  targetLocale?: string[];
  description?: string;
}

const CREATE_EXAMPLE = 'loc projects create --workspace acme --title "Mobile iOS" --resource-type strings.ios --source-locale en --target-locale de,fr';

/** `loc projects create`: prompts for what is missing at a terminal; in CI lists the missing flags. */
export async function create(ctx: Context, options: CreateOptions): Promise<void> {
  const missing = [
    ...(options.workspace || ctx.projectConfig()?.config.workspace ? [] : ['workspace']),
    ...(options.title ? [] : ['title']),
    ...(options.resourceType ? [] : ['resource-type']),
    ...(options.sourceLocale ? [] : ['source-locale']),
  ];
  requireFlags(ctx.interactive, missing, CREATE_EXAMPLE);
  if (options.resourceType && !RESOURCE_TYPES.some((t) => t.id === options.resourceType)) {
    ctx.out.warn(`'${options.resourceType}' is not a resource type this CLI knows (${RESOURCE_TYPES.map((t) => t.id).join(', ')}); sending it anyway.`);
  }
  const { client } = await ctx.client();
  const workspace = await resolveWorkspace(ctx, client, options.workspace, CREATE_EXAMPLE);
  const title = options.title ?? (await askText(ctx, { message: 'Title', validate: (v) => (v.trim() ? undefined : 'A title is needed.') }));
  const resourceType =
    options.resourceType ??
    (await askSelect(ctx, 'Resource type', RESOURCE_TYPES.map((t) => ({ value: t.id, label: t.name, hint: t.id }))));
  const sourceLanguageCode = options.sourceLocale ?? (await askText(ctx, { message: 'Source locale', initialValue: 'en' }));
  const targets =
    options.targetLocale ??
    (missing.length
      ? (await askText(ctx, { message: 'Target locales (comma-separated, may be empty)', placeholder: 'de, fr, ja' }))
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean)
      : []);

  const body: CreateProjectRequest = {
    title,
    resourceType,
    sourceLanguageCode,
    ...(options.description ? { description: options.description } : {}),
    ...(targets.length ? { targetLanguageCodes: targets } : {}),
  };
  const created = await client.projects.create(workspace, body, { signal: ctx.signal });
  const self = created.links.find((l) => l.rel === 'self')?.href;
  const slug = self ? decodeURIComponent(self.split('/').filter(Boolean).at(-1) ?? '') : undefined;
  ctx.out.result({ workspace, project: slug, details: created }, () => {
    ctx.out.success(`Created ${created.title} (${workspace}/${slug ?? '?'}) with locales ${created.project_locales.join(', ')}.`);
    if (slug) ctx.out.info(`Next: loc init --workspace ${workspace} --project ${slug}`);
  });
}
