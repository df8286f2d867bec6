import { refuseSymlink, writeFileAtomically } from '../../config/atomic-write';
import {
  CONFIG_FILE_NAME,
  configFileIn,
  isYamlConfig,
  projectConfigSchema,
  schemaReference,
} from '../../config/project-config';
import { checkTemplateWrites, DEFAULT_PATH_TEMPLATE, PLACEHOLDERS, validateTemplate } from '../../files/path-template';
import { formatExtensions } from '../../files/format-extensions';
import { checkConfigFolder, refusedConfigFolder } from '../../files/targets';
import { ROOT_OPT_IN } from '../../files/writable-path';
import { resolveProject } from '../../project/resolve-project';
import { UsageError } from '../../run/errors';
import { askMultiselect, askSelect, askText, requireFlags } from '../../ui/prompts';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Context } from '../../context/context';
import { EXAMPLE, type InitOptions } from '../init';

/**
 * `loc init`: writes the config file of the working folder, from flags or, at a terminal, by asking: the
 * one there (loc.config.json, .yaml or .yml), or the one `--config` names, else a new loc.config.json. A
 * YAML file is written as YAML.
 */
export async function init(ctx: Context, options: InitOptions): Promise<void> {
  const path = ctx.options.config
    ? resolve(ctx.cwd, ctx.options.config)
    : (configFileIn(ctx.cwd) ?? join(ctx.cwd, CONFIG_FILE_NAME));
  const name = basename(path);
  // A link (even a dangling one, which existsSync does not see) is never written through, --force or not.
  refuseSymlink(path, name);
  const yaml = isYamlConfig(path) ? await import('yaml') : undefined;
  if (options.target !== undefined) {
    await (await import('../../export/add-target')).addTarget(ctx, path, { ...options, target: options.target }, yaml);
    return;
  }
  if (existsSync(path) && !options.force) {
    throw new UsageError(`${path} exists already.`, 'Edit it, or pass --force to write a new one.');
  }
  // Before any request; a folder typed at the prompt is checked there.
  checkConfigFolder(dirname(path), options.out, '--out');
  requireFlags(
    ctx.noPromptReason,
    [...(options.workspace ? [] : ['workspace']), ...(options.project ? [] : ['project'])],
    EXAMPLE,
  );

  let { workspace, project } = options;
  let format = options.format;
  let locales = options.locale;
  let out = options.out;
  let pathTemplate = options.pathTemplate;
  if (!workspace || !project) {
    const { client } = await ctx.client();
    ({ workspace, project } = await resolveProject(ctx, client, { workspace, project }, ''));
    const [details, status] = await Promise.all([
      locales?.length ? undefined : client.projects.get(workspace, project, { signal: ctx.signal }),
      format ? undefined : client.projects.status(workspace, project, { signal: ctx.signal }),
    ]);
    if (status) {
      const choices = status.supportedExportFormats.map((f) => ({ value: f.id, label: f.name, hint: f.id }));
      if (choices.length)
        format = await askSelect(ctx, 'Export format', [{ value: '', label: 'The project’s own format' }, ...choices]);
    }
    // The project's locales, all chosen to begin with: kept all, the file names none, and a locale the
    // project gains later is exported too.
    const all = details?.projectLocales ?? [];
    if (all.length > 1) {
      const chosen = await askMultiselect(
        ctx,
        'Locales to export (space toggles one; all: also those the project gains later)',
        all.map((l) => ({ value: l, label: l })),
        all,
      );
      if (chosen.length < all.length) locales = chosen;
    }
    out ??= await askText(ctx, {
      message: 'Folder the exported files go into (relative to this one)',
      initialValue: '.',
      validate: (value) => refusedConfigFolder(dirname(path), value, 'The folder'),
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
    ...(locales?.length ? { locales } : {}),
    ...(out && out !== '.' ? { out } : {}),
    ...(pathTemplate && pathTemplate !== DEFAULT_PATH_TEMPLATE ? { pathTemplate } : {}),
  };
  // The folder of loc.config.json itself, chosen here (a `.` typed or passed, or none given): said in the
  // file, as `loc export` wants it said for the repository's root (files/targets.ts, rootAllowed).
  const folder = dirname(path);
  const atRoot = !out || resolve(folder, out) === resolve(folder);
  const schema = schemaReference(folder);
  const config = projectConfigSchema().parse({
    ...(yaml ? {} : { $schema: schema }),
    ...(atRoot ? { [ROOT_OPT_IN]: true } : {}),
    workspace,
    project,
    ...(Object.keys(exportDefaults).length ? { export: exportDefaults } : {}),
  });
  // YAML names its schema in the comment the YAML language server reads (VS Code, JetBrains), not as a key.
  const text = yaml
    ? `# yaml-language-server: $schema=${schema}\n${yaml.stringify(config)}`
    : `${JSON.stringify(config, null, 2)}\n`;
  writeFileAtomically(path, text, { what: name });
  ctx.out.result({ path, config }, () => {
    ctx.out.success(`Wrote ${path}`);
    ctx.out.line(text.trimEnd());
    ctx.out.info(
      'Commit it (it holds no credential): `loc export` and `loc status` now know your project. Try `loc export --dry-run`.',
    );
  });
}
