import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatInfo, localizePath, SEGMENT_STATUSES, type SegmentCounts } from '@loc/sdk';
import { writerFor, type Entry } from '../formats';
import type { Project, SeedFile } from './types';
import { createZipWriter } from './zip';

/** Every locale of a project: its source first. */
export function localesOf(project: Project): string[] {
  return [project.sourceLocale, ...project.targetLocales.filter((l) => l !== project.sourceLocale)];
}

/** The strings of one file in one locale: the source text for the source locale, else what is translated. */
function entriesOf(project: Project, file: SeedFile, locale: string): Entry[] {
  // A plain loop: an export of 10,000 keys × 30 locales makes 300,000 of these.
  const source = locale === project.sourceLocale;
  const entries: Entry[] = [];
  for (const s of file.segments) {
    const t = source ? undefined : s.translations[locale];
    if (!source && (!t || t.status === 'NOT_TRANSLATED')) continue;
    const value = source ? s.source : t!.text;
    entries.push(
      s.comment ? { key: s.key, source: s.source, comment: s.comment, value } : { key: s.key, source: s.source, value },
    );
  }
  return entries;
}

/** Segment counts of one file in one locale, every status present. */
export function countsOf(project: Project, file: SeedFile, locale: string): SegmentCounts {
  const counts = Object.fromEntries(SEGMENT_STATUSES.map((status) => [status, 0])) as SegmentCounts;
  for (const s of file.segments) {
    const status = locale === project.sourceLocale ? 'APPROVED' : (s.translations[locale]?.status ?? 'NOT_TRANSLATED');
    counts[status] += 1;
  }
  return counts;
}

/**
 * The path a file gets in an export: the locale filled in as the format's platform names it (Android
 * `values-pt-rBR`, and the source locale in the default `values/`; Java `messages_pt_BR`), the format's
 * extension.
 */
function exportPath(file: SeedFile, locale: string, format: string, sourceLocale: string): string {
  const filled = localizePath(file.path, locale, { format, sourceLocale });
  const extension = formatInfo(format)?.extension;
  return extension ? `${filled.replace(/\.[^./]+$/, '')}.${extension}` : filled;
}

/**
 * A real ZIP of the given files × locales in `format`. It yields to the event loop before each file
 * and compresses off the main thread, so the mock keeps answering other requests while a large export
 * is assembled.
 */
export async function buildZip(project: Project, files: SeedFile[], locales: string[], format: string) {
  const write = writerFor(format);
  if (!write) throw new Error(`no writer for ${format}`);
  const zip = createZipWriter();
  const encoder = new TextEncoder();
  const listed: { filePath: string; iso2Slug: string }[] = [];
  for (const file of files) {
    const keys = file.segments.map((s) => s.key);
    for (const locale of locales) {
      await nextTurn();
      const path = exportPath(file, locale, format, project.sourceLocale);
      zip.add(
        path,
        encoder.encode(
          write({
            locale,
            sourceLocale: project.sourceLocale,
            path,
            entries: entriesOf(project, file, locale),
            keys,
            projectTitle: project.title,
            revisedAt: project.updatedAt,
          }),
        ),
      );
      listed.push({ filePath: path, iso2Slug: locale });
    }
  }
  return { bytes: await zip.finish(), files: listed };
}
