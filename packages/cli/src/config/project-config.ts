import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DISTRIBUTION_ENVIRONMENTS, DISTRIBUTION_TYPES, jsonPath } from '@loc/sdk';
import { z } from 'zod';
import { docsPage } from '../docs-page';
import { LocalFileError } from '../errors';

export const CONFIG_FILE_NAME = 'loc.config.json';

/**
 * `loc.config.json`: the project's defaults, committed with the code. No credential belongs here (they
 * are stored by `loc login` or come from the environment). Unknown keys are refused, so a typo is caught
 * instead of silently ignored.
 */
export const ProjectConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  /** Workspace URL slug. */
  workspace: z.string().min(1).optional(),
  /** Project URL slug. */
  project: z.string().min(1).optional(),
  export: z
    .strictObject({
      /** Export format id (`loc export formats`). Default: the project's native format. */
      format: z.string().min(1).optional(),
      /** Locales to export (iso2 slugs). Default: every locale of the project. */
      locales: z.array(z.string().min(1)).optional(),
      /** Resource file paths to export, as the service names them. Default: every file. */
      files: z.array(z.string().min(1)).optional(),
      /** Folder the files are unzipped into, relative to this file. Default: the folder of this file. */
      out: z.string().min(1).optional(),
      /** Where each file lands below `out` (docs/cli.md#path-templates). Default: `{path}`. */
      pathTemplate: z.string().min(1).optional(),
    })
    .optional(),
  cdn: z
    .strictObject({
      environment: z.enum(DISTRIBUTION_ENVIRONMENTS).optional(),
      type: z.enum(DISTRIBUTION_TYPES).optional(),
      /** Folder a release bundle is unzipped into, relative to this file. */
      out: z.string().min(1).optional(),
    })
    .optional(),
});
export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;

export interface LoadedConfig {
  /** Absolute path of the file. */
  path: string;
  /** Its folder: relative paths in the file are relative to it. */
  dir: string;
  config: ProjectConfig;
}

/** The nearest `loc.config.json`, walking up from `from` to the file system's root. */
export function findConfigFile(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Reads and validates a config file; every problem is named with its JSON path. */
export function loadConfigFile(path: string): LoadedConfig {
  const absolute = resolve(path);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new LocalFileError(`Cannot read ${absolute}: ${(error as Error).message}`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new LocalFileError(`${absolute} is not valid JSON: ${(error as Error).message}`, {
      hint: 'Fix the file, or write a new one with `loc init --force`.',
    });
  }
  const parsed = ProjectConfigSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${jsonPath(i.path)}: ${i.message}`).join('; ');
    throw new LocalFileError(`${absolute} is not a valid loc config: ${problems}`, {
      hint: `The keys it may hold: section "loc.config.json" of ${docsPage('cli.md')}.`,
    });
  }
  return { path: absolute, dir: dirname(absolute), config: parsed.data };
}
