// src/seed/: the state a mock starts from: the seed's schema (here), the ids it gives, the demo and hostile seeds.
import {
  DISTRIBUTION_ENVIRONMENTS,
  DISTRIBUTION_TYPES,
  EXPORT_FORMAT_ID_PATTERN,
  EXPORT_FORMATS,
  RESOURCE_TYPES,
  SEGMENT_STATUSES,
} from '@loc/sdk/internal';
import { jsonPath, relativePathProblem } from '@loc/sdk/internal';
import semver from 'semver';
import { z } from 'zod';
import { derivedId, PROJECT_ID_PATTERN, WORKSPACE_ID_PATTERN } from './ids';

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a URL slug: lowercase letters, digits and dashes');
const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 date');
/**
 * A range of app versions as the CDN check reads it (store/cdn-checks.ts: semver, pre-releases counted). One
 * semver cannot read would be taken and then serve no version at all: refused, naming the field.
 */
const versionRange = z
  .string()
  .refine(
    (range) => semver.validRange(range, { includePrerelease: true }) !== null,
    'expected a semver range, such as >=2.0.0 or >=1.0.0 <2.0.0',
  );
const resourceTypes = RESOURCE_TYPES.map((t) => t.id) as [string, ...string[]];

export const ROLES = ['admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const TranslationSchema = z.strictObject({ text: z.string(), status: z.enum(SEGMENT_STATUSES) });

/** A seed file: the whole state the mock starts from (and `reset()` returns to). */
export const SeedSchema = z.strictObject({
  workspaces: z.array(
    z
      .strictObject({
        slug,
        /** The id the service's paths take as well as the slug. Default: made from the slug (seed/ids.ts). */
        id: z
          .string()
          .regex(WORKSPACE_ID_PATTERN, 'expected a workspace id such as space_16kPs3bRIpXi-29323')
          .optional(),
        name: z.string(),
        /** CDN checks allowed before 429; null for no limit. */
        cdnBudget: z.number().int().nonnegative().nullable().default(null),
        /**
         * Length of a budget period in seconds: a period begins with the first check after the last one ended,
         * the budget is whole again when it ends, and a 429 says when with `Retry-After`. Null: the budget is
         * never renewed and a 429 has no `Retry-After`.
         */
        cdnBudgetPeriodSeconds: z.number().int().positive().nullable().default(null),
      })
      .transform((w) => ({ ...w, id: w.id ?? derivedId('space', w.slug) })),
  ),
  users: z.array(
    z.strictObject({
      email: z.string().email(),
      tokens: z.array(z.string().min(8)),
      /** Role per workspace slug. */
      workspaceRoles: z.record(z.string(), z.enum(ROLES)).default({}),
      /** Collaborations on single projects, as `workspace/project` (generalView + resourcesView there). */
      projects: z.array(z.string().regex(/^[^/]+\/[^/]+$/, 'expected workspace/project')).default([]),
    }),
  ),
  projects: z.array(
    z
      .strictObject({
        workspace: slug,
        slug,
        /** The id the service's paths take as well as the slug. Default: made from workspace and slug (seed/ids.ts). */
        id: z.string().regex(PROJECT_ID_PATTERN, 'expected a project id such as pr_18JCETCbT9NW-31003').optional(),
        title: z.string().min(1),
        description: z.string().optional(),
        owner: z.string().email(),
        resourceType: z.enum(resourceTypes),
        sourceLocale: z.string().min(2),
        targetLocales: z.array(z.string().min(2)),
        /** Default: a fixed date, so a seed without dates gives the same answers every run. */
        createdAt: isoDate.default('2026-01-01T00:00:00.000Z'),
        updatedAt: isoDate.optional(),
        /**
         * Formats the project lists besides its resource type's (`supportedExportFormats`), each exported as
         * a format loc-mock writes (`as`): a project of the real service lists ids no client knows in advance.
         */
        exportFormats: z
          .array(
            z.strictObject({
              id: z.string().regex(EXPORT_FORMAT_ID_PATTERN, 'expected an export format id such as json.flat-v2'),
              name: z.string().min(1),
              as: z.enum(EXPORT_FORMATS.map((f) => f.id) as [string, ...string[]]),
            }),
          )
          .default([]),
        repositoryConnections: z
          .array(z.strictObject({ provider: z.string(), connected: z.boolean(), canPush: z.boolean().default(false) }))
          .default([]),
        files: z
          .array(
            z.strictObject({
              path: z
                .string()
                .includes('%{locale}', { message: 'a resource file path must contain %{locale}' })
                // The rule of any relative path a stranger names (@loc/sdk's base/relative-path.ts): a seed's
                // paths reach exports, releases and every client's file system as an upload's do.
                .superRefine((path, ctx) => {
                  const problem = relativePathProblem(path.replaceAll('%{locale}', 'en'));
                  if (problem) ctx.addIssue({ code: 'custom', message: `the path ${problem}` });
                }),
              segments: z.array(
                z.strictObject({
                  key: z.string().min(1),
                  source: z.string(),
                  comment: z.string().optional(),
                  translations: z.record(z.string(), TranslationSchema).default({}),
                }),
              ),
            }),
          )
          .default([]),
      })
      .transform((p) => ({ ...p, id: p.id ?? derivedId('pr', `${p.workspace}/${p.slug}`) })),
  ),
  distributions: z
    .array(
      z.strictObject({
        workspace: slug,
        environment: z.enum(DISTRIBUTION_ENVIRONMENTS),
        type: z.enum(DISTRIBUTION_TYPES),
        /** The project whose strings the release bundles carry. */
        project: slug,
        /** App versions this distribution serves (a semver range); all when absent. */
        clientVersions: versionRange.optional(),
        releases: z.array(
          z.strictObject({
            id: z.string().min(1),
            name: z.string(),
            createdAt: isoDate,
            /** Narrows the app versions this release is for. */
            clientVersions: versionRange.optional(),
          }),
        ),
      }),
    )
    .default([]),
  cdnKeys: z
    .array(
      z.strictObject({
        key: z.string().min(8),
        workspace: slug,
        expiresAt: isoDate.nullable().default(null),
        revoked: z.boolean().default(false),
      }),
    )
    .default([]),
});

export type Seed = z.input<typeof SeedSchema>;
export type ParsedSeed = z.output<typeof SeedSchema>;

/** What parseSeed returned: given one of these again, it returns it as it is (no second deep copy). */
const parsed = new WeakSet<object>();

/**
 * Parses a seed, with errors that name the JSON path of each bad value. A seed it parsed before is
 * returned as it is: `loc-mock --seed` parses the file to report its errors, and the store parses what it
 * is given; a second pass over a seed of 10,000 keys × 30 locales took a quarter of the start-up.
 */
export function parseSeed(data: unknown): ParsedSeed {
  if (typeof data === 'object' && data !== null && parsed.has(data)) return data as ParsedSeed;
  const result = SeedSchema.safeParse(data);
  const lines = result.success
    ? duplicateIds(result.data)
    : result.error.issues.slice(0, 10).map((i) => `  ${jsonPath(i.path)}: ${i.message}`);
  if (result.success && lines.length === 0) {
    parsed.add(result.data);
    return result.data;
  }
  throw new Error(`Invalid seed:\n${lines.join('\n')}`);
}

/** An id names one workspace, or one project: a second one with the same id is a seed's mistake. */
function duplicateIds(seed: z.output<typeof SeedSchema>): string[] {
  const lines: string[] = [];
  for (const [key, list] of [
    ['workspaces', seed.workspaces],
    ['projects', seed.projects],
  ] as const) {
    const seen = new Map<string, number>();
    list.forEach((item, i) => {
      const first = seen.get(item.id);
      if (first === undefined) seen.set(item.id, i);
      else lines.push(`  $.${key}[${i}].id: '${item.id}' is the id of $.${key}[${first}] already`);
    });
  }
  return lines;
}
