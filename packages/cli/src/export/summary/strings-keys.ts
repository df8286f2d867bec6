import { isUtf8 } from 'node:buffer';
import { FirstSorted } from './first-keys';

/**
 * The keys of a `.strings` file that is new or gone, read from its bytes: how many distinct keys, and the
 * first `n` in sort order. Every file of a first export is such a file (120 files and 19 MB at the scale
 * seed), and reading them as text was most of what the summary cost: decoding each file into a string,
 * then a string and a Set entry per key. This reads the bytes once, makes a string only of a key that may
 * be among the first `n`, and tells keys apart by a 32-bit hash of their bytes. Values are jumped over
 * with Buffer's indexOf: a loop in JavaScript costs ~1.2 ns a byte whatever it does (on the scale seed's
 * files, 30 ms for the reader against 24 ms with the jump).
 *
 * It reads only the plain form of the grammar (read.ts): quoted keys without escapes (in valid UTF-8),
 * ASCII spaces, comments, values with or without escapes. It answers undefined for anything else — an
 * unquoted or escaped key, another space, a text it cannot read to its end — and when two keys hash alike
 * (the same key twice, or a rare collision): the reader of the text, which knows the whole grammar and
 * compares keys themselves, then reads the file. So the answer is always that reader's.
 */
export function plainStringsKeys(bytes: Uint8Array, n: number): { count: number; first: string[] } | undefined {
  const length = bytes.length;
  // Buffer's indexOf is memchr; a plain Uint8Array's is a loop (~2× slower than ours).
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, length);
  const hashes = new HashSet(length);
  const first = new FirstSorted(n);
  // The bytes of the n-th first key, once there are n: most keys sort after it and are never decoded.
  let last: Uint8Array | undefined = n > 0 ? undefined : new Uint8Array(0);
  // No byte is read past the end (`i < length` before each read): V8 drops the optimised code of a loop
  // that reads out of bounds.
  let i = length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (;;) {
    // Spaces and comments between entries.
    while (i < length) {
      const c = bytes[i]!;
      if (c === 32 || (c >= 9 && c <= 13)) i++;
      else if (c === 47 && i + 1 < length && bytes[i + 1] === 42) {
        i += 2;
        while (i + 1 < length && !(bytes[i] === 42 && bytes[i + 1] === 47)) i++;
        if (i + 1 >= length) return undefined;
        i += 2;
      } else if (c === 47 && i + 1 < length && bytes[i + 1] === 47) {
        i += 2;
        while (i < length && bytes[i] !== 10) i++;
      } else break;
    }
    if (i >= length) return { count: hashes.size, first: first.values };
    if (bytes[i] !== 34) return undefined;
    // The key, hashed as it is read (FNV-1a).
    const keyStart = ++i;
    let hash = 0x811c9dc5;
    let ascii = true;
    for (;;) {
      if (i >= length) return undefined;
      const c = bytes[i]!;
      if (c === 92) return undefined;
      if (c === 34) break;
      hash = Math.imul(hash ^ c, 0x01000193);
      if (c >= 0x80) ascii = false;
      i++;
    }
    const keyEnd = i++;
    // A key that is not valid UTF-8 decodes to U+FFFD: two keys of different bytes could then be one.
    // (Elsewhere invalid bytes change nothing: decoding never takes an ASCII byte into U+FFFD.)
    if (!ascii && !isUtf8(bytes.subarray(keyStart, keyEnd))) return undefined;
    i = skipSpaces(bytes, i);
    if (i >= length || bytes[i] !== 61) return undefined;
    i = skipSpaces(bytes, i + 1);
    if (i >= length || bytes[i] !== 34) return undefined;
    // The value, to the quote that ends it: found with Buffer's indexOf (memchr), which skips the value at
    // a fraction of what a loop over its bytes costs (values are most of a file). A quote after an odd
    // run of backslashes is escaped; a multi-byte character's bytes are all ≥ 0x80, never a quote.
    for (i++; ; ) {
      const quote = buffer.indexOf(34, i);
      if (quote < 0) return undefined;
      let before = quote - 1;
      while (before >= i && bytes[before] === 92) before--;
      i = quote;
      if (((quote - 1 - before) & 1) === 0) break;
      i++;
    }
    i = skipSpaces(bytes, i + 1);
    if (i >= length || bytes[i] !== 59) return undefined;
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
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c !== 32 && (c < 9 || c > 13)) break;
    i++;
  }
  return i;
}

