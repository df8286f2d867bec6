import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, statSync, writeFile } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { UnsafeArchiveError } from '../run/errors';
import { diskFullError } from './disk-full';
import { inflateStored, type StoredEntry } from './inflate';
import { foldName, foldPath, printable, relativePathProblem } from '@loc/sdk/internal';
import { RECORD_NAMES } from './names';

/** Limits against zip bombs: generous for resource files, far below what would hurt a machine. */
export interface UnzipLimits {
  maxEntries: number;
  /** Sum of the uncompressed sizes. */
  maxTotalBytes: number;
  /** Uncompressed ÷ compressed size of one entry, checked for entries above 1 MiB. */
  maxRatio: number;
}

const DEFAULT_UNZIP_LIMITS: UnzipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
};

const RATIO_FLOOR_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/**
 * The path of an entry as a safe relative path, or why it is not one ("'x' …"): the SDK's rule for any
 * relative path a stranger names (base/relative-path.ts: absolute paths, `..` and what a file system reads
 * as it, empty names, control characters, devices), and none of loc's own record names.
 */
export function safeEntryPath(name: string): string | { refused: string } {
  const problem = relativePathProblem(name);
  if (problem) return { refused: problem };
  const parts = name
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  // loc's records: an archive that ships one would rewrite what loc believes it wrote.
  if (RECORD_NAMES.includes(foldName(parts.at(-1) ?? ''))) return { refused: "has the name of loc's own record" };
  return parts.join('/');
}

/** An entry of an archive: its safe path and its size as the archive states it. */
export interface ArchivedFile {
  path: string;
  bytes: number;
}

export interface ExtractedFile {
  /** Safe relative path inside the archive, `/` separators. */
  path: string;
  /** Absolute path of the extracted copy (named by its place in the archive, not by its path). */
  file: string;
  bytes: number;
  /** Hex SHA-256 of the extracted bytes, computed while they were written (no second read). */
  sha256: string;
  /** Not written, as `needsCopy` answered (`file` names where it would have been). */
  skipped?: Exclude<CopyNeed, 'copy'>;
}

/**
 * What an entry inflated in memory needs, asked before its copy is written: `same`, no copy, the output
 * folder holds it byte for byte (most files of a run in CI: staging them only to delete them again was
 * most of what extracting cost); `copy`; or `none`, it differs but nothing will read a copy (a run that
 * places nothing, whose summary has the bytes already). Must not throw.
 */
export type CopyNeed = 'same' | 'copy' | 'none';
export type NeedsCopy = (path: string, data: Buffer, stored: StoredEntry) => CopyNeed;

/**
 * A ZIP up to this size is read into memory whole, and each of its entries up to this size is inflated
 * and hashed with one synchronous call each: resource files are small and many (120 in a 10,000-key
 * export), and a stream per entry (16 KiB reads, inflates and writes, each a thread-pool round trip) cost
 * 4× the work itself. (Inflating a few entries ahead on the thread pool was tried: on 2 busy cores it
 * took more CPU and no less time.) Larger archives and entries stream, so memory stays bounded.
 */
const IN_MEMORY_BYTES = 16 * 1024 * 1024;

/**
 * Inflated entries whose files are being written while the next ones inflate: creating a file is the
 * kernel's work, up to a quarter of a millisecond each where many files were just deleted (as in a
 * temporary folder), and on the thread pool it runs on the other core instead of after each inflate.
 * (WebCrypto's digest, which hashes on the pool too, was tried: it copies the data first, into fresh
 * memory, and that cost the main thread as much as the hash.) Bounded by bytes held, so memory stays a
 * few times the largest entry.
 */
const WRITE_BEHIND_BYTES = 32 * 1024 * 1024;

interface CheckedEntry {
  entry: yauzl.Entry;
  safe: string;
}

/**
 * Extracts every regular file of `zipPath` into `dir` (a fresh staging folder), one file per entry named
 * by its index; each result gives the entry's safe path and its copy (none for an entry of an archive in
 * memory that `needsCopy` says needs none). Every entry is
 * checked before any is extracted; an unsafe one — outside the folder, a symbolic link or device,
 * encrypted, listed twice, beyond the limits — refuses the whole archive; the real bytes are counted
 * again while extracting (sizes in the headers may lie). On failure the caller discards the staging
 * folder.
 */
