// The schemas of a project's resource files (the "Resources" endpoints of the real service, which spec.md
// leaves out: real-service-notes.md): the list, an upload's form and the answer to it, one file's text.
// The wire's names are the service's (`project_locale`, `iso2_slug`, `source:createNew`); parsed answers
// are camelCase, mapped here, in one place, as project details are.
import * as z from 'zod/mini';
import { lazyObject, once } from '../base/lazy-object';
import { nonNegativeInt } from './checks';
import { LanguageCodeSchema, link, maxCharacters, openObject, type Link } from './common';

/**
 * Which locales' files `GET …/resources` lists (`localeInFileName`): every locale's (`ALL`, the default),
 * the target locales' (`TARGETS`), or the source files alone (`NONE`). The service names the values;
 * what each lists is @loc's reading of the name (docs/decisions.md, "Resources").
 */
export const LOCALE_IN_FILE_NAME = ['ALL', 'TARGETS', 'NONE'] as const;
/** Which locales' files a list holds: `ALL`, `TARGETS` or `NONE`. */
export type LocaleInFileName = (typeof LOCALE_IN_FILE_NAME)[number];

/**
 * Which translations a downloaded file holds (`target:filterByStatus`): every translated one (`ALL`, an
 * export's), the translated and approved ones (`TRANSLATED_AND_APPROVED`: no DRAFT, no PREFILLED), or the
 * approved ones (`APPROVED`). A file of the source locale holds every source text whatever the filter.
 */
export const RESOURCE_STATUS_FILTERS = ['ALL', 'TRANSLATED_AND_APPROVED', 'APPROVED'] as const;
/** One of {@link RESOURCE_STATUS_FILTERS}. */
export type ResourceStatusFilter = (typeof RESOURCE_STATUS_FILTERS)[number];

/**
 * The six switches of an import, by their wire names: for a file of the source locale (`source:…`) and for
 * a translation (`target:…`), whether new keys are created, changed ones updated, and keys the file lacks
 * deactivated.
 */
export const IMPORT_SWITCHES = [
  'source:createNew',
  'source:updateExisting',
  'source:deactivateMissing',
  'target:createNew',
  'target:updateExisting',
  'target:deactivateMissing',
] as const;
/** The wire name of one of the six switches of an import (`source:createNew` …). */
export type ImportSwitch = (typeof IMPORT_SWITCHES)[number];

/**
 * A boolean as a query or form parameter carries it: the text `true` or `false` (the OpenAPI document
 * states exactly these two; anything else is refused).
 */
export const parameterBoolean = /* @__PURE__ */ once(() => z.enum(['true', 'false']));

/** The longest `path` (a folder of the repository) the service is sent, in characters. */
export const MAX_RESOURCE_PATH_LENGTH = 1024;

/** The query parameter `localeInFileName` of `GET …/resources` ({@link LOCALE_IN_FILE_NAME}). */
export const localeInFileName = /* @__PURE__ */ once(() => z.enum(LOCALE_IN_FILE_NAME));
/** The query parameter `target:filterByStatus` of a download ({@link RESOURCE_STATUS_FILTERS}). */
export const resourceStatusFilter = /* @__PURE__ */ once(() => z.enum(RESOURCE_STATUS_FILTERS));
/** A `path` parameter: the folder of a file in the repository, at most {@link MAX_RESOURCE_PATH_LENGTH} characters. */
export const resourcePath = /* @__PURE__ */ once(() => maxCharacters(z.string(), MAX_RESOURCE_PATH_LENGTH));

