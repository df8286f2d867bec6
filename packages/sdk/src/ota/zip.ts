/**
 * A release ZIP read in memory, with the CLI's path safety (packages/cli/src/files/unzip.ts) and stricter
 * where a browser has no file system to protect but the app has a store to keep small: every entry is
 * checked in the central directory before any is inflated, and one unsafe entry refuses the archive.
 */
import { inflateSync } from 'fflate';
import { relativePathProblem } from '../base/relative-path';

/** Bounds against ZIP bombs; a release bundle is a few hundred kilobytes of strings. */
export interface ZipLimits {
  /** Most entries (files and folders). Default 2 000. */
  maxEntries: number;
  /**
   * Most bytes of all files together, uncompressed; and most characters their JSON keys may take once
   * flattened (../parse.ts, flattenedSize). Default 32 MiB.
   */
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 2_000, maxTotalBytes: 32 * 1024 * 1024 };

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** CRC-32's four tables (the ZIP polynomial) for slicing by 4, made on the first read of a ZIP. */
let crcTables: Int32Array | undefined;

/**
 * CRC-32 of `bytes`, as a ZIP entry's header states it (fflate does not export its own): the browsers' one,
 * as Node uses its zlib's (see runtimeCrc32). Four bytes a step: a byte a step was an eighth of the time of
 * applying a 1 MiB bundle (bench/ota-apply.mjs); eight bytes a step is ~30 % faster again but 32 bytes
 * larger gzipped, which an IndexedDB app's 8 KB could not spare when it was decided (docs/decisions.md).
 */
