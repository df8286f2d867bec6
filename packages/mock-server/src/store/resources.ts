// A project's resource files through the API: listed, uploaded (one file, or a ZIP of them) and imported
// as the switches allow, downloaded in one locale; and a reviewer's change of translations (the control
// API's `setTranslations`). Every change makes new file and project objects (resource-import.ts): status
// counts, exports and downloads read the new ones; releases keep the strings they were published with.
import type { ImportCounts, ResourceStatusFilter } from '@loc/sdk';
import { foldPath, printable, relativePathProblem, type SegmentStatus } from '@loc/sdk/internal';
import { LOCALE_STYLES, localeName, parseLocale, sameLocale } from '@loc/sdk/locales';
import { unzipSync } from 'fflate';
import { keysHeldBy } from '../formats';
import { FormatReadError, readerFor } from '../formats/readers';
import { fileText, localesOf } from './project-files';
import { findProject } from './projects';
import {
  checkFileName,
  addressOf,
  findResourceFile,
  formatOfName,
  newFileTemplate,
  normalFolder,
  projectLocale,
  type FileAddress,
} from './resource-files';
import { importSource, importTarget, type Switches } from './resource-import';
import { fileIdOf, type StoreContext } from './state';
import { StoreError } from './store-error';
import type { Project, ProjectFile, Segment } from './types';

/** One file to import: its name and folder as uploaded, its locale if given, its bytes, the switches of each side. */
export interface ResourceUpload extends FileAddress {
  bytes: Uint8Array;
  source: Switches;
  target: Switches;
}

/** What an import did to one file: where it landed, in which locale, and its counts. */
export interface ImportedResource {
  name: string;
  path: string;
  locale: string;
  template: string;
  fileCreated: boolean;
  counts: ImportCounts;
}

/** One file of the list in one locale. */
export interface ListedResource {
  name: string;
  path: string;
  locale: string;
}

/**
 * The most a ZIP upload may hold once inflated, in bytes: a small ZIP of a few KiB can inflate to
 * gigabytes (a "zip bomb"), so the sizes its directory states are added up before anything is inflated.
 */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/** The statuses a download's filter keeps; undefined: every translated one. */
const FILTERS: Record<ResourceStatusFilter, ReadonlySet<SegmentStatus> | undefined> = {
  ALL: undefined,
  TRANSLATED_AND_APPROVED: new Set(['TRANSLATED', 'APPROVED']),
  APPROVED: new Set(['APPROVED']),
};

/** What a reviewer does to translations in one locale (the control `setTranslations`). */
export interface TranslationChange {
  workspace: string;
  project: string;
  locale: string;
  keys: string[];
  status: SegmentStatus;
  /** The new text of each key; without it the text stays (a key without a translation needs one). */
  text?: string | undefined;
  /** The file, by its path with `%{locale}`, where a key is in two files. */
  file?: string | undefined;
}

/**
 * Whether the locale a file names itself (XLIFF's `target-language`, PO's `Language`, Rails' root key) is
 * `locale`, in the service's spelling or in a platform's (gettext's `zh_TW` for `zh-Hant`, `sr_RS@latin`).
 */
function namesLocale(declared: string, locale: string): boolean {
  if (sameLocale(declared, locale)) return true;
  return parseLocale(locale) !== undefined && LOCALE_STYLES.some((style) => localeName(locale, style) === declared);
}

/** A project being changed: its files, their ids, and whether anything changed (a ZIP imports all or none). */
interface Draft {
  project: Project;
  files: ProjectFile[];
  fileIds: string[];
  changed: boolean;
}

function draftOf(project: Project): Draft {
  return { project, files: [...project.files], fileIds: [...project.fileIds], changed: false };
}

/** The draft as the project it describes (the same object when nothing changed), revised now. */
function projectOf(draft: Draft, now: number): Project {
  if (!draft.changed) return draft.project;
  return {
    ...draft.project,
    files: draft.files,
    fileIds: draft.fileIds,
    updatedAt: new Date(now).toISOString(),
  };
}

/** Puts `next` in the state where `project` was. */
function replaceProject(ctx: StoreContext, project: Project, next: Project) {
  if (next === project) return;
  const { projects } = ctx.state;
  projects[projects.indexOf(project)] = next;
}

