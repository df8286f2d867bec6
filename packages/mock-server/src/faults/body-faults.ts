// Faults inside an answer's body: what the mock changes in the bytes it serves (a corrupt or hostile ZIP, a
// wrong checksum, broken JSON). How a body is cut, stalled or slowed on the wire is the real server's
// (server/write-answer.ts): msw's interception cannot reset or stall a socket.
import { unzipSync, zipSync, type Zippable } from 'fflate';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;

/** Offset of the end-of-central-directory record (no ZIP comment in the mock's ZIPs; searched anyway). */
function endOfCentral(zip: Uint8Array): number {
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = zip.byteLength - 22; at >= 0; at--) if (view.readUInt32LE(at) === END_OF_CENTRAL) return at;
  return -1;
}

/**
 * The ZIP with the CRC-32 of its first entry wrong, in its local header and in the central directory
 * alike: it opens and lists, and extracting the entry fails its check.
 */
export function corruptZipCrc(zip: Uint8Array): Uint8Array {
  const out = Buffer.from(zip);
  if (out.readUInt32LE(0) !== LOCAL_HEADER) return out;
  const wrong = (out.readUInt32LE(14) ^ 0xffffffff) >>> 0;
  out.writeUInt32LE(wrong, 14);
  const end = endOfCentral(out);
  if (end >= 0) {
    const central = out.readUInt32LE(end + 16);
    if (out.readUInt32LE(central) === CENTRAL_HEADER) out.writeUInt32LE(wrong, central + 16);
  }
  return out;
}

/** The ZIP with its central directory unreadable: the end record points past its start, into the entries' data. */
export function corruptZipCentralDirectory(zip: Uint8Array): Uint8Array {
  const out = Buffer.from(zip);
  const end = endOfCentral(out);
  if (end < 0) return out;
  const central = out.readUInt32LE(end + 16);
  // the central directory's first signature destroyed, and its offset moved off it
  if (out.readUInt32LE(central) === CENTRAL_HEADER) out.writeUInt32LE(0xdeadbeef, central);
  out.writeUInt32LE(Math.max(0, central - 7), end + 16);
  return out;
}

/** The names of the hostile entries each escaping-ZIP fault adds (a test looks for them outside its folder). */
export const ESCAPING_ENTRIES = {
  ZIP_ENTRY_PARENT_PATH: '../../loc-mock-escaped.txt',
  ZIP_ENTRY_ABSOLUTE_PATH: '/tmp/loc-mock-escaped.txt',
  ZIP_ENTRY_SYMLINK: 'loc-mock-link',
} as const;

/** Unix mode of a symbolic link (S_IFLNK | 0777), in the high half of a ZIP entry's external attributes. */
const SYMLINK_ATTRS = (0o120777 << 16) >>> 0;
const UNIX = 3;

/**
 * The ZIP with one more entry that escapes the folder it is extracted to: a `../` path, an absolute path,
 * or a symbolic link to a path outside (`../../../etc`, the link's content).
 */
export function escapingZip(zip: Uint8Array, kind: keyof typeof ESCAPING_ENTRIES): Uint8Array {
  const files: Zippable = {};
  for (const [name, bytes] of Object.entries(unzipSync(zip))) files[name] = bytes;
  const name = ESCAPING_ENTRIES[kind];
  files[name] =
    kind === 'ZIP_ENTRY_SYMLINK'
      ? [new TextEncoder().encode('../../../etc'), { os: UNIX, attrs: SYMLINK_ATTRS, level: 0 }]
      : new TextEncoder().encode('written outside the target folder by loc-mock\n');
  return zipSync(files, { level: 1, mtime: new Date('2026-01-01T00:00:00Z') });
}

/** A SHA-256 that is not the body's: the real one with every digit changed. */
export function wrongSha256(sha: string): string {
  return sha.replace(/[0-9a-f]/g, (d) => ((Number.parseInt(d, 16) + 1) % 16).toString(16));
}

/** JSON cut in the middle of its text (the Content-Length is right for what is sent). */
export function malformedJson(text: string): string {
  return text.length > 1 ? text.slice(0, Math.ceil(text.length / 2)) : '{';
}
