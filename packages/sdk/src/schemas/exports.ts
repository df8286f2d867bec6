// The schemas of exports (spec.md 2.7, 2.8).
import * as z from 'zod';
import { EXPORT_FORMATS, type ExportFormatId } from '../export-formats';
import { LanguageCodeSchema, openEnum, openObject, requestEnum } from './common';

/**
 * Export states. spec.md names PROCESSING, SUCCESS and ERROR; the real service also reports NEW,
 * SCHEDULED and SKIPPED, and may add more: unknown states parse and are polled through.
 */
export const ExportStatusSchema = openEnum(['NEW', 'SCHEDULED', 'PROCESSING', 'SUCCESS', 'ERROR', 'SKIPPED']);
/** The type of {@link ExportStatusSchema}. */
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

/** States after which polling stops. */
export const FINAL_EXPORT_STATUSES: ReadonlySet<string> = new Set(['SUCCESS', 'ERROR', 'SKIPPED']);

/** ResourceExportRequest (spec.md 2.7): optional filters; without them every file and locale is exported. */
export const ExportRequestSchema = z.object({
  /** Only these files, as listed in the project status (`%{locale}` placeholder form). */
  filePaths: z.array(z.string().min(1)).optional(),
  /** Only these locales (ISO 639-1 codes). */
  iso2Slugs: z.array(LanguageCodeSchema).optional(),
  /** Another format than the project's own, for example `strings.ios` or `json.standard`. */
  exportFormat: requestEnum(EXPORT_FORMATS.map((f) => f.id) as [ExportFormatId, ...ExportFormatId[]]).optional(),
});
/** The type of {@link ExportRequestSchema} (as you pass it: optional fields may be left out). */
export type ExportRequest = z.input<typeof ExportRequestSchema>;

/** One file of an export. */
export const ResourceExportFileSchema = openObject({
  filePath: z.string(),
  iso2Slug: z.string().nullish(),
  status: ExportStatusSchema,
  downloadUrl: z.string().nullish(),
});
/** The type of {@link ResourceExportFileSchema}. */
export type ResourceExportFile = z.infer<typeof ResourceExportFileSchema>;

/** ResourceExportResponse (spec.md 2.8). */
export const ExportSchema = openObject({
  id: z.string().min(1),
  status: ExportStatusSchema,
  resourceExports: z
    .array(ResourceExportFileSchema)
    .nullish()
    .transform((files) => files ?? []),
  errorDetails: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  /** Name of the ZIP once complete. */
  filePath: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  /** Pre-signed URL of the ZIP, only when status is SUCCESS. Needs no credential: send none. */
  downloadUrl: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  triggerType: z.string(),
  createdAt: z.string(),
});
/** The type of {@link ExportSchema} (as parsed: defaults and renamed fields applied). */
export type Export = z.output<typeof ExportSchema>;
/** An export that reached SUCCESS: its `downloadUrl` is set. */
export type CompletedExport = Export & { status: 'SUCCESS'; downloadUrl: string };