export function crc32(bytes: Uint8Array): number {
  let t = crcTables;
  if (!t) {
    t = crcTables = new Int32Array(1024);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      t[n] = c;
    }
    // Table k (k > 0) is table k - 1 shifted by one zero byte.
    for (let n = 256; n < 1024; n++) t[n] = (t[n - 256]! >>> 8) ^ t[t[n - 256]! & 0xff]!;
  }
  let crc = -1;
  let i = 0;
  for (const end = bytes.length & ~3; i < end; i += 4) {
    crc ^= bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    crc = t[768 + (crc & 0xff)]! ^ t[512 + ((crc >>> 8) & 0xff)]! ^ t[256 + ((crc >>> 16) & 0xff)]! ^ t[crc >>> 24]!;
  }
  for (; i < bytes.length; i++) crc = t[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

/**
 * Why an entry's name is unsafe ("has a control character in its name"), or undefined when it is a safe
 * relative path: the rule of any relative path a stranger names (base/relative-path.ts: absolute paths,
 * `..` and what a file system reads as it, control characters, devices, empty names), and no backslash,
 * which the ZIP format does not allow in a name (APPNOTE 4.4.17) and Windows reads as a separator.
 */
export function unsafeName(name: string): string | undefined {
  if (name.includes('\\')) return 'has a backslash in its name';
  return relativePathProblem(name);
}

/** An entry of the central directory that passed every check: its bytes as the archive holds them. */
interface CheckedEntry {
  name: string;
  path: string;
  /** 0 stored, 8 deflated. */
  method: number;
  data: Uint8Array;
  size: number;
  crc: number;
}

/**
 * Inflates `data` into a buffer of `size` bytes, the size its header states: memory stays bounded even
 * when the header lies (fflate writes nothing past the buffer; the CRC-32 then refuses the entry).
 */
function inflateSized(data: Uint8Array, size: number): Uint8Array {
  return inflateSync(data, { out: new Uint8Array(size) });
}

/** What the client takes of the runtime's zlib. */
interface RuntimeZlib {
  crc32?(bytes: Uint8Array): number;
  inflateRawSync?(
    data: Uint8Array,
    options: { info: true; maxOutputLength: number },
  ): { buffer: Uint8Array; engine: { bytesWritten: number } };
}

/**
 * The runtime's zlib when it offers one without an import: process.getBuiltinModule (Node ≥ 20.16, and
 * other runtimes that have both). Browsers have neither, and a bundler sees no `node:` import. Looked up at
 * each use, so that a test can hide it (test/ota.test.ts runs the CRC and inflate cases both ways).
 */
function runtimeZlib(): RuntimeZlib | undefined {
  return (
    globalThis as { process?: { getBuiltinModule?(id: string): RuntimeZlib | undefined } }
  ).process?.getBuiltinModule?.('zlib');
}

/** Where the data of an entry is more than its deflate stream. */
const JUNK = 'has bytes after the end of its compressed data';

/**
 * The bytes that `data`, raw deflate, inflates to, outside a browser: with the runtime's zlib where it has
 * one without an import (Node, Electron's main process: `process.getBuiltinModule`, which no bundler
 * follows), else with fflate (React Native): at most `size` and one more (the caller refuses any other
 * length than `size`). As strict as a browser's `DecompressionStream`, which ./inflate.browser.ts uses: the
 * data must be one whole raw deflate stream and nothing more (docs/decisions.md, "One ZIP reading in every
 * build"). Throws when it ends before the stream does (no data at all included: a deflated empty file is
 * two bytes, `03 00`), or has bytes after the stream's end. The stricter reading, since nothing shows the
 * service writing either.
 *
 * @example inflateWhole(entryData, 1234) // 1234 bytes, or an Error
 */
export function inflateWhole(data: Uint8Array, size: number): Uint8Array {
  const zlib = runtimeZlib();
  if (zlib?.inflateRawSync) {
    let inflated: ReturnType<NonNullable<RuntimeZlib['inflateRawSync']>>;
    try {
      // `maxOutputLength`: memory stays within the stated size (and a byte), whatever the data holds.
      inflated = zlib.inflateRawSync(data, { info: true, maxOutputLength: size + 1 });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new Error(`an entry inflates to more than the ${size} bytes its header states`);
      throw error;
    }
    // zlib stops at the stream's end: what it did not take is not part of the stream.
    if (inflated.engine.bytesWritten !== data.length) throw new Error(`an entry ${JUNK}`);
    // A Uint8Array, as every other build gives (a Buffer is one, with more): the same bytes, not copied.
    const { buffer, byteOffset, length } = inflated.buffer;
    return new Uint8Array(buffer, byteOffset, length);
  }
  // fflate inflates into a buffer of the stated size and throws where the data ends too soon; it neither
  // refuses no data at all nor says where the stream ended. It ended before the last byte when the data
  // without that byte inflates whole too: one more inflate, for runtimes without zlib only.
  if (!data.length) throw new Error('an entry is deflated but has no data');
  const bytes = inflateSized(data, size);
  if (data.length > 1 && completes(data.subarray(0, -1), size)) throw new Error(`an entry ${JUNK}`);
  return bytes;
}

/** Whether `data` holds a whole deflate stream (fflate throws "unexpected EOF" where it does not). */
function completes(data: Uint8Array, size: number): boolean {
  try {
    inflateSized(data, size);
    return true;
  } catch {
    return false;
  }
}

/**
 * The files of a ZIP, by safe relative path. Throws an Error naming the first problem: not a ZIP, ZIP64,
 * encrypted, unknown compression, an unsafe name, a symbolic link or device, a name listed twice, beyond
 * `limits`, or data that does not inflate to the size and CRC-32 its header states.
 */
export function unzip(zip: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const crcOf = runtimeCrc32();
  for (const entry of checkedEntries(zip, limits))
    files.set(entry.path, verified(entry, entry.method ? inflateWhole(entry.data, entry.size) : entry.data, crcOf));
  return files;
}

/**
 * {@link unzip} with an inflate of the runtime's, which may answer later: the client's, so that a
 * browser build inflates with `DecompressionStream` (./inflate.browser.ts). The same checks, the same
 * errors; one entry is inflated at a time.
 */
export async function unzipWith(
  zip: Uint8Array,
  limits: ZipLimits,
  inflate: (data: Uint8Array, size: number) => Uint8Array | Promise<Uint8Array>,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const crcOf = runtimeCrc32();
  for (const entry of checkedEntries(zip, limits))
    files.set(entry.path, verified(entry, entry.method ? await inflate(entry.data, entry.size) : entry.data, crcOf));
  return files;
}

/** The runtime's zlib.crc32 where there is one (five times as fast as crc32 above), else crc32. */
function runtimeCrc32(): (bytes: Uint8Array) => number {
  return runtimeZlib()?.crc32 ?? crc32;
}

const refuse = (name: string, why: string) => new Error(`entry ${JSON.stringify(name)} ${why}`);

/** An entry's inflated bytes, once they have the size and CRC-32 its header states. */
function verified(entry: CheckedEntry, bytes: Uint8Array, crcOf: (bytes: Uint8Array) => number): Uint8Array {
  if (bytes.length !== entry.size) throw refuse(entry.name, 'does not have the size its header states');
  // A bundle that the CDN published damaged passes its SHA-256: the CRC is what catches it.
  if (crcOf(bytes) !== entry.crc) throw refuse(entry.name, 'does not have the CRC-32 its header states');
  return bytes;
}

/**
 * Every file entry of a ZIP, each checked in the central directory (and its local header found) before
 * any is inflated. Throws an Error naming the first problem.
 */
function checkedEntries(zip: Uint8Array, limits: ZipLimits): CheckedEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65 535.
  let end = zip.length - 22;
  while (end >= 0 && u32(end) !== 0x06054b50) if (zip.length - --end > 22 + 0xffff) end = -1;
  if (end < 0) throw new Error('not a ZIP archive (no end of central directory)');
  const count = u16(end + 10);
  if (count === 0xffff || u32(end + 16) === 0xffffffff) throw new Error('a ZIP64 archive, which bundles never are');
  if (count > limits.maxEntries) throw new Error(`${count} entries, more than the limit of ${limits.maxEntries}`);
  const entries: CheckedEntry[] = [];
  const paths = new Set<string>();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let total = 0;
  for (let i = 0, at = u32(end + 16); i < count; i++) {
    if (at + 46 > zip.length || u32(at) !== 0x02014b50) throw new Error('a damaged central directory');
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const compressed = u32(at + 20);
    const size = u32(at + 24);
    const crc = u32(at + 16);
    const nameLength = u16(at + 28);
    const mode = (u16(at + 4) >> 8 === 3 ? u32(at + 38) >>> 16 : 0) & S_IFMT;
    const local = u32(at + 42);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    const unsafe = unsafeName(name);
    if (unsafe) throw refuse(name, unsafe);
    const folder = name.endsWith('/') || mode === S_IFDIR;
    if (mode !== 0 && mode !== S_IFREG && !folder) throw refuse(name, 'is a symbolic link or device, not a file');
    if (folder) continue;
    if (flags & 1) throw refuse(name, 'is encrypted');
    if (method !== 0 && method !== 8) throw refuse(name, `uses compression method ${method}`);
    const path = name
      .split('/')
      .filter((p) => p !== '' && p !== '.')
      .join('/');
    if (paths.has(path)) throw refuse(name, 'is listed twice');
    paths.add(path);
    total += size;
    if (total > limits.maxTotalBytes) throw new Error(`more than ${limits.maxTotalBytes} bytes uncompressed`);
    if (local + 30 > zip.length || u32(local) !== 0x04034b50) throw refuse(name, 'is missing');
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (data.length !== compressed) throw refuse(name, 'is cut short');
    entries.push({ name, path, method, data, size, crc });
  }
  return entries;
}