/**
 * Runs the reader on a made-up file of the shape an export has (a Buffer, as inflated: V8 optimises for
 * the kind of array it sees), so that V8 optimises it before the export's files come (summary/compare.ts,
 * prepareReaders): read cold, the first files of a run took 2 ms each instead of 0.3 ms, until its
 * optimised code was ready (~15 ms).
 */
export function warmUpStringsReader(): void {
  const lines: string[] = [];
  for (let i = 0; i < 500; i++)
    lines.push(`/* Screen ${i % 7} */\n"screen.key_${i}" = "Value ${i} \\"x\\" {count}";\n`);
  // One call (~1.6 ms): V8 optimises its loop at once and marks the function, whose optimised code (12 ms
  // of compiling on another thread) is ready when the files come, 30–40 ms later at the scale seed. A
  // second call, to have the function optimised sooner, cost 1–7 ms more on the main thread, and the
  // run 5 ms more.
  plainStringsKeys(Buffer.from(lines.join('\n')), 10);
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
 * The memory of the sets, kept for the next file of the thread: a fresh table per file cost more than
 * filling it, and on two threads at once (a worker reads files beside the main thread) each fresh table's
 * pages slowed both threads by a third.
 */
let scratch = new Int32Array(0);

/** `slots` slots of the kept memory (made larger when it is too small), emptied. */
function emptyTable(slots: number): Int32Array {
  if (scratch.length < slots) scratch = new Int32Array(slots);
  return scratch.subarray(0, slots).fill(0);
}

/**
 * A set of 32-bit hashes (open addressing): `add` is false for a hash it holds already. Sized from the
 * file's size (an entry of 32 bytes or more) and grown when half full. One set at a time per thread: it
 * uses the thread's kept memory (scratch).
 */
class HashSet {
  size = 0;
  private table: Int32Array;
  /** A run of taken slots was too long: the set answers false from then on. */
  private crowded = false;

  constructor(bytes: number) {
    let slots = 1024;
    while (slots < bytes / 16 && slots < 1 << 22) slots *= 2;
    this.table = emptyTable(slots);
  }

  /**
   * False for a hash it holds already, and for any hash once a run of taken slots was longer than
   * MAX_PROBES: a file written to make its keys' hashes crowd together cannot make reading it take
   * quadratic time (the text reader, whose Set V8 hashes with a secret seed, reads it instead).
   */
  add(hash: number): boolean {
    if (this.crowded) return false;
    // 0 marks an empty slot: a hash of 0 is kept as 1 (a false "held already" only sends the file to the other reader).
    const value = hash | 0 || 1;
    if ((this.size + 1) * 2 > this.table.length) this.grow();
    if (this.crowded) return false;
    const mask = this.table.length - 1;
    for (let slot = value & mask, probes = 0; ; slot = (slot + 1) & mask) {
      const held = this.table[slot]!;
      if (held === value) return false;
      if (held === 0) {
        this.table[slot] = value;
        this.size++;
        return true;
      }
      if (++probes > MAX_PROBES) {
        this.crowded = true;
        return false;
      }
    }
  }

  private grow(): void {
    // The values move out of the kept memory before it is emptied for the larger table.
    const old = this.table.slice();
    this.table = emptyTable(old.length * 2);
    this.size = 0;
    for (const value of old) if (value !== 0) this.add(value);
  }
}

/** Slots looked at for one hash, at most: a table at most half full rarely needs more than a few. */
const MAX_PROBES = 64;