/** Imports one file into the draft (see importSource and importTarget); throws StoreError, changing nothing. */
function importInto(draft: Draft, upload: ResourceUpload): ImportedResource {
  const { project } = draft;
  const current = { ...project, files: draft.files };
  checkFileName(upload.name);
  normalFolder(upload.path);
  const format = formatOfName(current, upload.name);
  const found = findResourceFile(current, upload, format);
  let file: ProjectFile;
  let index: number;
  let locale: string;
  if (found) ({ file, index, locale } = found);
  else {
    const made = newFileTemplate(current, upload, format);
    if (made.locale !== project.sourceLocale)
      throw new StoreError(
        'not-found',
        `No file of project '${project.slug}' is named '${upload.name}'${upload.path ? ` in '${upload.path}'` : ''}: a translation goes into a file of the project (its files: ${project.files.map((f) => f.path).join(', ') || 'none'}). Upload the file in the source locale (${project.sourceLocale}) first.`,
      );
    if (!upload.source.createNew)
      throw new StoreError(
        'not-found',
        `No file of project '${project.slug}' is named '${upload.name}'${upload.path ? ` in '${upload.path}'` : ''}, and source:createNew is false: it is not created.`,
      );
    file = { path: made.template, segments: [] };
    index = draft.files.length;
    locale = made.locale;
  }
  const read = readerFor(format);
  if (!read) throw new StoreError('invalid', `${upload.name}: loc-mock cannot read ${format} files.`);
  let parsed: ReturnType<typeof read>;
  try {
    // The bytes as uploaded: each format's reader decodes them by its own rules (UTF-16 .strings, a PO
    // header's charset, ISO-8859-1 properties, an XML declaration), and names the line of a bad byte.
    parsed = read({ bytes: upload.bytes, locale, sourceLocale: project.sourceLocale, path: file.path });
  } catch (error) {
    if (error instanceof FormatReadError)
      throw new StoreError('invalid', `${upload.name} is not a ${format} file: ${error.message}`);
    throw error;
  }
  if (parsed.locale !== undefined && !namesLocale(parsed.locale, locale)) {
    const meant = localesOf(project).find((l) => namesLocale(parsed.locale!, l));
    throw new StoreError(
      'invalid',
      `${upload.name} says it is in '${parsed.locale}', and is uploaded as '${locale}': ${meant ? `send it with iso2_slug=${meant}` : `'${parsed.locale}' is no locale of project '${project.slug}'`}, or fix its locale.`,
    );
  }
  const isSource = locale === project.sourceLocale;
  const holds = keysHeldBy(
    format,
    file.segments.map((s) => s.key),
  );
  const imported = isSource
    ? importSource(file, parsed.entries, upload.source, holds)
    : importTarget(file, locale, parsed.entries, upload.target, holds);
  const fileCreated = !found;
  if (imported.file !== file || fileCreated) {
    draft.files[index] = imported.file;
    if (fileCreated) draft.fileIds[index] = fileIdOf(project.workspace, project.slug, imported.file.path, index);
    draft.changed = true;
  }
  const where = addressOf(project, imported.file, locale);
  return { ...where, locale, template: imported.file.path, fileCreated, counts: imported.counts };
}

/**
 * The names of a ZIP's entries that are symbolic links (a Unix mode of S_IFLNK in their external attributes,
 * which fflate does not read): an upload holds files, and a link's "content" is a path somewhere else.
 */
