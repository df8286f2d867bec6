import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { UnsafeArchiveError } from '../errors';

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
 * The path of an entry as a safe relative path, or the reason it is not one. Refused: absolute paths
 * (`/x`, `C:x`, `\\host`), `..` anywhere, empty names, NUL and other control characters.
 */
export function safeEntryPath(name: string): string | { refused: string } {
  if (name === '') return { refused: 'an empty name' };
  // Control characters (NUL included) have no place in a file name.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return { refused: 'a control character in its name' };
  const slashed = name.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) return { refused: 'an absolute path' };
  const parts = slashed.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return { refused: 'a path that climbs out of the folder (..)' };
  if (parts.length === 0) return { refused: 'an empty name' };
  return parts.join('/');
}

export interface ExtractedFile {
  /** Safe relative path inside the archive, `/` separators. */
  path: string;
  /** Absolute path of the extracted copy. */
  file: string;
  bytes: number;
}

/**
 * Extracts every regular file of `zipPath` into `dir` (a fresh, empty staging folder). Any unsafe entry —
 * outside the folder, a symbolic link or device, encrypted, listed twice, beyond the limits — refuses
 * the whole archive before or while extracting; the caller discards the staging folder.
 */
export async function extractArchive(
  zipPath: string,
  dir: string,
  options: { limits?: UnzipLimits; signal?: AbortSignal } = {},
): Promise<ExtractedFile[]> {
  const limits = options.limits ?? DEFAULT_UNZIP_LIMITS;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
      autoClose: false,
    });
  } catch (error) {
    throw new UnsafeArchiveError(`The download is not a readable ZIP archive: ${(error as Error).message}.`);
  }
  const root = resolve(dir);
  const seen = new Set<string>();
  const files: ExtractedFile[] = [];
  let total = 0;
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new UnsafeArchiveError(
        `The archive holds ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}.`,
      );
    }
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      options.signal?.throwIfAborted();
      const raw = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileName as unknown as Buffer,
        entry.extraFields,
        false,
      );
      const safe = safeEntryPath(raw);
      if (typeof safe !== 'string')
        throw new UnsafeArchiveError(`The archive entry '${printable(raw)}' has ${safe.refused}.`);
      const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
      const isDirectory = raw.endsWith('/') || type === S_IFDIR;
      if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
        throw new UnsafeArchiveError(
          `The archive entry '${safe}' is a symbolic link or special file; only regular files are accepted.`,
        );
      }
      if (isDirectory) continue;
      if (entry.isEncrypted()) throw new UnsafeArchiveError(`The archive entry '${safe}' is encrypted.`);
      const key = safe.normalize('NFC').toLowerCase();
      if (seen.has(key))
        throw new UnsafeArchiveError(
          `The archive lists '${safe}' twice (names that differ only in case count as the same).`,
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
      if (total + entry.uncompressedSize > limits.maxTotalBytes) {
        throw new UnsafeArchiveError(`The archive expands beyond the limit of ${limits.maxTotalBytes} bytes.`);
      }
      const target = resolve(root, ...safe.split('/'));
      if (!target.startsWith(root + sep))
        throw new UnsafeArchiveError(`The archive entry '${safe}' would land outside the folder.`);
      await mkdir(dirname(target), { recursive: true });
      const stream = await zip.openReadStreamPromise(entry);
      // Counts real bytes: sizes in the headers may lie, the stream cannot.
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          total += chunk.length;
          if (total > limits.maxTotalBytes) {
            callback(new UnsafeArchiveError(`The archive expands beyond the limit of ${limits.maxTotalBytes} bytes.`));
          } else callback(null, chunk);
        },
      });
      await pipeline(
        stream,
        counter,
        createWriteStream(target, { flags: 'wx' }),
        options.signal ? { signal: options.signal } : {},
      );
      files.push({ path: safe, file: target, bytes });
    }
  } catch (error) {
    if (error instanceof UnsafeArchiveError || (error instanceof Error && error.name === 'AbortError')) throw error;
    throw new UnsafeArchiveError(`The ZIP archive is damaged: ${(error as Error).message}.`);
  } finally {
    zip.close();
  }
  return files;
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

function printable(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]/g, '?');
}
