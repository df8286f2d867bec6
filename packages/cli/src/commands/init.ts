import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, ProjectConfigSchema, type ProjectConfig } from '../config/project-config';
import type { Context, GlobalOptions } from '../context';
import { UsageError } from '../errors';
import { DEFAULT_PATH_TEMPLATE, PLACEHOLDERS, validateTemplate } from '../files/path-template';
import { resolveProject } from '../target';
import { askSelect, askText, requireFlags } from '../ui/prompts';

export interface InitOptions extends GlobalOptions {
  workspace?: string;
  project?: string;
  format?: string;
  locale?: string[];
  out?: string;
  pathTemplate?: string;
  force?: boolean;
}

/** `loc init`: writes loc.config.json in the working folder, from flags or, at a terminal, by asking. */
export async function init(ctx: Context, options: InitOptions): Promise<void> {
  const path = join(ctx.cwd, CONFIG_FILE_NAME);
  if (existsSync(path) && !options.force) {
    throw new UsageError(`${path} exists already.`, 'Edit it, or pass --force to write a new one.');
  }
  requireFlags(
    ctx.interactive,
    [...(options.workspace ? [] : ['workspace']), ...(options.project ? [] : ['project'])],
    'loc init --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"',
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
      if (choices.length) format = await askSelect(ctx, 'Export format', [{ value: '', label: 'The project’s own format' }, ...choices]);
    }
    out ??= await askText(ctx, { message: 'Folder the exported files go into (relative to this one)', initialValue: '.' });
    pathTemplate ??= await askText(ctx, {
      message: `Path of each file below it (${Object.keys(PLACEHOLDERS).map((p) => `{${p}}`).join(' ')})`,
      initialValue: DEFAULT_PATH_TEMPLATE,
      validate: (value) => {
        try {
          validateTemplate(value);
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      },
    });
  }
  if (pathTemplate) validateTemplate(pathTemplate);

  const exportDefaults = {
    ...(format ? { format } : {}),
    ...(options.locale?.length ? { locales: options.locale } : {}),
    ...(out && out !== '.' ? { out } : {}),
    ...(pathTemplate && pathTemplate !== DEFAULT_PATH_TEMPLATE ? { pathTemplate } : {}),
  };
  const config: ProjectConfig = ProjectConfigSchema.parse({
    workspace,
    project,
    ...(Object.keys(exportDefaults).length ? { export: exportDefaults } : {}),
  });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  ctx.out.result({ path, config }, () => {
    ctx.out.success(`Wrote ${path}`);
    ctx.out.line(JSON.stringify(config, null, 2));
    ctx.out.info('Commit it: `loc export` and `loc status` now know your project. Try `loc export --dry-run`.');
  });
}