function linksIn(zip: Uint8Array): string[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let at = zip.byteLength - 22; at >= 0 && end === -1; at--) if (view.getUint32(at, true) === 0x06054b50) end = at;
  if (end === -1) return [];
  const links: string[] = [];
  const count = view.getUint16(end + 10, true);
  for (let at = view.getUint32(end + 16, true), i = 0; i < count && at + 46 <= zip.byteLength; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const madeOnUnix = view.getUint8(at + 5) === 3;
    const mode = view.getUint32(at + 38, true) >>> 16;
    const nameLength = view.getUint16(at + 28, true);
    if (madeOnUnix && (mode & 0o170000) === 0o120000)
      links.push(new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return links;
}

/** The entries of an uploaded ZIP, as files to import: hidden files and folders left out; a refusal names the entry. */
function zipEntries(bytes: Uint8Array, limit: number): { path: string; name: string; bytes: Uint8Array }[] {
  const [link] = linksIn(bytes);
  if (link !== undefined)
    throw new StoreError(
      'invalid',
      `The ZIP entry '${link}' is a symbolic link: a ZIP upload holds the files themselves.`,
    );
  let total = 0;
  const seen = new Map<string, string>();
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (entry) => {
        // Two entries for one file as file systems compare names (foldPath: `a/en.json` and `a//en.json`,
        // `a\\en.json`, `A/EN.json`), or one name twice, which fflate's answer would keep one of: which one the
        // upload meant is not for loc-mock to pick.
        const file = foldPath(entry.name);
        const before = entry.name.endsWith('/') ? undefined : seen.get(file);
        if (before !== undefined)
          throw new StoreError(
            'invalid',
            `The ZIP entries ${JSON.stringify(printable(before))} and ${JSON.stringify(printable(entry.name))} name one file: a ZIP upload holds each file once.`,
          );
        seen.set(file, entry.name);
        total += entry.originalSize;
        if (total > limit)
          throw new StoreError('invalid', `The ZIP inflates to more than ${limit} bytes; upload fewer files at once.`);
        return !entry.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError('invalid', `The upload is not a ZIP archive: ${(error as Error).message}.`);
  }
  const entries: { path: string; name: string; bytes: Uint8Array }[] = [];
  for (const [entry, content] of Object.entries(files)) {
    // The rule of any relative path a stranger names (@loc/sdk's base/relative-path.ts), as loc's unzip has it.
    const problem = relativePathProblem(entry);
    if (problem)
      throw new StoreError(
        'invalid',
        `The ZIP entry ${JSON.stringify(printable(entry))} ${problem}: a ZIP upload holds paths inside the repository.`,
      );
    const parts = entry.replace(/\\/g, '/').split('/');
    const name = parts.pop()!;
    // A folder's metadata a ZIP tool adds (`__MACOSX/`, `.DS_Store`) is no resource file.
    if (name.startsWith('.') || parts.some((p) => p.startsWith('__MACOSX') || p.startsWith('.'))) continue;
    entries.push({ path: normalFolder(parts.join('/'))!, name, bytes: content });
  }
  return entries;
}

/** The store's calls on resource files (see createStore). */
export function createResources(ctx: StoreContext) {
  const now = () => ctx.clock.now();
  return {
    /**
     * The project's files, each in each locale `which` names: every locale (`ALL`), the targets
     * (`TARGETS`), or the source (`NONE`), by the name and folder the project's format gives them.
     */
    listResources(ws: string, slug: string, which: 'ALL' | 'TARGETS' | 'NONE'): ListedResource[] {
      const project = findProject(ctx.state, ws, slug);
      const locales =
        which === 'NONE'
          ? [project.sourceLocale]
          : which === 'TARGETS'
            ? localesOf(project).filter((l) => l !== project.sourceLocale)
            : localesOf(project);
      return project.files.flatMap((file) =>
        locales.map((locale) => ({ ...addressOf(project, file, locale), locale })),
      );
    },

    /**
     * Uploads one file and imports it (see importSource and importTarget): into the file its name (and
     * folder) names, in the locale `iso2_slug` or its name gives, or into a new file made from a file of the
     * source locale that names no file. Throws StoreError, changing nothing: 'invalid' (422) for a file that
     * does not read in its format, naming the line, 'conflict' (406) for a name that names two files,
     * 'not-found' for a translation of no file.
     */
    importResource(ws: string, slug: string, upload: ResourceUpload): ImportedResource {
      const project = findProject(ctx.state, ws, slug);
      const draft = draftOf(project);
      const done = importInto(draft, upload);
      replaceProject(ctx, project, projectOf(draft, now()));
      return done;
    },

    /**
     * Imports every file of a ZIP, each under its path (its locale from its name and folder), all or none:
     * the first file that fails fails the upload, naming the file, and nothing is changed.
     */
    importResourceZip(
      ws: string,
      slug: string,
      zip: Uint8Array,
      switches: { source: Switches; target: Switches },
    ): ImportedResource[] {
      const project = findProject(ctx.state, ws, slug);
      const draft = draftOf(project);
      const done: ImportedResource[] = [];
      for (const entry of zipEntries(zip, MAX_UNZIPPED_BYTES)) {
        try {
          done.push(importInto(draft, { ...entry, ...switches }));
        } catch (error) {
          // Named by its path in the ZIP: its name alone may be every locale's (`common.json`).
          if (error instanceof StoreError)
            throw new StoreError(error.kind, `${entry.path ? `${entry.path}/` : ''}${entry.name}: ${error.message}`);
          throw error;
        }
      }
      replaceProject(ctx, project, projectOf(draft, now()));
      return done;
    },

    /**
     * One file's text in one locale, in the format its name says (the project's own, or another of its
     * formats by extension), with the translations `filter` keeps. 'not-found' for no such file or locale,
     * 'conflict' for a name that names two.
     */
    resourceText(
      ws: string,
      slug: string,
      address: FileAddress,
      filter: ResourceStatusFilter,
    ): { text: string; format: string; locale: string } {
      const project = findProject(ctx.state, ws, slug);
      const format = formatOfName(project, address.name);
      let found: ReturnType<typeof findResourceFile>;
      try {
        found = findResourceFile(project, address, format);
      } catch (error) {
        // A locale the project lacks names no file: 404, as a file the project lacks.
        if (error instanceof StoreError && error.kind === 'invalid') throw new StoreError('not-found', error.message);
        throw error;
      }
      if (!found)
        throw new StoreError(
          'not-found',
          `No file of project '${project.slug}' is named '${address.name}'${address.path !== undefined ? ` in '${address.path}'` : ''}. List them with GET …/resources.`,
        );
      const text = fileText(project, found.file, found.locale, format, FILTERS[filter]);
      return { text, format, locale: found.locale };
    },

    /**
     * Sets the status (and, with `text`, the text) of keys' translations in one target locale, as a
     * reviewer or translator does in the service: what `--status approved` pulls. Throws StoreError
     * ('not-found', 'invalid') naming the key or locale, changing nothing.
     */
    setTranslations(change: TranslationChange): { changed: number } {
      const project = findProject(ctx.state, change.workspace, change.project);
      const locale = projectLocale(project, change.locale);
      if (locale === project.sourceLocale)
        throw new StoreError(
          'invalid',
          `'${locale}' is the source locale of '${project.slug}': its texts are the segments' own (upload them).`,
          'locale',
        );
      const files = change.file === undefined ? project.files : project.files.filter((f) => f.path === change.file);
      if (change.file !== undefined && files.length === 0)
        throw new StoreError('not-found', `Project '${project.slug}' has no file '${change.file}'.`, 'file');
      const next = [...project.files];
      let changed = 0;
      for (const key of new Set(change.keys)) {
        const holders = files.filter((f) => f.segments.some((s) => s.key === key));
        if (holders.length === 0)
          throw new StoreError('not-found', `Project '${project.slug}' has no key '${key}'.`, 'keys');
        if (holders.length > 1)
          throw new StoreError(
            'invalid',
            `The key '${key}' is in ${holders.map((f) => f.path).join(' and ')}: name the file.`,
            'file',
          );
        const at = project.files.indexOf(holders[0]!);
        const file = next[at]!;
        const segments = file.segments.map((segment): Segment => {
          if (segment.key !== key) return segment;
          const own = segment.translations[locale];
          const text = change.text ?? own?.text;
          if (text === undefined && change.status !== 'NOT_TRANSLATED')
            throw new StoreError('invalid', `The key '${key}' has no translation in ${locale}: give its text.`, 'text');
          changed++;
          return {
            ...segment,
            translations: { ...segment.translations, [locale]: { text: text ?? '', status: change.status } },
          };
        });
        next[at] = { ...file, segments };
      }
      replaceProject(ctx, project, {
        ...project,
        files: next,
        updatedAt: new Date(now()).toISOString(),
      });
      return { changed };
    },
  };
}
