import type { CreateProjectRequest, CustomId } from '@loc/sdk';
import { isLocaleCode } from '../../project/locale-match';
import { inWorkspace, projectOf, reachableProjects, resolveWorkspace } from '../../project/resolve-project';
import { UsageError } from '../../run/errors';
import { askSelect, askText, requireFlags } from '../../ui/prompts';
import { percent } from '../../ui/quantities';
import { RESOURCE_TYPES, shareOf, UnprocessableEntityError } from '@loc/sdk/internal';
import type { Context } from '../../context/context';
import { CREATE_EXAMPLE, type CreateOptions, type ListOptions, type ShowOptions } from '../projects';

/** `loc projects list`: every project the token owns or collaborates on, across workspaces. */
export async function list(ctx: Context, options: ListOptions): Promise<void> {
  // The table (and string-width's Unicode tables, ~25 ms to load) only for a person; --json needs none.
  const renderTable = ctx.out.json ? undefined : (await import('../../ui/table')).renderTable;
  const { client } = await ctx.client();
  // --workspace takes the slug or the id (`space_…`), as the service's paths do.
  const projects = await inWorkspace(
    client,
    await reachableProjects(client, ctx.signal),
    options.workspace,
    ctx.signal,
  );
  ctx.out.result({ projects }, () => {
    if (projects.length === 0) {
      ctx.out.info(
        options.workspace
          ? `No project reachable in workspace ${options.workspace}.`
          : 'No project reachable with this token.',
      );
      return;
    }
    ctx.out.line(
      renderTable!(
        ['WORKSPACE', 'PROJECT', 'TITLE'],
        projects.map((p) => [p.workspace, p.project, p.title]),
        // The slugs are what commands take: the title gives way first.
        { dim: ctx.out.c.dim, columns: ctx.out.columns, fit: [undefined, undefined, { drop: 1 }] },
      ),
    );
  });
}

/** `loc projects show`: a project's details, its resource files and the formats it exports to. */
export async function show(ctx: Context, projectArg: string | undefined, options: ShowOptions): Promise<void> {
  const table = ctx.out.json ? undefined : await import('../../ui/table');
  const { workspace, project } = projectOf(
    ctx,
    { workspace: options.workspace, project: projectArg },
    'loc projects show mobile-ios --workspace acme',
  );
  if (!workspace || !project)
    throw new UsageError('Name the project.', 'For example: `loc projects show mobile-ios --workspace acme`');
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
    ctx.out.line(`Owner     ${details.ownerEmail}`);
    ctx.out.line(`Locales   ${details.projectLocales.join(', ')}`);
    if (status.projectType) ctx.out.line(`Type      ${status.projectType.name} (${status.projectType.id})`);
    ctx.out.line(`Created   ${details.createdAt}`);
    ctx.out.line(`Updated   ${details.updatedAt}`);
    ctx.out.line(`Formats   ${status.supportedExportFormats.map((f) => f.id).join(', ') || '–'}`);
    const connected = status.repositoryConnections.filter((r) => r.connected).map((r) => r.provider);
    ctx.out.line(`Repos     ${connected.length ? connected.join(', ') : 'none connected'}`);
    ctx.out.line();
    ctx.out.line(
      table!.renderTable(
        ['FILE', 'LOCALES', 'APPROVED (lowest)'],
        status.resourceFiles.map((f) => {
          const lowest = Math.min(...f.files.map((l) => shareOf(l.statuses, 'APPROVED')));
          return [f.filePathWithLocalePlaceholder, String(f.files.length), f.files.length ? percent(lowest) : '–'];
        }),
        {
          dim: c.dim,
          align: ['left', 'right', 'right'],
          columns: ctx.out.columns,
          fit: [{ cut: 'path' }, undefined, { short: 'LOWEST' }],
        },
      ),
    );
  });
}

/**
 * `loc projects create`: prompts for what is missing at a terminal; in CI lists the missing flags.
 * Language codes are checked here before anything is sent: in CI a bad one is a usage error naming it,
 * at a terminal only that answer is asked again. When the service refuses the title (a duplicate), a
 * terminal asks for another title and keeps the other answers.
 */
