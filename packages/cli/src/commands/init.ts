import { Command, Option } from '@commander-js/extra-typings';
import type { Context } from '../run/context';
import { examples } from '../help/help-examples';
import type { Run } from '../run/run-types';
import {
  DEFAULT_COMMAND_TIMEOUT_MS,
  formatOption,
  localeOption,
  outOption,
  pathTemplateOption,
  projectOption,
  timeoutOption,
  workspaceOption,
} from '../options/shared-options';

const EXAMPLE =
  'loc init --workspace acme --project mobile-ios --out Resources --path-template "{locale}.lproj/{filename}"';

const declaration = () =>
  new Command('init')
    .description('write loc.config.json: workspace, project and export defaults for this repository')
    .addOption(workspaceOption('workspace URL slug'))
    .addOption(projectOption('project URL slug'))
    .addOption(formatOption())
    .addOption(localeOption('locales to export (repeatable, comma-separated)'))
    .addOption(outOption('folder the files go into, relative to the config file'))
    .addOption(pathTemplateOption('where each file lands below --out, for example {locale}.lproj/{filename}'))
    .addOption(
      new Option('--target <name>', 'add an export target of this name to the existing loc.config.json (`targets`)'),
    )
    .addOption(new Option('--force', 'overwrite an existing loc.config.json'))
    .addOption(timeoutOption(DEFAULT_COMMAND_TIMEOUT_MS, 'give up asking the service after this long (at a terminal)'))
    .addHelpText(
      'after',
      examples(
        'loc init',
        EXAMPLE,
        'loc init --target android --project mobile-android --out app/src/main --path-template "res/{android_values}/strings.xml"',
      ),
    );
type InitOptions = ReturnType<ReturnType<typeof declaration>['opts']>;

export const initCommand = (run: Run) => declaration().action(run(init));

/** `loc init`: writes loc.config.json in the working folder, from flags or, at a terminal, by asking. */
async function init(ctx: Context, options: InitOptions): Promise<void> {
  const [
    { existsSync },
    { join },
    { refuseSymlink, writeFileAtomically },
    { CONFIG_FILE_NAME, projectConfigSchema, schemaReference },
    { UsageError },
    { DEFAULT_PATH_TEMPLATE, PLACEHOLDERS, validateTemplate },
    { resolveProject },
    { askSelect, askText, requireFlags },
  ] = await Promise.all([
    import('node:fs'),
    import('node:path'),
    import('../config/atomic-write'),
    import('../config/project-config'),
    import('../run/errors'),
    import('../files/path-template'),
    import('../project/resolve-project'),
    import('../ui/prompts'),
  ]);
  const path = join(ctx.cwd, CONFIG_FILE_NAME);
  // A link (even a dangling one, which existsSync does not see) is never written through, --force or not.
  refuseSymlink(path, 'loc.config.json');
  if (options.target !== undefined) {
    await (await import('../export/add-target')).addTarget(ctx, path, { ...options, target: options.target });
    return;
  }
  if (existsSync(path) && !options.force) {
    throw new UsageError(`${path} exists already.`, 'Edit it, or pass --force to write a new one.');
  }
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
    });
    pathTemplate ??= await askText(ctx, {
      message: `Path of each file below it (${Object.keys(PLACEHOLDERS)
        .map((p) => `{${p}}`)
        .join(' ')})`,
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
  const config = projectConfigSchema().parse({
    $schema: schemaReference(ctx.cwd),
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
