import { isUtf8 } from 'node:buffer';
import { FirstSorted } from './first-keys';

/**
 * The keys of a `.strings` file that is new or gone, read from its bytes: how many distinct keys, and the
 * first `n` in sort order. Every file of a first export is such a file (120 files and 19 MB at the scale
 * seed), and reading them as text was most of what the summary cost: decoding each file into a string,
 * then a string and a Set entry per key. This reads the bytes once, makes a string only of a key that may
 * be among the first `n`, and tells keys apart by a 32-bit hash of their bytes.
 *
 * It reads only the plain form of the grammar (read.ts): quoted keys without escapes, ASCII spaces,
 * comments, values with or without escapes, in valid UTF-8. It answers undefined for anything else — an
 * unquoted or escaped key, another space, a text it cannot read to its end — and when two keys hash alike
 * (the same key twice, or a rare collision): the reader of the text, which knows the whole grammar and
 * compares keys themselves, then reads the file. So the answer is always that reader's.
 */
export function plainStringsKeys(bytes: Uint8Array, n: number): { count: number; first: string[] } | undefined {
  // Invalid UTF-8 decodes to U+FFFD: two keys with different bytes could then be one key.
  if (!isUtf8(bytes)) return undefined;
  const length = bytes.length;
  const hashes = new HashSet(length);
  const first = new FirstSorted(n);
  // The bytes of the n-th first key, once there are n: most keys sort after it and are never decoded.
  let last: Uint8Array | undefined = n > 0 ? undefined : new Uint8Array(0);
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (;;) {
    // Spaces and comments between entries.
    for (;;) {
      const c = bytes[i];
      if (c === 32 || (c !== undefined && c >= 9 && c <= 13)) i++;
      else if (c === 47 && bytes[i + 1] === 42) {
        i += 2;
        while (i < length && !(bytes[i] === 42 && bytes[i + 1] === 47)) i++;
        if (i >= length) return undefined;
        i += 2;
      } else if (c === 47 && bytes[i + 1] === 47) {
        i += 2;
        while (i < length && bytes[i] !== 10) i++;
      } else break;
    }
    if (i >= length) return { count: hashes.size, first: first.values };
    if (bytes[i] !== 34) return undefined;
    // The key, hashed as it is read (FNV-1a).
    const keyStart = ++i;
    let hash = 0x811c9dc5;
    for (;;) {
      const c = bytes[i];
      if (c === undefined || c === 92) return undefined;
      if (c === 34) break;
      hash = Math.imul(hash ^ c, 0x01000193);
      i++;
    }
    const keyEnd = i++;
    i = skipSpaces(bytes, i);
    if (bytes[i] !== 61) return undefined;
    i = skipSpaces(bytes, i + 1);
    if (bytes[i] !== 34) return undefined;
    // The value: an escape's next byte is never its end (a multi-byte character's bytes are all ≥ 0x80).
    for (i++; ; i++) {
      const c = bytes[i];
      if (c === undefined) return undefined;
      if (c === 92) i++;
      else if (c === 34) break;
    }
    i = skipSpaces(bytes, i + 1);
    if (bytes[i] !== 59) return undefined;
    i++;
    if (!hashes.add(hash)) return undefined;
    if (last === undefined || maySortBefore(bytes, keyStart, keyEnd, last)) {
      first.add(Buffer.from(bytes.buffer, bytes.byteOffset + keyStart, keyEnd - keyStart).toString('utf8'));
      if (first.values.length === n) last = Buffer.from(first.values[n - 1]!, 'utf8');
    }
  }
}

function skipSpaces(bytes: Uint8Array, from: number): number {
  let i = from;
  for (let c = bytes[i]; c === 32 || (c !== undefined && c >= 9 && c <= 13); c = bytes[++i]);
  return i;
}

/**
 * Whether the key `bytes[start, end)` may sort before `other` as strings sort (UTF-16 code units). UTF-8's
 * byte order is the order of code points, which is the strings' order except between characters from
 * U+E000 (lead byte 0xEE and above) and those beyond U+FFFF: where such a byte decides, the answer is
 * "may" and the strings themselves are compared.
 */
function maySortBefore(bytes: Uint8Array, start: number, end: number, other: Uint8Array): boolean {
  const length = Math.min(end - start, other.length);
  for (let k = 0; k < length; k++) {
    const a = bytes[start + k]!;
    const b = other[k]!;
    if (a !== b) return a < b || a >= 0xee || b >= 0xee;
  }
  return end - start < other.length;
}

/**
 * A set of 32-bit hashes (open addressing): `add` is false for a hash it holds already. Sized from the
 * file's size (an entry of 32 bytes or more) and grown when half full.
 */
class HashSet {
  size = 0;
  private table: Int32Array;

  constructor(bytes: number) {
    let slots = 1024;
    while (slots < bytes / 16 && slots < 1 << 22) slots *= 2;
    this.table = new Int32Array(slots);
  }

  add(hash: number): boolean {
    // 0 marks an empty slot: a hash of 0 is kept as 1 (a false "held already" only sends the file to the other reader).
    const value = hash | 0 || 1;
    if ((this.size + 1) * 2 > this.table.length) this.grow();
    const mask = this.table.length - 1;
    for (let slot = value & mask; ; slot = (slot + 1) & mask) {
      const held = this.table[slot]!;
      if (held === value) return false;
      if (held === 0) {
        this.table[slot] = value;
        this.size++;
        return true;
      }
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    this.size = 0;
    for (const value of old) if (value !== 0) this.add(value);
  }
}
