import { resolve } from 'node:path';
import { CONFIG_FILE_NAME } from '../../config/project-config';
import { formatExtensions } from '../../files/format-extensions';
import type { Layout } from '../../files/layout';
import { type LocaleMap, resolveLocaleMap } from '../../files/locale-map';
import { checkTemplateWrites, DEFAULT_PATH_TEMPLATE, validateTemplate } from '../../files/path-template';
import { displayPath } from '../../files/place';
import { configuredFolder } from '../../files/targets';
import type { Context } from '../../context/context';

/** The flags a layout is made of, as `loc export` and `loc push` both take them. */
interface LayoutFlags {
  out?: string | undefined;
  pathTemplate?: string | undefined;
  localeMap?: LocaleMap | undefined;
  format?: string | undefined;
}

/**
 * The layout of the files `loc export` writes and `loc push` reads back, flags over loc.config.json's
 * `export` over the defaults: the output folder, the path template (checked: its placeholders, and that
 * it ends in the format's extension), the locale map and the format's extensions, with what set the
 * folder and the template as messages name them. One function, so that a push reads exactly where the
 * export wrote. `command` is the one a message about a folder of loc.config.json suggests.
 */
export async function layoutSettings(
  ctx: Context,
  options: LayoutFlags & { sources?: Layout['sources'] | undefined },
  command: 'export' | 'push',
) {
  const loaded = ctx.projectConfig();
  const defaults = loaded?.config.export ?? {};
  const inConfig = (key: string) => `${key} in ${displayPath(loaded?.path ?? CONFIG_FILE_NAME)}`;
  // What set the folder and the template, as the messages name them (a target's run names its own keys).
  const sources = options.sources ?? {
    out: options.out
      ? '--out'
      : defaults.out
        ? inConfig('export.out')
        : loaded
          ? `the output folder (${inConfig('no export.out')})`
          : 'the output folder',
    template: options.pathTemplate
      ? '--path-template'
      : defaults.pathTemplate
        ? inConfig('export.pathTemplate')
        : 'the path template',
  };
  const template = options.pathTemplate ?? defaults.pathTemplate ?? DEFAULT_PATH_TEMPLATE;
  validateTemplate(template, sources.template);
  const format = options.format ?? defaults.format;
  // The format's extensions: one that `loc export download` does not know (the export's) allows any of loc's.
  const extensions = formatExtensions(format);
  checkTemplateWrites(template, extensions, sources.template);
  const localeMap = resolveLocaleMap(loaded?.config.localeMap, options.localeMap);
  const outDir = options.out
    ? resolve(ctx.cwd, options.out)
    : loaded && defaults.out
      ? await configuredFolder(
          ctx,
          loaded,
          'export.out',
          defaults.out,
          (folder) => ['loc', command, '--out', folder],
          'folder',
          { read: command === 'push' },
        )
      : (loaded?.dir ?? ctx.cwd);
  return { sources, template, format, extensions, localeMap, outDir };
}