export async function extractArchive(
  zipPath: string,
  dir: string,
  options: {
    limits?: UnzipLimits;
    signal?: AbortSignal;
    inMemoryBytes?: number;
    shownAs?: string;
    needsCopy?: NeedsCopy;
    /**
     * Called once every entry is checked, before any is inflated, with each entry's path and size as
     * stated: when the archive is unzipped in memory (its entries then go to `needsCopy`).
     */
    opened?: (entries: readonly ArchivedFile[]) => void;
  } = {},
): Promise<ExtractedFile[]> {
  const limits = options.limits ?? DEFAULT_UNZIP_LIMITS;
  const inMemoryBytes = options.inMemoryBytes ?? IN_MEMORY_BYTES;
  const zipOptions = { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false };
  let zip: yauzl.ZipFile;
  let inMemory: Buffer | undefined;
  try {
    // One read call for a few megabytes: the promise API reads 512 KiB per thread-pool round trip.
    const { size } = statSync(zipPath);
    if (size <= inMemoryBytes) {
      inMemory = readFileSync(zipPath);
      zip = await yauzl.fromBufferPromise(inMemory, zipOptions);
    } else zip = await yauzl.openPromise(zipPath, zipOptions);
  } catch (error) {
    throw new UnsafeArchiveError(`The download is not a readable ZIP archive: ${(error as Error).message}.`);
  }
  const root = resolve(dir);
  const budget = { total: 0, limit: limits.maxTotalBytes };
  const writes = createWriteBehind(WRITE_BEHIND_BYTES);
  let needed: number | undefined;
  try {
    const entries = await checkEntries(zip, root, limits, options.signal);
    needed = entries.reduce((sum, { entry }) => sum + entry.uncompressedSize, 0);
    if (inMemory) options.opened?.(entries.map(({ entry, safe }) => ({ path: safe, bytes: entry.uncompressedSize })));
    // The copies are staged flat, one name per entry: placing moves them, so their folders would only be
    // made and removed again.
    mkdirSync(root, { recursive: true });
    const files: ExtractedFile[] = [];
    for (const [index, { entry, safe }] of entries.entries()) {
      options.signal?.throwIfAborted();
      const target = join(root, String(index));
      if (inMemory && entry.compressedSize <= inMemoryBytes && entry.uncompressedSize <= inMemoryBytes) {
        const { data, stored } = await inflateInMemory(zip, inMemory, entry, budget);
        const sha256 = createHash('sha256').update(data).digest('hex');
        const need = options.needsCopy?.(safe, data, stored) ?? 'copy';
        if (need !== 'copy') {
          files.push({ path: safe, file: target, bytes: data.length, sha256, skipped: need });
          continue;
        }
        await writes.write(target, data);
        files.push({ path: safe, file: target, bytes: data.length, sha256 });
      } else {
        files.push({
          path: safe,
          file: target,
          ...(await extractStreamed(zip, entry, target, budget, options.signal)),
        });
      }
    }
    await writes.finish();
    return files;
  } catch (error) {
    // No write may still be under way when the caller removes the staging folder.
    await writes.settle();
    if (error instanceof UnsafeArchiveError || (error instanceof Error && error.name === 'AbortError')) throw error;
    // A full disk is not a damaged archive.
    const full = diskFullError(error, options.shownAs ?? root, needed);
    if (full) throw full;
    throw new UnsafeArchiveError(`The ZIP archive is damaged: ${(error as Error).message}.`);
  } finally {
    zip.close();
  }
}

/** Reads the central directory and checks every entry against the policy, before anything is written. */
async function checkEntries(
  zip: yauzl.ZipFile,
  root: string,
  limits: UnzipLimits,
  signal: AbortSignal | undefined,
): Promise<CheckedEntry[]> {
  if (zip.entryCount > limits.maxEntries) {
    throw new UnsafeArchiveError(
      `The archive holds ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}.`,
    );
  }
  const seen = new Set<string>();
  const checked: CheckedEntry[] = [];
  let total = 0;
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
    signal?.throwIfAborted();
    const raw = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileName as unknown as Buffer,
      entry.extraFields,
      false,
    );
    const safe = safeEntryPath(raw);
    if (typeof safe !== 'string')
      throw new UnsafeArchiveError(`The archive entry '${printable(raw)}' ${safe.refused}.`);
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    const isDirectory = raw.endsWith('/') || type === S_IFDIR;
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
      throw new UnsafeArchiveError(
        `The archive entry '${safe}' is a symbolic link or special file; only regular files are accepted.`,
      );
    }
    if (isDirectory) continue;
    if (entry.isEncrypted()) throw new UnsafeArchiveError(`The archive entry '${safe}' is encrypted.`);
    // As file systems compare names (@loc/sdk's base/relative-path.ts, foldPath): `de.json`, `DE.json` and `de.json.`
    // are one file on Windows or macOS, and the second would overwrite the first.
    const key = foldPath(safe);
    if (seen.has(key))
      throw new UnsafeArchiveError(
        `The archive lists '${safe}' twice (names a file system takes for one, as those that differ only in case, count as the same).`,
      );
    seen.add(key);
    if (
      entry.uncompressedSize > RATIO_FLOOR_BYTES &&
      entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
    ) {
      throw new UnsafeArchiveError(
        `The archive entry '${safe}' expands ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times, more than the limit of ${limits.maxRatio} (a zip bomb?).`,
      );
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) {
      throw new UnsafeArchiveError(`The archive expands beyond the limit of ${limits.maxTotalBytes} bytes.`);
    }
    if (!resolve(root, ...safe.split('/')).startsWith(root + sep))
      throw new UnsafeArchiveError(`The archive entry '${safe}' would land outside the folder.`);
    checked.push({ entry, safe });
  }
  return checked;
}

