// The browser build's inflate (src/ota/inflate.browser.ts: DecompressionStream('deflate-raw'), which Node
// has too), through the client as a browser bundle runs it: the same results as fflate's, a ZIP bomb
// stopped within a step of its stated size, and a browser without it refused with a clear error while the
// app keeps its strings. examples/ota*.test.ts run it in a real Chromium.
import { deflateRawSync } from 'node:zlib';
import { Inflate, strToU8 } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inflate } from '../src/ota/inflate.browser';
import { useMsw } from './fixtures';
import { bundle, otaClient, useCdn } from './ota-fixtures';

// The client takes the browser's inflate, as tsup.config.ts builds it for the `browser` condition.
vi.mock('../src/ota/inflate', () => import('../src/ota/inflate.browser'));

const server = useMsw();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("@loc/sdk/ota in a browser: DecompressionStream('deflate-raw')", () => {
  it('applies a deflated bundle (and a stored one) as the fflate build does', async () => {
    const strings = { de: { greeting: 'Hallo', nested: { title: 'Kasse' } }, en: { greeting: 'Hello' } };
    useCdn(server, [{ id: 'r1', zip: bundle(strings) }]);
    const ota = otaClient();
    expect(await ota.checkNow()).toMatchObject({ status: 'updated', release: { locales: ['de', 'en'] } });
    expect(ota.t('nested.title')).toBe('Kasse');
    // A text of several steps, and the empty file.
    const text = strToU8(JSON.stringify({ long: 'Zeile '.repeat(5_000), random: Math.random().toString(36) }));
    for (const level of [0, 1, 9]) {
      const deflated = deflateRawSync(text, { level });
      expect(await inflate(deflated, text.length)).toEqual(text);
    }
    expect(await inflate(deflateRawSync(new Uint8Array(0)), 0)).toEqual(new Uint8Array(0));
  });

  it('stops a ZIP bomb within a step of the size its header states, feeding the stream a step at a time', async () => {
    // 16 MiB of zeros deflate to ~16 KiB, each KiB to ~1 MiB; the header says 1 KiB.
    const bomb = deflateRawSync(new Uint8Array(16 * 1024 * 1024), { level: 9 });
    const refused = 'an entry inflates to more than the 1024 bytes its header states';
    await expect(inflate(bomb, 1024)).rejects.toThrow(refused);
    // Node's stream inflates only as its output is read; a browser's inflates all it is handed at once
    // (Chromium's transformer enqueues every output chunk of an input chunk before the next read). A stand-in
    // that does the same, over fflate's streaming inflate, counts what it made: memory is bounded by how
    // much compressed data is handed over before the limit is seen, not by reading alone.
    let produced = 0;
    vi.stubGlobal(
      'DecompressionStream',
      class extends TransformStream<Uint8Array, Uint8Array> {
        constructor() {
          let inflater: Inflate | undefined;
          super({
            start(controller) {
              inflater = new Inflate((chunk) => {
                produced += chunk.length;
                controller.enqueue(chunk);
              });
            },
            transform: (chunk) => inflater!.push(chunk),
            flush: () => inflater!.push(new Uint8Array(0), true),
          });
        }
      },
    );
    await expect(inflate(bomb, 1024)).rejects.toThrow(refused);
    // A few steps of 1 KiB, ~1 MiB each (the pipe holds one step ahead), not the 16 MiB of the whole bomb.
    expect(produced).toBeGreaterThan(1024);
    expect(produced).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('refuses data that is not deflate, and gives fewer bytes than stated when the data ends sooner', async () => {
    await expect(inflate(strToU8('not deflate at all, not at all'), 100)).rejects.toThrow();
    const text = strToU8('short');
    expect(await inflate(deflateRawSync(text), 100)).toEqual(text);
  });

  it.each([
    ['without DecompressionStream (Safari before 16.4)', undefined],
    [
      "whose DecompressionStream lacks 'deflate-raw' (Chrome and Edge 80–102)",
      class {
        constructor(format: string) {
          if (format === 'deflate-raw') throw new TypeError(`Unsupported compression format: '${format}'`);
        }
      },
    ],
  ])(
    'in a browser %s, refuses a deflated bundle with an error naming the API; the app keeps its strings',
    async (_, stand) => {
      vi.stubGlobal('DecompressionStream', stand);
      useCdn(server, [{ id: 'r1', zip: bundle({ de: { greeting: 'Hallo' } }) }]);
      const ota = otaClient({ fallback: { de: { greeting: 'Hallo (app)' } } });
      const result = await ota.checkNow();
      expect(result).toMatchObject({ status: 'failed', failure: { stage: 'unpack' } });
      expect(ota.failures.map((f) => [f.stage, f.error.message])).toEqual([
        [
          'unpack',
          "unpack: this browser has no DecompressionStream('deflate-raw') (Chrome and Edge 103+, Firefox 113+, Safari 16.4+): the strings it has stay",
        ],
      ]);
      expect(ota.t('greeting')).toBe('Hallo (app)');
      expect(ota.currentRelease).toBeUndefined();
    },
  );
});
