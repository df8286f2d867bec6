// One ZIP reading in every build (issue 42, point 7): the corpus of ./ota-zip-corpus.ts through the Node
// build's inflate, with the runtime's zlib (Node, Electron's main process) and with fflate (React Native,
// where there is no process.getBuiltinModule), and through the public unzip(). Each verdict is the one a
// browser's DecompressionStream gives, which examples/ota-zip-corpus.test.ts checks in a real Chromium.
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inflate } from '../src/ota/inflate';
import { DEFAULT_ZIP_LIMITS, unzip } from '../src/ota/index';
import { unzipWith } from '../src/ota/zip';
import { zipCorpus } from './ota-zip-corpus';

const corpus = zipCorpus();

describe.each([
  ['the runtime’s zlib', true],
  ['fflate (no process.getBuiltinModule, as in React Native)', false],
])('the Node build inflates with %s', (_name, runtime) => {
  let native: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // process.getBuiltinModule('zlib') is the object that `import zlib from 'node:zlib'` is.
    native = vi.spyOn(zlib, 'inflateRawSync');
    if (!runtime) vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
  });
  afterEach(() => {
    expect(native.mock.calls.length > 0).toBe(runtime);
    vi.restoreAllMocks();
  });

  it.each(corpus.map((c) => [c.name, c] as const))('%s', async (_case, { bundle, applies }) => {
    const read = (z: Uint8Array) =>
      unzipWith(z, DEFAULT_ZIP_LIMITS, inflate).then(
        () => true,
        () => false,
      );
    expect(await read(bundle)).toBe(applies);
    let sync: boolean;
    try {
      unzip(bundle);
      sync = true;
    } catch {
      sync = false;
    }
    expect(sync).toBe(applies);
  });
});

it('names what is wrong: bytes after the stream, and a deflated entry with no data', async () => {
  const named = (name: string) => corpus.find((c) => c.name === name)!.bundle;
  for (const runtime of [true, false]) {
    if (!runtime) vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    await expect(
      unzipWith(
        named('bytes after the end of the deflate stream (its size and CRC-32 right)'),
        DEFAULT_ZIP_LIMITS,
        inflate,
      ),
    ).rejects.toThrow('an entry has bytes after the end of its compressed data');
    await expect(
      unzipWith(named('a file that inflates to more than its header states'), DEFAULT_ZIP_LIMITS, inflate),
    ).rejects.toThrow(runtime ? /inflates to more than the \d+ bytes its header states/ : /CRC-32/);
    vi.restoreAllMocks();
  }
  vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
  await expect(
    unzipWith(named('a deflated empty file with no data at all'), DEFAULT_ZIP_LIMITS, inflate),
  ).rejects.toThrow('an entry is deflated but has no data');
  vi.restoreAllMocks();
});