/** Real bytes extracted so far, against the limit (the headers' sizes were checked before). */
interface Budget {
  total: number;
  limit: number;
}

function spend(budget: Budget, bytes: number): void {
  budget.total += bytes;
  if (budget.total > budget.limit) {
    throw new UnsafeArchiveError(`The archive expands beyond the limit of ${budget.limit} bytes.`);
  }
}

/**
 * A small entry of an archive in memory, inflated with one call (hashed and written by the caller): its
 * bytes, and the entry as the archive holds them.
 */
async function inflateInMemory(
  zip: yauzl.ZipFile,
  archive: Buffer,
  entry: yauzl.Entry,
  budget: Budget,
): Promise<{ data: Buffer; stored: StoredEntry }> {
  const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
  const stored = {
    stored: archive.subarray(fileDataStart, fileDataStart + entry.compressedSize),
    method: entry.compressionMethod,
    size: entry.uncompressedSize,
  };
  const data = inflateStored(stored);
  spend(budget, data.length);
  return { data, stored };
}

/**
 * Files written on the thread pool while the caller goes on, at most `maxBytes` of their data held at
 * once (at least one file). `finish()` waits for all and throws the first failure; `settle()` only waits.
 */
function createWriteBehind(maxBytes: number) {
  const pending = new Set<Promise<void>>();
  let heldBytes = 0;
  let failure: { error: unknown } | undefined;
  const settle = async () => {
    await Promise.all(pending);
  };
  return {
    settle,
    /** Starts writing `data` to `target`; resolves when there is room for the next file. */
    async write(target: string, data: Buffer): Promise<void> {
      while (pending.size > 0 && heldBytes + data.length > maxBytes) await Promise.race(pending);
      if (failure) throw failure.error;
      heldBytes += data.length;
      // `wx`: a staged name is never there already; one that is would be a bug, not to be overwritten.
      const done: Promise<void> = writeFileExclusive(target, data)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .then(() => {
          heldBytes -= data.length;
          pending.delete(done);
        });
      pending.add(done);
    },
    async finish(): Promise<void> {
      await settle();
      if (failure) throw failure.error;
    },
  };
}

/** node:fs's callback writeFile: open, write and close on the pool, without a FileHandle's extra turns. */
function writeFileExclusive(target: string, data: Buffer): Promise<void> {
  return new Promise((resolveWrite, reject) =>
    writeFile(target, data, { flag: 'wx' }, (error) => (error ? reject(error) : resolveWrite())),
  );
}

/** A large entry, or one of an archive too large for memory: streamed, counted and hashed on the way. */
async function extractStreamed(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  target: string,
  budget: Budget,
  signal: AbortSignal | undefined,
): Promise<{ bytes: number; sha256: string }> {
  const stream = await zip.openReadStreamPromise(entry);
  const hash = createHash('sha256');
  // Counts real bytes: sizes in the headers may lie, the stream cannot.
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        spend(budget, chunk.length);
      } catch (error) {
        callback(error as Error);
        return;
      }
      bytes += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(stream, counter, createWriteStream(target, { flags: 'wx' }), signal ? { signal } : {});
  return { bytes, sha256: hash.digest('hex') };
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | undefined> {
  return new Promise((resolvePromise, reject) => {
    const onEntry = (entry: yauzl.Entry) => {
      cleanup();
      resolvePromise(entry);
    };
    const onEnd = () => {
      cleanup();
      resolvePromise(undefined);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
