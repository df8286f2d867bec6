// Release bundles whose reading differed between the builds of @loc/sdk/ota (issue 42, point 7: junk after
// a deflate stream and an empty deflated entry were taken by the Node build and refused by Chromium's
// DecompressionStream), each with the verdict every build must give. test/ota-zip-corpus.test.ts runs them
// through the Node build's two inflates (zlib, fflate); examples/ota-zip-corpus.test.ts through the built
// packages in Node and in a real Chromium. Written by hand, entry by entry: no ZIP library writes these.
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry as the archive holds it: its data, how it is compressed, and what its headers state. */
interface RawEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  data: Uint8Array;
  /** The uncompressed size the headers state. */
  size: number;
  /** The CRC-32 the headers state. */
  crc: number;
}

/** A ZIP of `entries`, exactly as given: local headers, data, central directory, end record. */
function zipOf(entries: RawEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(14, entry.crc, true);
    local.setUint32(18, entry.data.length, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.length, true);
    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(6, 20, true);
    header.setUint16(10, entry.method, true);
    header.setUint32(16, entry.crc, true);
    header.setUint32(20, entry.data.length, true);
    header.setUint32(24, entry.size, true);
    header.setUint16(28, name.length, true);
    header.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, entry.data);
    central.push(new Uint8Array(header.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const size = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  return Buffer.concat([...parts, ...central, new Uint8Array(end.buffer)]);
}

const bytes = (text: string) => new TextEncoder().encode(text);
/** An entry as a ZIP writer makes it: `data` deflated (or stored), with its true size and CRC-32. */
const entryOf = (name: string, data: Uint8Array, method = 8): RawEntry => ({
  name,
  method,
  data: method ? deflateRawSync(data) : data,
  size: data.length,
  crc: crc32(data),
});

/** One case: a bundle of `locales/de.json` and the entry under test, and whether every build applies it. */
export interface ZipCase {
  name: string;
  bundle: Uint8Array;
  applies: boolean;
}

/** The JSON file every case's bundle holds, so that a bundle that is taken applies. */
export const CORPUS_STRINGS = { greeting: 'Hallo aus dem Korpus' };

const TEXT = bytes('Notes that ship with the release. '.repeat(20));
const DEFLATED = deflateRawSync(TEXT);

/** The cases, in a fixed order: the same bytes on every run. */
export function zipCorpus(): ZipCase[] {
  const cases: [string, RawEntry, boolean][] = [
    ['a deflated file', entryOf('notes.txt', TEXT), true],
    ['a stored file', entryOf('notes.txt', TEXT, 0), true],
    ['an empty file, deflated as a ZIP writer does (03 00)', entryOf('empty.txt', new Uint8Array(0)), true],
    [
      'a deflate stream of two blocks (a stored one, then the final one)',
      {
        name: 'notes.txt',
        method: 8,
        // A non-final stored block of the text, then a final fixed-Huffman block with no data.
        data: Buffer.concat([
          Uint8Array.of(0x00, TEXT.length & 0xff, TEXT.length >> 8, ~TEXT.length & 0xff, (~TEXT.length >> 8) & 0xff),
          TEXT,
          Uint8Array.of(0x03, 0x00),
        ]),
        size: TEXT.length,
        crc: crc32(TEXT),
      },
      true,
    ],
    [
      'bytes after the end of the deflate stream (its size and CRC-32 right)',
      { ...entryOf('notes.txt', TEXT), data: Buffer.concat([DEFLATED, bytes('JUNK')]) },
      false,
    ],
    [
      'one zero byte after the end of the deflate stream',
      { ...entryOf('notes.txt', TEXT), data: Buffer.concat([DEFLATED, Uint8Array.of(0)]) },
      false,
    ],
    [
      'a second deflate stream after the first',
      { ...entryOf('notes.txt', TEXT), data: Buffer.concat([DEFLATED, DEFLATED]) },
      false,
    ],
    [
      'a deflated empty file with no data at all',
      { name: 'empty.txt', method: 8, data: new Uint8Array(0), size: 0, crc: 0 },
      false,
    ],
    [
      'a deflate stream cut short',
      { ...entryOf('notes.txt', TEXT), data: DEFLATED.subarray(0, DEFLATED.length - 3) },
      false,
    ],
    ['data that is not deflate', { ...entryOf('notes.txt', TEXT), data: bytes('\xff\xfe not deflate at all') }, false],
    [
      'a file that inflates to more than its header states',
      { ...entryOf('notes.txt', TEXT), size: TEXT.length - 10 },
      false,
    ],
    [
      'a file that inflates to less than its header states',
      { ...entryOf('notes.txt', TEXT), size: TEXT.length + 10 },
      false,
    ],
    ['a file whose CRC-32 is not the one its header states', { ...entryOf('notes.txt', TEXT), crc: 1 }, false],
  ];
  return cases.map(([name, entry, applies]) => ({
    name,
    bundle: zipOf([entryOf('locales/de.json', bytes(JSON.stringify(CORPUS_STRINGS))), entry]),
    applies,
  }));
}