export async function create(ctx: Context, options: CreateOptions): Promise<void> {
  const missing = [
    ...(options.workspace || ctx.projectConfig()?.config.workspace ? [] : ['workspace']),
    ...(options.title ? [] : ['title']),
    ...(options.resourceType ? [] : ['resource-type']),
    ...(options.sourceLocale ? [] : ['source-locale']),
  ];
  requireFlags(ctx.noPromptReason, missing, CREATE_EXAMPLE);
  const badCodes = (codes: string[]) => codes.filter((code) => !isLocaleCode(code));
  const given = [...(options.sourceLocale ? [options.sourceLocale] : []), ...(options.targetLocale ?? [])];
  if (!ctx.interactive && badCodes(given).length) {
    throw new UsageError(
      `Not a language code: ${badCodes(given).join(', ')}.`,
      'Use BCP 47 codes such as en, de-AT or zh-Hant, for example: `loc projects create --source-locale en --target-locale de,fr`',
    );
  }
  if (options.resourceType && !RESOURCE_TYPES.some((t) => t.id === options.resourceType)) {
    ctx.out.warn(
      `'${options.resourceType}' is not a resource type this CLI knows (${RESOURCE_TYPES.map((t) => t.id).join(', ')}); sending it anyway.`,
    );
  }
  const { client } = await ctx.client();
  const workspace = await resolveWorkspace(ctx, client, options.workspace, CREATE_EXAMPLE);
  const askTitle = () =>
    askText(ctx, { message: 'Title', validate: (v) => (v.trim() ? undefined : 'A title is needed.') });
  let title = options.title ?? (await askTitle());
  const resourceType =
    options.resourceType ??
    (await askSelect(
      ctx,
      'Resource type',
      RESOURCE_TYPES.map((t) => ({ value: t.id, label: t.name, hint: t.id })),
    ));
  const codeProblem = (codes: string[]) => {
    const bad = badCodes(codes);
    return bad.length ? `Not a language code: ${bad.join(', ')} (use codes such as en, de-AT, zh-Hant).` : undefined;
  };
  const sourceLocale =
    options.sourceLocale && !codeProblem([options.sourceLocale])
      ? options.sourceLocale
      : await askText(ctx, {
          message: 'Source locale',
          initialValue: options.sourceLocale ?? 'en',
          validate: (v) => codeProblem([v.trim()]),
        });
  const split = (text: string) =>
    text
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean);
  const targets =
    options.targetLocale && !codeProblem(options.targetLocale)
      ? options.targetLocale
      : options.targetLocale || missing.length
        ? split(
            await askText(ctx, {
              message: 'Target locales (comma-separated, may be empty)',
              placeholder: 'de, fr, ja',
              ...(options.targetLocale ? { initialValue: options.targetLocale.join(', ') } : {}),
              validate: (v) => codeProblem(split(v)),
            }),
          )
        : [];

  for (;;) {
    const body: CreateProjectRequest = {
      title,
      resourceType: resourceType as CustomId,
      sourceLanguageCode: sourceLocale,
      ...(options.description ? { description: options.description } : {}),
      ...(targets.length ? { targetLanguageCodes: targets } : {}),
    };
    let created;
    try {
      created = await client.projects.create(workspace, body, { signal: ctx.signal });
    } catch (error) {
      // At a terminal, a refused title is asked again; every other answer is kept.
      if (ctx.interactive && error instanceof UnprocessableEntityError && /title|URL/i.test(error.detail ?? '')) {
        ctx.out.warn(error.detail ?? 'The service refused the title.');
        title = await askTitle();
        continue;
      }
      throw error;
    }
    const slug = created.project;
    ctx.out.result({ workspace, project: slug, details: created }, () => {
      ctx.out.success(
        `Created ${created.title} (${workspace}/${slug}) with locales ${created.projectLocales.join(', ')}.`,
      );
      ctx.out.info(`Next: \`loc init --workspace ${workspace} --project ${slug}\``);
    });
    return;
  }
}
