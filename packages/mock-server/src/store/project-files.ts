import { setImmediate as nextTurn } from 'node:timers/promises';
import { SEGMENT_STATUSES, type SegmentCounts, type SegmentStatus, withFormatExtension } from '@loc/sdk/internal';
import { localizePath } from '@loc/sdk/locales';
import { formatsOfFile } from '../formats';
import { buildExport } from './export-builder';
import { writeFileText, type FileTexts, type FileToBuild, type Placement } from './export-zip';
import type { Project, SeedFile } from './types';

/** Every locale of a project: its source first. */
export function localesOf(project: Project): string[] {
  return [project.sourceLocale, ...project.targetLocales.filter((l) => l !== project.sourceLocale)];
}

const textsCache = new WeakMap<SeedFile, FileTexts>();

/**
 * A file's texts in each of the project's locales: the source text in the source locale, else the
 * translation unless it is missing or NOT_TRANSLATED; and each segment's status there (the source
 * locale's are APPROVED, as in countsOf). Made once per file object: an import never changes a file, it
 * makes a new one (store/resource-import.ts), whose texts are made anew.
 */
function textsOf(project: Project, file: SeedFile): FileTexts {
  let texts = textsCache.get(file);
  if (texts) return texts;
  texts = {
    keys: file.segments.map((s) => s.key),
    sources: file.segments.map((s) => s.source),
    comments: file.segments.map((s) => s.comment),
    texts: Object.create(null),
    statuses: Object.create(null),
  };
  const approved = SEGMENT_STATUSES.indexOf('APPROVED');
  for (const locale of localesOf(project)) {
    texts.statuses[locale] =
      locale === project.sourceLocale
        ? new Uint8Array(file.segments.length).fill(approved)
        : Uint8Array.from(file.segments, (s) =>
            SEGMENT_STATUSES.indexOf(s.translations[locale]?.status ?? 'NOT_TRANSLATED'),
          );
    texts.texts[locale] =
      locale === project.sourceLocale
        ? texts.sources
        : file.segments.map((s) => {
            const t = s.translations[locale];
            return t && t.status !== 'NOT_TRANSLATED' ? t.text : null;
          });
  }
  textsCache.set(file, texts);
  return texts;
}

const countsCache = new WeakMap<SeedFile, Map<string, SegmentCounts>>();

/**
 * Segment counts of one file in one locale, every status present (a new object: callers add to it).
 * Counted once per file and locale, for the same reason as textsOf: `GET …/status` of 10,000 keys × 30
 * locales counted 300,000 segments each time (~35 ms), and `loc export` asks it before every run of targets.
 */
export function countsOf(project: Project, file: SeedFile, locale: string): SegmentCounts {
  const key = locale === project.sourceLocale ? '' : locale; // '': the source locale, all APPROVED
  let byLocale = countsCache.get(file);
  if (!byLocale) countsCache.set(file, (byLocale = new Map()));
  let counts = byLocale.get(key);
  if (!counts) {
    counts = Object.fromEntries(SEGMENT_STATUSES.map((status) => [status, 0])) as SegmentCounts;
    for (const s of file.segments)
      counts[key === '' ? 'APPROVED' : (s.translations[locale]?.status ?? 'NOT_TRANSLATED')] += 1;
    byLocale.set(key, counts);
  }
  return { ...counts };
}

/**
 * The path a file gets in an export: the locale filled in as the format's platform names it (Android
 * `values-pt-rBR`, and the source locale in the default `values/`; Java `messages_pt_BR`), the format's
 * extension.
 */
function exportPath(file: SeedFile, locale: string, format: string, sourceLocale: string): string {
  return withFormatExtension(localizePath(file.path, locale, { format, sourceLocale }), format);
}

/**
 * One file's text in one locale and format, as an export writes it: a download of the file. With `only`,
 * the translations of those statuses alone (the source locale's texts are APPROVED, so all of them).
 */
export function fileText(
  project: Project,
  file: SeedFile,
  locale: string,
  format: string,
  only?: ReadonlySet<SegmentStatus>,
): string {
  return writeFileText(
    { format, sourceLocale: project.sourceLocale, projectTitle: project.title, revisedAt: project.updatedAt },
    textsOf(project, file),
    { locale, path: exportPath(file, locale, format, project.sourceLocale) },
    only,
  );
}

/**
 * A real ZIP of the given files × locales in `format`, and the path of each file in it: a file in each
 * format the export writes it in (formatsOfFile: a `.strings` and its `.stringsdict`), in each locale. It is
 * made on a build thread where there is one (see export-builder.ts), so the mock keeps answering other
 * requests meanwhile.
 */
export async function buildZip(project: Project, files: SeedFile[], locales: string[], format: string) {
  const listed: { filePath: string; iso2Slug: string }[] = [];
  const bytes = await zipOf(project, files, format, (file) => {
    const formats = formatsOfFile(format, textsOf(project, file).keys);
    return locales.flatMap((locale) =>
      formats.map((written): Placement => {
        const path = exportPath(file, locale, written, project.sourceLocale);
        listed.push({ filePath: path, iso2Slug: locale });
        return written === format ? { locale, path } : { locale, path, format: written };
      }),
    );
  });
  return { bytes, files: listed };
}

/**
 * A ZIP of the given files, each written where and how `place` says (in `format` unless a placement names
 * its own): a release bundle's layout (sdk-bundles.ts), or an export's (buildZip).
 */
export async function zipOf(
  project: Project,
  files: SeedFile[],
  format: string,
  place: (file: SeedFile, index: number) => Placement[],
): Promise<Uint8Array> {
  const build: FileToBuild[] = [];
  for (const [index, file] of files.entries()) {
    // Making a large file's texts takes ~10 ms (once): other requests go on between two files.
    if (!textsCache.has(file)) await nextTurn();
    build.push({ texts: textsOf(project, file), locales: place(file, index) });
  }
  return buildExport(
    { format, sourceLocale: project.sourceLocale, projectTitle: project.title, revisedAt: project.updatedAt },
    build,
  );
}
