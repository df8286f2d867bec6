import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import * as z from 'zod/mini';
import { UnsafePathError } from '../run/errors';
import { diskFullError } from './disk-full';
import { EXPORT_RECORD_NAME } from './names';
import { checkUnder, writeFileUnder } from './safe-fs';

/**
 * What `loc` wrote into a folder, with each file's SHA-256 at the time: a later run overwrites or removes
 * a file only while it still has that content. A file someone changed since — or one `loc` never wrote —
 * is the user's, and is touched only with `--force` (docs/cli.md#files-you-changed).
 */
export interface WrittenFile {
  /** Relative to the folder, `/` separators. */
  path: string;
  /** null for entries of an older record that kept no hash: treated as changed. */
  sha256: string | null;
}

/** `loc export`'s record in its output folder (commit it with the files, so CI knows them too). */
export { EXPORT_RECORD_NAME };

/** Entries as written now (`{path, sha256}`) or by older versions (a bare path). */
export const WrittenFilesSchema = z.array(
  z.union([
    z.pipe(
      z.string(),
      z.transform((path: string): WrittenFile => ({ path, sha256: null })),
    ),
    z.object({ path: z.string(), sha256: z.nullable(z.string()) }),
  ]),
);

const ExportRecordSchema = z.looseObject({ files: WrittenFilesSchema });

/** The files a record lists, by path. */
export type WrittenIndex = ReadonlyMap<string, string | null>;

export function indexOf(files: readonly WrittenFile[] | undefined): WrittenIndex {
  return new Map((files ?? []).map((f) => [f.path, f.sha256]));
}

/**
 * A JSON record in `dir`, parsed with `schema`; undefined when absent or unreadable (then nothing counts as
 * ours). A record that is a symbolic link (or a folder) is refused: loc would replace it when done.
 */
export function readRecord<T>(dir: string, name: string, schema: z.ZodMiniType<T>): T | undefined {
  const { path, stats } = checkUnder(dir, name);
  if (!stats) return undefined;
  if (!stats.isFile()) {
    throw new UnsafePathError(
      `${path} is ${stats.isSymbolicLink() ? 'a symbolic link' : 'not a file'}; loc keeps its record there, and neither reads nor replaces it through a link.`,
      `Remove ${name} (loc writes it again), or choose another output folder.`,
    );
  }
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `loc export`'s record of `dir`. */
export function readExportRecord(dir: string): WrittenIndex {
  return indexOf(readRecord(dir, EXPORT_RECORD_NAME, ExportRecordSchema)?.files);
}

/**
 * Writes a record whole or not at all (a temporary file renamed over it), never through a link. A record
 * that says this already (the run changed nothing) is left as it is: rewriting it cost a temporary file and
 * a rename per output folder for nothing.
 */
export async function writeRecord(dir: string, name: string, record: object): Promise<void> {
  const text = `${JSON.stringify(record, null, 2)}\n`;
  if (readsAs(dir, name, text)) return;
  try {
    writeFileUnder(dir, name, text);
  } catch (error) {
    throw diskFullError(error, dir) ?? error;
  }
}

/** Whether `name` in `dir` is a regular file (reached without a link) holding exactly `text`; false when in doubt. */
function readsAs(dir: string, name: string, text: string): boolean {
  try {
    const { path, stats } = checkUnder(dir, name);
    return stats?.isFile() === true && stats.size === Buffer.byteLength(text) && readFileSync(path, 'utf8') === text;
  } catch {
    return false;
  }
}

/** Files sorted by path, for a record that diffs well when committed. */
export function sortedFiles(files: Iterable<WrittenFile>): WrittenFile[] {
  return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * A file up to this size is hashed from one read: resource files are small, and a stream reads 64 KiB per
 * thread-pool round trip (`loc export download` of 10,000 keys × 30 locales into a folder that holds them
 * already, 120 files compared: 164 ms that way, 144 ms with one read each). Larger files stream, so memory
 * stays bounded.
 */
const WHOLE_READ_BYTES = 16 * 1024 * 1024;

/** Hex SHA-256 of a file: read whole when small (`size` known from a stat the caller made), else streamed. */
export async function sha256File(path: string, size = statSync(path).size): Promise<string> {
  const hash = createHash('sha256');
  if (size <= WHOLE_READ_BYTES) return hash.update(readFileSync(path)).digest('hex');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
