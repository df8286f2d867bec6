// The schemas of exports: the request that starts one, and the job the service answers with.
import * as z from 'zod/mini';
import { lazyObject, once } from '../base/lazy-object';
import { EXPORT_FORMAT_ID_PATTERN, type ExportFormatId } from '../base/export-formats';
import type { CustomId } from '../base/custom-id';
import { nonEmptyString } from './checks';
import { LanguageCodeSchema, openEnum, openObject } from './common';

/** {@link ExportStatusSchema}, built on first use: what the client's calls and the other schemas build with. */
const exportStatus = /* @__PURE__ */ once(() =>
  openEnum(['NEW', 'SCHEDULED', 'PROCESSING', 'SUCCESS', 'ERROR', 'SKIPPED']),
);
/**
 * Export states: PROCESSING, SUCCESS and ERROR; the service also reports NEW, SCHEDULED and SKIPPED, and
 * may add more: unknown states parse and are polled through.
 */
export const ExportStatusSchema = /* @__PURE__ */ lazyObject(exportStatus);
/** The type of {@link ExportStatusSchema}. */
export type ExportStatus = z.output<typeof ExportStatusSchema>;

/** States after which polling stops. */
export const FINAL_EXPORT_STATUSES: ReadonlySet<string> = new Set(['SUCCESS', 'ERROR', 'SKIPPED']);

/**
 * An export format id: in the type, one loc knows (a typo does not compile) or a {@link CustomId}; at run
 * time (the mock, the OpenAPI document) any id of the service's form, since each project lists its own
 * (its status's `supportedExportFormats`, which may hold ids no client knows).
 */
const exportFormatId = () =>
  z.string().check(
    z.regex(EXPORT_FORMAT_ID_PATTERN, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not an export format id: dotted words such as json.standard (the project lists its own: supportedExportFormats)`,
    }),
  ) as unknown as z.ZodMiniType<ExportFormatId | CustomId, ExportFormatId | CustomId>;

/** ResourceExportRequest: optional filters; without them every file and locale is exported. */
export const ExportRequestSchema = /* @__PURE__ */ lazyObject(() =>
  z.object({
    /** Only these files, as listed in the project status (`%{locale}` placeholder form). */
    filePaths: z.optional(z.array(nonEmptyString())),
    /** Only these locales (ISO 639-1 codes). */
    iso2Slugs: z.optional(z.array(LanguageCodeSchema)),
    /** Another format than the project's own, for example `strings.ios` or `json.standard`. */
    exportFormat: z.optional(exportFormatId()),
  }),
);
/** The type of {@link ExportRequestSchema} (as you pass it: optional fields may be left out). */
export type ExportRequest = z.input<typeof ExportRequestSchema>;

/** {@link ResourceExportFileSchema}, built on first use: what the client's calls and the other schemas build with. */
const resourceExportFile = /* @__PURE__ */ once(() =>
  openObject({
    filePath: z.string(),
    iso2Slug: z.nullish(z.string()),
    status: exportStatus(),
    downloadUrl: z.nullish(z.string()),
  }),
);
/** One file of an export. */
export const ResourceExportFileSchema = /* @__PURE__ */ lazyObject(resourceExportFile);
/** The type of {@link ResourceExportFileSchema}. */
export type ResourceExportFile = z.output<typeof ResourceExportFileSchema>;

/** A field the service may leave out or send as null: null in the parsed object either way. */
function nullIfMissing<T>(schema: z.ZodMiniType<T, T>) {
  return z.pipe(
    z.nullish(schema),
    z.transform((v: T | null | undefined) => v ?? null),
  );
}

/** {@link ExportSchema}, built on first use: what the client's calls and the other schemas build with. */
export const resourceExport = /* @__PURE__ */ once(() =>
  openObject({
    id: nonEmptyString(),
    status: exportStatus(),
    resourceExports: z.pipe(
      z.nullish(z.array(resourceExportFile())),
      z.transform((files: ResourceExportFile[] | null | undefined) => files ?? []),
    ),
    errorDetails: nullIfMissing(z.string()),
    /** Name of the ZIP once complete. */
    filePath: nullIfMissing(z.string()),
    /** Pre-signed URL of the ZIP, only when status is SUCCESS. Needs no credential: send none. */
    downloadUrl: nullIfMissing(z.string()),
    triggerType: z.string(),
    createdAt: z.string(),
  }),
);
/** ResourceExportResponse: an export's state and, once complete, where to download it. */
export const ExportSchema = /* @__PURE__ */ lazyObject(resourceExport);
/** The type of {@link ExportSchema} (as parsed: defaults and renamed fields applied). */
export type Export = z.output<typeof ExportSchema>;
/** An export that reached SUCCESS: its `downloadUrl` is set. */
export type CompletedExport = Export & { status: 'SUCCESS'; downloadUrl: string };
