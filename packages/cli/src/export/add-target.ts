import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomically } from '../config/atomic-write';
import { loadConfigFile, projectConfigSchema, type YamlModule } from '../config/project-config';
import { UsageError } from '../run/errors';
import type { Output } from '../ui/output';
import { writeRecord } from '../files/record';
import { checkTemplateWrites, validateTemplate } from '../files/path-template';
import { formatExtensions } from '../files/format-extensions';
import { basename, dirname, resolve } from 'node:path';
import { checkConfigFolder } from '../files/targets';
import { ROOT_OPT_IN } from '../files/writable-path';
import { commandLine } from '../ui/command-line';

interface TargetFlags {
  target: string;
  workspace?: string | undefined;
  project?: string | undefined;
  format?: string | undefined;
  locale?: string[] | undefined;
  out?: string | undefined;
  pathTemplate?: string | undefined;
}

/**
 * `loc init --target <name>`: adds a target to the loc.config.json of the working folder, keeping
 * everything else in it. The file is checked whole before it is replaced (a temporary file renamed over it).
 */
export async function addTarget(
  ctx: { readonly out: Output },
  path: string,
  flags: TargetFlags,
  yaml: YamlModule | undefined,
): Promise<void> {
  if (!existsSync(path)) {
    // The command that writes one, with what was given (at a terminal, loc init asks for the rest).
    const first = commandLine([
      ...['loc', 'init'],
      ...(flags.workspace ? ['--workspace', flags.workspace] : []),
      ...(flags.project ? ['--project', flags.project] : []),
    ]);
    throw new UsageError(
      `There is no ${path} to add target '${flags.target}' to.`,
      `Write one first with \`${first}\`.`,
    );
  }
  checkConfigFolder(dirname(path), flags.out, '--out');
  const loaded = loadConfigFile(path, yaml);
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  // A YAML file is edited as a document: its comments and layout stay as they were.
  const document = yaml?.parseDocument(text);
  const raw = (document ? (document.toJS() ?? {}) : JSON.parse(text)) as Record<string, unknown>;
  const targets = (loaded.config.targets ?? []) as { name: string }[];
  if (targets.some((t) => t.name === flags.target))
    throw new UsageError(
      `${path} has a target '${flags.target}' already.`,
      'Choose another name, or edit that target in the file.',
    );
  if (!flags.project && !loaded.config.project)
    throw new UsageError(`Target '${flags.target}' needs a project.`, 'Name it with --project.');
  if (flags.pathTemplate) {
    validateTemplate(flags.pathTemplate, '--path-template');
    checkTemplateWrites(flags.pathTemplate, formatExtensions(flags.format ?? loaded.config.export?.format));
  }
  const target = {
    name: flags.target,
    ...(flags.workspace ? { workspace: flags.workspace } : {}),
    ...(flags.project ? { project: flags.project } : {}),
    ...(flags.format ? { format: flags.format } : {}),
    ...(flags.locale?.length ? { locales: flags.locale } : {}),
    ...(flags.out ? { out: flags.out } : {}),
    ...(flags.pathTemplate ? { pathTemplate: flags.pathTemplate } : {}),
  };
  // The single-project form stops being pulled once `targets` exists (loc export then pulls the targets):
  // the first target added keeps it, as a target of its own that inherits everything from the top level.
  const kept =
    targets.length === 0 && loaded.config.project
      ? { name: loaded.config.project === flags.target ? 'default' : loaded.config.project }
      : undefined;
  const next = [...targets, ...(kept ? [kept] : []), target];
  // A target whose files go to the folder of loc.config.json itself: said in the file, as `loc init` says it
  // (files/targets.ts, rootAllowed), or `loc export` would refuse the target it was just told to add.
  const out = flags.out ?? loaded.config.export?.out ?? '.';
  const optsIn = resolve(dirname(path), out) === resolve(dirname(path)) && loaded.config.allowRootOutput !== true;
  const written = { ...(optsIn ? { [ROOT_OPT_IN]: true } : {}), ...raw, targets: next };
  const parsed = projectConfigSchema().safeParse(written);
  if (!parsed.success)
    throw new UsageError(
      `Target '${flags.target}' is not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}.`,
      'Target names are letters, digits, `.`, `_` and `-`.',
    );
  if (document) {
    const added = [...(kept ? [kept] : []), target];
    if (optsIn) document.set(ROOT_OPT_IN, true);
    if (yaml?.isSeq(document.get('targets')))
      for (const t of added) document.addIn(['targets'], document.createNode(t));
    else document.set('targets', document.createNode(next));
    writeFileAtomically(path, String(document), { what: basename(path) });
  } else await writeRecord(dirname(path), basename(path), written);
  ctx.out.result({ path, target, ...(kept ? { kept } : {}) }, () => {
    ctx.out.success(`Added target '${flags.target}' to ${path}.`);
    if (optsIn)
      ctx.out.info(
        `Its files go to the folder of ${basename(path)} itself, so the file now says "${ROOT_OPT_IN}": true (pass --out <folder> to keep them in a folder of their own).`,
      );
    if (kept)
      ctx.out.info(
        `The project it pulled so far (${loaded.config.workspace ?? ''}/${loaded.config.project}) is now target '${kept.name}', so \`loc export\` keeps pulling it.`,
      );
    ctx.out.info(`Pull it with: loc export --target ${flags.target}`);
  });
}
