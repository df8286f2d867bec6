import { crc32, deflateRaw } from 'node:zlib';

/**
 * Deflate level of export ZIPs. Level 1 compressed the 120 files of a 10,000-key × 30-locale export
 * about four times faster than fflate's level 6, for a ZIP a few percent larger (bench/ measures it).
 */
const ZIP_LEVEL = 1;

/** Every entry gets this modification time, so the same export gives the same bytes. */
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // 2026-01-01
const DOS_TIME = 0; // 00:00:00
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20; // 2.0: deflate
const MAX_ENTRIES = 0xffff;
const MAX_SIZE = 0xffffffff;
/**
 * Deflates in flight at most: as many as libuv's thread pool runs at once. More would not go faster, only
 * hold their input and zlib's state in memory while they wait (120 files of an export at once, before).
 */
const IN_FLIGHT = 4;

/** One file of a ZIP, deflated: its name, CRC-32 and size, and the deflated bytes. */
export interface ZipEntry {
  name: Buffer;
  crc: number;
  size: number;
  data: Buffer;
}

/**
 * Deflates on the thread pool. zlib hands its output back in chunks of `chunkSize`, one round trip to the
 * calling thread each (node's default 16 KiB: dozens per file): a chunk of a quarter of the input holds
 * most files' output (text deflates to a third or less). A result that is a small slice of that chunk is
 * copied, so it does not keep the whole chunk alive until the ZIP is finished.
 */
function deflate(bytes: Uint8Array, level: number): Promise<Buffer> {
  const chunkSize = Math.min(Math.max(bytes.byteLength >> 2, 16 * 1024), 1024 * 1024);
  return new Promise((resolve, reject) =>
    deflateRaw(bytes, { level, chunkSize }, (error, out) => {
      if (error) reject(error);
      else resolve(out.byteLength * 2 < out.buffer.byteLength ? Buffer.from(out) : out);
    }),
  );
}

/**
 * One file of a ZIP, deflated on the thread pool. An entry holds everything the ZIP says of its file, so
 * the same entry may go into any number of ZIPs (export-zip.ts keeps them across exports).
 *
 * @example
 * const entry = await deflateEntry('de/strings.json', new TextEncoder().encode('{}'));
 */
export function deflateEntry(name: string, bytes: Uint8Array, level = ZIP_LEVEL): Promise<ZipEntry> {
  if (bytes.byteLength > MAX_SIZE) throw new RangeError(`${name} is larger than a ZIP without ZIP64 can hold`);
  const crc = crc32(bytes);
  return deflate(bytes, level).then((data) => ({ name: Buffer.from(name, 'utf8'), crc, size: bytes.byteLength, data }));
}

/**
 * Builds a ZIP in memory without holding up the event loop: each entry is deflated on libuv's thread
 * pool (node:zlib's asynchronous API) while the caller prepares the next one. Add entries in order,
 * awaiting each `add` (it waits while the thread pool is busy, so that memory stays bounded), then
 * `finish()`. `addEntry` adds one deflated before (or being deflated). A name added twice keeps its first
 * place and its last content.
 *
 * @example
 * const zip = createZipWriter();
 * await zip.add('de/strings.json', new TextEncoder().encode('{}'));
 * const bytes = await zip.finish();
 */
export function createZipWriter(level = ZIP_LEVEL) {
  const entries = new Map<string, Promise<ZipEntry>>();
  const inFlight = new Set<Promise<void>>();
  function addEntry(name: string, pending: Promise<ZipEntry>): Promise<void> {
    // Awaited in finish(); never an unhandled rejection meanwhile.
    const done = () => void inFlight.delete(settled);
    const settled: Promise<void> = pending.then(done, done);
    inFlight.add(settled);
    entries.set(name, pending);
    return inFlight.size < IN_FLIGHT ? Promise.resolve() : Promise.race(inFlight);
  }
  return {
    add(name: string, bytes: Uint8Array): Promise<void> {
      return addEntry(name, deflateEntry(name, bytes, level));
    },
    /** Adds an entry of `deflateEntry` (made under this `name`), deflated before or being deflated. */
    addEntry,
    async finish(): Promise<Uint8Array> {
      if (entries.size > MAX_ENTRIES)
        throw new RangeError(`${entries.size} files are more than a ZIP without ZIP64 can hold`);
      const files = await Promise.all(entries.values());
      const parts: Buffer[] = [];
      const central: Buffer[] = [];
      let offset = 0;
      for (const file of files) {
        const local = Buffer.alloc(30);
        local.writeUInt32LE(0x04034b50, 0);
        local.writeUInt16LE(VERSION, 4);
        local.writeUInt16LE(UTF8_NAMES, 6);
        local.writeUInt16LE(DEFLATE, 8);
        local.writeUInt16LE(DOS_TIME, 10);
        local.writeUInt16LE(DOS_DATE, 12);
        local.writeUInt32LE(file.crc, 14);
        local.writeUInt32LE(file.data.byteLength, 18);
        local.writeUInt32LE(file.size, 22);
        local.writeUInt16LE(file.name.byteLength, 26);
        local.writeUInt16LE(0, 28);
        const entry = Buffer.alloc(46);
        entry.writeUInt32LE(0x02014b50, 0);
        entry.writeUInt16LE(VERSION, 4);
        entry.writeUInt16LE(VERSION, 6);
        local.copy(entry, 8, 6, 28); // flags, method, time, date, crc, sizes, name length
        // extra and comment lengths, disk, attributes: 0
        entry.writeUInt32LE(offset, 42);
        parts.push(local, file.name, file.data);
        central.push(entry, file.name);
        offset += local.byteLength + file.name.byteLength + file.data.byteLength;
        if (offset > MAX_SIZE) throw new RangeError('the files are larger than a ZIP without ZIP64 can hold');
      }
      const centralSize = central.reduce((n, b) => n + b.byteLength, 0);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(files.length, 8);
      end.writeUInt16LE(files.length, 10);
      end.writeUInt32LE(centralSize, 12);
      end.writeUInt32LE(offset, 16);
      const zip = Buffer.concat([...parts, ...central, end]);
      return new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength);
    },
  };
}
