import { refuseSymlink, writeFileAtomically } from '../../config/atomic-write';
import { CONFIG_FILE_NAME, projectConfigSchema, schemaReference } from '../../config/project-config';
import { checkTemplateWrites, DEFAULT_PATH_TEMPLATE, PLACEHOLDERS, validateTemplate } from '../../files/path-template';
import { formatExtensions } from '../../files/format-extensions';
import { checkConfigFolder, refusedConfigFolder } from '../../files/targets';
import { ROOT_OPT_IN } from '../../files/writable-path';
import { resolveProject } from '../../project/resolve-project';
import { UsageError } from '../../run/errors';
import { askSelect, askText, requireFlags } from '../../ui/prompts';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Context } from '../../run/context';
import { EXAMPLE, type InitOptions } from '../init';

/** `loc init`: writes loc.config.json in the working folder, from flags or, at a terminal, by asking. */
export async function init(ctx: Context, options: InitOptions): Promise<void> {
  const path = join(ctx.cwd, CONFIG_FILE_NAME);
  // A link (even a dangling one, which existsSync does not see) is never written through, --force or not.
  refuseSymlink(path, 'loc.config.json');
  if (options.target !== undefined) {
    await (await import('../../export/add-target')).addTarget(ctx, path, { ...options, target: options.target });
    return;
  }
  if (existsSync(path) && !options.force) {
    throw new UsageError(`${path} exists already.`, 'Edit it, or pass --force to write a new one.');
  }
  // Before any request; a folder typed at the prompt is checked there.
  checkConfigFolder(ctx.cwd, options.out, '--out');
  requireFlags(
    ctx.noPromptReason,
    [...(options.workspace ? [] : ['workspace']), ...(options.project ? [] : ['project'])],
    EXAMPLE,
  );

  let { workspace, project } = options;
  let format = options.format;
  let out = options.out;
  let pathTemplate = options.pathTemplate;
  if (!workspace || !project) {
    const { client } = await ctx.client();
    ({ workspace, project } = await resolveProject(ctx, client, { workspace, project }, ''));
    if (!format) {
      const status = await client.projects.status(workspace, project, { signal: ctx.signal });
      const choices = status.supportedExportFormats.map((f) => ({ value: f.id, label: f.name, hint: f.id }));
      if (choices.length)
        format = await askSelect(ctx, 'Export format', [{ value: '', label: 'The project’s own format' }, ...choices]);
    }
    out ??= await askText(ctx, {
      message: 'Folder the exported files go into (relative to this one)',
      initialValue: '.',
      validate: (value) => refusedConfigFolder(ctx.cwd, value, 'The folder'),
    });
    pathTemplate ??= await askText(ctx, {
      message: `Path of each file below it (${Object.keys(PLACEHOLDERS)
        .map((p) => `{${p}}`)
        .join(' ')})`,
      initialValue: DEFAULT_PATH_TEMPLATE,
      validate: (value) => {
        try {
          validateTemplate(value);
          checkTemplateWrites(value, formatExtensions(format || undefined));
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      },
    });
  }
  if (pathTemplate) {
    validateTemplate(pathTemplate, '--path-template');
    checkTemplateWrites(pathTemplate, formatExtensions(format || undefined));
  }

  const exportDefaults = {
    ...(format ? { format } : {}),
    ...(options.locale?.length ? { locales: options.locale } : {}),
    ...(out && out !== '.' ? { out } : {}),
    ...(pathTemplate && pathTemplate !== DEFAULT_PATH_TEMPLATE ? { pathTemplate } : {}),
  };
  // The folder of loc.config.json itself, chosen here (a `.` typed or passed, or none given): said in the
  // file, as `loc export` wants it said for the repository's root (files/targets.ts, rootAllowed).
  const atRoot = !out || resolve(ctx.cwd, out) === resolve(ctx.cwd);
  const config = projectConfigSchema().parse({
    $schema: schemaReference(ctx.cwd),
    ...(atRoot ? { [ROOT_OPT_IN]: true } : {}),
    workspace,
    project,
    ...(Object.keys(exportDefaults).length ? { export: exportDefaults } : {}),
  });
  writeFileAtomically(path, `${JSON.stringify(config, null, 2)}\n`, { what: 'loc.config.json' });
  ctx.out.result({ path, config }, () => {
    ctx.out.success(`Wrote ${path}`);
    ctx.out.line(JSON.stringify(config, null, 2));
    ctx.out.info('Commit it: `loc export` and `loc status` now know your project. Try `loc export --dry-run`.');
  });
}