/** The values of a self link's query (`path`, `iso2_slug`), or none. */
function selfLinkQuery(links: readonly Link[]): URLSearchParams {
  const self = links.find((l) => l.rel === 'self') ?? links[0];
  try {
    return new URL(self?.href ?? '', 'http://base.invalid').searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/** {@link ResourceListEntrySchema}, built on first use: what the client's calls and the other schemas build with. */
const resourceListEntry = /* @__PURE__ */ once(() =>
  z.pipe(
    openObject({
      name: z.string(),
      project_locale: z.string(),
      links: z.array(link()),
    }),
    z.transform(({ project_locale, ...rest }) => ({
      ...rest,
      projectLocale: project_locale,
      /** The folder of the file, as its self link (its download URL) names it; undefined when it names none. */
      path: selfLinkQuery(rest.links).get('path') ?? undefined,
    })),
  ),
);
/**
 * One file of `GET …/resources`, in one locale: its `name`, its locale (`projectLocale`; the wire's
 * `project_locale`), its `links` (the self link is its download URL), and the folder it is in (`path`), read
 * from the self link's query when the link has one.
 */
export const ResourceListEntrySchema = /* @__PURE__ */ lazyObject(resourceListEntry);
/** The type of {@link ResourceListEntrySchema}. */
export type ResourceListEntry = z.output<typeof ResourceListEntrySchema>;

/** {@link ResourceListSchema}, built on first use: what the client's calls and the other schemas build with. */
export const resourceList = /* @__PURE__ */ once(() =>
  openObject({
    members: z.array(resourceListEntry()),
    links: z.optional(z.array(link())),
  }),
);
/** The answer of `GET …/resources`: `{ members: [...] }`, one entry per file and locale. */
export const ResourceListSchema = /* @__PURE__ */ lazyObject(resourceList);
/** The type of {@link ResourceListSchema}. */
export type ResourceList = z.output<typeof ResourceListSchema>;

/** {@link ImportCountsSchema}, built on first use: what the client's calls and the other schemas build with. */
const importCounts = /* @__PURE__ */ once(() =>
  openObject({
    created: nonNegativeInt(),
    updated: nonNegativeInt(),
    deactivated: nonNegativeInt(),
    unchanged: nonNegativeInt(),
    skipped: nonNegativeInt(),
  }),
);
/**
 * What an import did to the keys of one file: segments (of a source file) or translations (of a target
 * file) created, updated, deactivated, left as they were, and skipped (a switch said no, or a translation
 * of a key the project lacks).
 */
export const ImportCountsSchema = /* @__PURE__ */ lazyObject(importCounts);
/** The type of {@link ImportCountsSchema}. */
export type ImportCounts = z.output<typeof ImportCountsSchema>;

/** {@link ResourceImportSchema}, built on first use: what the client's calls and the other schemas build with. */
export const resourceImport = /* @__PURE__ */ once(() =>
  z.pipe(
    // Every field optional: the service's answer to an upload is not documented (real-service-notes.md),
    // so an answer without these still parses; loc-mock answers all of them.
    openObject({
      name: z.optional(z.string()),
      path: z.optional(z.string()),
      project_locale: z.optional(z.string()),
      filePathWithLocalePlaceholder: z.optional(z.string()),
      fileCreated: z.optional(z.boolean()),
      segments: z.optional(importCounts()),
      links: z.optional(z.array(link())),
    }),
    z.transform(({ project_locale, ...rest }) => ({ ...rest, projectLocale: project_locale })),
  ),
);
/**
 * The answer to an upload of one file, as loc-mock gives it: the file it landed in (`name`, `path`,
 * `projectLocale`, `filePathWithLocalePlaceholder`; `fileCreated` when the upload made it) and what the
 * import did (`segments`). Every field is optional: the service's own answer is not documented.
 */
export const ResourceImportSchema = /* @__PURE__ */ lazyObject(resourceImport);
/** The type of {@link ResourceImportSchema} (as parsed: the wire's `project_locale` is `projectLocale`). */
export type ResourceImport = z.output<typeof ResourceImportSchema>;

/** {@link ResourceZipImportSchema}, built on first use: what the client's calls and the other schemas build with. */
export const resourceZipImport = /* @__PURE__ */ once(() =>
  openObject({
    members: z.optional(z.array(resourceImport())),
  }),
);
/** The answer to a ZIP upload, as loc-mock gives it: one {@link ResourceImportSchema} per file of the ZIP. */
export const ResourceZipImportSchema = /* @__PURE__ */ lazyObject(resourceZipImport);
/** The type of {@link ResourceZipImportSchema}. */
export type ResourceZipImport = z.output<typeof ResourceZipImportSchema>;

/** {@link ResourceTextSchema}, built on first use: the answer of a download is the file's text. */
export const resourceText = /* @__PURE__ */ once(() => z.string());
/** The answer of `GET …/resources/{fileName}`: the file's text, in its own format (not JSON). */
export const ResourceTextSchema = /* @__PURE__ */ lazyObject(resourceText);

/** The six switches as form (or query) fields: each `true` or `false`, each optional. */
function switchFields() {
  return Object.fromEntries(IMPORT_SWITCHES.map((name) => [name, z.optional(parameterBoolean())])) as Record<
    ImportSwitch,
    z.ZodMiniOptional<z.ZodMiniEnum<{ true: 'true'; false: 'false' }>>
  >;
}

/**
 * The form of `POST …/resources` (`multipart/form-data`), as the service's own example sends it: the file
 * as the part `file`, its folder `path`, its locale `iso2_slug` (or `iso2_code`; without either, the
 * locale comes from the file's name), and the six switches. The service takes the fields as query
 * parameters too.
 */
export const UploadResourceRequestSchema = /* @__PURE__ */ lazyObject(() =>
  z.object({
    file: z.file(),
    path: z.optional(resourcePath()),
    iso2_slug: z.optional(LanguageCodeSchema),
    iso2_code: z.optional(LanguageCodeSchema),
    ...switchFields(),
  }),
);

/**
 * The form of `POST …/resources/zip`: a ZIP of resource files under their repository paths as the part
 * `file` (each file's locale comes from its path), and the six switches.
 */
export const UploadResourceZipRequestSchema = /* @__PURE__ */ lazyObject(() =>
  z.object({
    file: z.file(),
    ...switchFields(),
  }),
);
