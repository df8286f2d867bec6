import { UsageError } from '../run/errors';
import type { LoadedConfig } from './project-config';

// The targets of loc.config.json by the project each pulls: what `loc export` runs (export/targets.ts)
// and what `loc status` gates when the config has targets, declared once.

/** Which project a target pulls, and which of its locales (undefined: all). */
export interface TargetProject {
  name: string;
  workspace: string;
  project: string;
  locales: string[] | undefined;
}

/**
 * The targets named (all of the config's when none is), each with its project: exit 2 for a name the
 * config does not have, or a target that has no workspace or project even from the top level.
 */
export function targetProjects(loaded: LoadedConfig, names: readonly string[] | undefined): TargetProject[] {
  const { config } = loaded;
  const all = config.targets ?? [];
  const known = all.map((t) => t.name);
  const repeated = known.find((name, i) => known.indexOf(name) !== i);
  if (repeated)
    throw new UsageError(`${loaded.path} names two targets '${repeated}'.`, 'Give each target a name of its own.');
  const unknown = (names ?? []).filter((name) => !known.includes(name));
  if (unknown.length)
    throw new UsageError(
      // Named with its flag, as every refused value is: the Action rewrites the flag to its input.
      `Unknown target${unknown.length === 1 ? '' : 's'} for --target: ${unknown.join(', ')}.`,
      known.length ? `The targets of ${loaded.path}: ${known.join(', ')}.` : `${loaded.path} has no targets.`,
    );
  const picked = names?.length ? all.filter((t) => names.includes(t.name)) : all;
  return picked.map((t) => {
    const workspace = t.workspace ?? config.workspace;
    const project = t.project ?? config.project;
    if (!workspace || !project)
      throw new UsageError(
        `Target '${t.name}' has no ${workspace ? 'project' : 'workspace'}.`,
        `Set it in the target, or at the top of ${loaded.path}.`,
      );
    const locales = t.locales ?? config.export?.locales;
    return { name: t.name, workspace, project, locales: locales?.length ? locales : undefined };
  });
}

/** The refusal of --target where loc.config.json has no `targets` list (or there is no loc.config.json). */
export function noTargets(loaded: LoadedConfig | undefined): UsageError {
  return new UsageError(
    '--target names a target of loc.config.json, and there is no `targets` list.',
    `${loaded ? 'Add one' : 'Write loc.config.json with `loc init`, then add a target'} with \`loc init --target <name> --project <slug>\` (docs/cli.md#several-targets).`,
  );
}
