// Export ZIPs are made on a worker thread in the built package and on the calling thread from the sources:
// both must give the same bytes, and the worker must answer a bad request with an error, not silence.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createClient, type ExportFormatId, exportFormatsFor } from '@loc/sdk';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createClock, createStore, DEMO, demoSeed, hostileSeed, type Seed } from '../src';
import { createExportBuilder } from '../src/store/export-builder';
import type { BuildMessage, BuildReply } from '../src/store/export-thread';
import { type FileTexts, zipExport } from '../src/store/export-zip';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const WORKER = fileURLToPath(new URL('../dist/export-thread-worker.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'loc-export-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every export format of every project of the workspace: ZIP checksum by `project format`, made in this process. */
async function inProcess(seed: Seed, workspace: string): Promise<Map<string, string>> {
  const store = createStore(seed, createClock(), { exportDelayMs: 0 });
  const sums = new Map<string, string>();
  for (const p of store.seed.projects.filter((x) => x.workspace === workspace)) {
    for (const { id: format } of exportFormatsFor(p.resourceType)) {
      const job = store.createExport(p.workspace, p.slug, { exportFormat: format });
      const done = await store.getExport(p.workspace, p.slug, job.id);
      if (done.result?.status !== 'SUCCESS') throw new Error(`${p.slug} ${format}: ${JSON.stringify(done.result)}`);
      sums.set(`${p.slug} ${format}`, sha256((await store.blob('exports', done.result.zipName))!));
    }
  }
  return sums;
}

/** The same, from the built `loc-mock` over HTTP. */
async function fromBinary(seed: Seed, workspace: string, token: string): Promise<Map<string, string>> {
  const file = join(dir, `seed-${token}.json`);
  writeFileSync(file, JSON.stringify(seed));
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--quiet', '--export-delay', '0ms', '--seed', file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('close', resolve));
  try {
    const url = (await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)))
      .split(' ')
      .at(-1)!;
    const loc = createClient({ baseUrl: url, token });
    const sums = new Map<string, string>();
    for (const p of seed.projects.filter((x) => x.workspace === workspace)) {
      for (const { id: format } of exportFormatsFor(p.resourceType)) {
        const created = await loc.exports.create(p.workspace, p.slug, { exportFormat: format });
        const done = await loc.exports.waitFor(p.workspace, p.slug, created.id, { intervalMs: 10 });
        sums.set(`${p.slug} ${format}`, sha256(new Uint8Array(await (await fetch(done.downloadUrl)).arrayBuffer())));
      }
    }
    return sums;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('export builds', () => {
  it.each([
    ['demo', demoSeed(), 'acme', DEMO.tokens.admin],
    ['hostile', hostileSeed(), 'hostile', 'loc_test_hostile'],
  ])(
    'give the same ZIP bytes in the built loc-mock (a worker thread) and in-process: %s seed',
    async (_, seed, workspace, token) => {
      const here = await inProcess(seed, workspace);
      expect(here.size).toBeGreaterThan(3);
      expect(await fromBinary(seed, workspace, token)).toEqual(here);
    },
  );

  // Rendered, deflated files are kept across exports (export-zip.ts, entryCache): nothing that
  // decides an export's bytes may be served from before it changed.
  describe('files kept from earlier exports', () => {
    const de = 'Resources/de.lproj/Localizable.strings';
    /** The demo seed with one German text and the project's revision changed. */
    function changedSeed(): Seed {
      const seed = demoSeed();
      const ios = seed.projects.find((p) => p.slug === 'mobile-ios')!;
      ios.updatedAt = '2026-11-20T10:00:00.000Z';
      const segment = ios.files![0]!.segments[0]!;
      segment.translations = {
        ...segment.translations,
        de: { text: 'Geändert nach dem Export', status: 'TRANSLATED' },
      };
      return seed;
    }
    async function exported(store: ReturnType<typeof createStore>, exportFormat?: ExportFormatId) {
      const job = store.createExport('acme', 'mobile-ios', exportFormat ? { exportFormat } : {});
      const done = await store.getExport('acme', 'mobile-ios', job.id);
      if (done.result?.status !== 'SUCCESS') throw new Error(JSON.stringify(done.result));
      return (await store.blob('exports', done.result.zipName))!;
    }
    const text = (zip: Uint8Array, path: string) => strFromU8(unzipSync(zip)[path]!);

    it('give the same bytes as the first export, for each format', async () => {
      const store = createStore(demoSeed(), createClock(), { exportDelayMs: 0 });
      for (const { id } of exportFormatsFor('strings.ios')) {
        const first = await exported(store, id);
        expect(sha256(await exported(store, id))).toBe(sha256(first));
      }
    });

    it('are not used once the seed changes, and are again after a reset to it', async () => {
      const clock = createClock();
      const store = createStore(demoSeed(), clock, { exportDelayMs: 0 });
      const before = await exported(store);
      const beforePo = text(await exported(store, 'po.gettext'), 'Resources/de.lproj/Localizable.po');
      store.loadSeed(changedSeed(), { remember: false });
      const after = await exported(store);
      expect(text(after, de)).toContain('Geändert nach dem Export');
      expect(text(before, de)).not.toContain('Geändert nach dem Export');
      // The revision is an input too: PO's header records it.
      const afterPo = text(await exported(store, 'po.gettext'), 'Resources/de.lproj/Localizable.po');
      expect(afterPo).toContain('PO-Revision-Date: 2026-11-20 10:00+0000');
      expect(beforePo).not.toContain('2026-11-20');
      store.reset();
      expect(sha256(await exported(store))).toBe(sha256(before));
      // Moving the clock changes no byte of an export: nothing rendered reads it.
      clock.advance(400 * 24 * 60 * 60_000);
      expect(sha256(await exported(store))).toBe(sha256(before));
    });

    it('are made again when the seed is loaded again, even with the same content', async () => {
      const store = createStore(demoSeed(), createClock(), { exportDelayMs: 0 });
      const before = await exported(store);
      store.loadSeed(changedSeed());
      expect(text(await exported(store), de)).toContain('Geändert nach dem Export');
      store.loadSeed(demoSeed());
      expect(sha256(await exported(store))).toBe(sha256(before));
    });
  });

  describe('the build thread', () => {
    const texts: FileTexts = {
      keys: ['greeting', 'farewell'],
      sources: ['Hello', 'Bye'],
      comments: ['On the home screen', undefined],
      texts: { en: ['Hello', 'Bye'], de: ['Hallo', null] },
      statuses: { en: Uint8Array.of(4, 4), de: Uint8Array.of(2, 0) },
    };
    const build = {
      format: 'po.gettext',
      sourceLocale: 'en',
      projectTitle: 'App',
      revisedAt: '2026-11-01T08:00:00.000Z',
      files: [
        {
          file: 7,
          locales: [
            { locale: 'en', path: 'en/app.po' },
            { locale: 'de', path: 'de/app.po' },
          ],
        },
      ],
    };

    async function ask(messages: BuildMessage[]): Promise<BuildReply> {
      const worker = new Worker(WORKER);
      try {
        const reply = new Promise<BuildReply>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
        for (const m of messages) worker.postMessage(m);
        return await reply;
      } finally {
        await worker.terminate();
      }
    }

    it('makes the ZIP the calling thread makes, from the files it was sent', async () => {
      const reply = await ask([
        { type: 'files', files: [{ id: 7, texts }] },
        { type: 'build', id: 1, build },
      ]);
      expect(reply).toEqual({ id: 1, bytes: await zipExport(build, () => texts) });
    });

    const what = { format: build.format, sourceLocale: 'en', projectTitle: 'App', revisedAt: build.revisedAt };
    const files = [{ texts, locales: build.files[0]!.locales }];

    it('is what createExportBuilder uses where its script exists, with the same bytes', async () => {
      const errors = vi.spyOn(console, 'error');
      try {
        const builder = createExportBuilder(pathToFileURL(WORKER));
        expect(await builder.build(what, files)).toEqual(await zipExport(build, () => texts));
        expect(errors).not.toHaveBeenCalled();
      } finally {
        errors.mockRestore();
      }
    });

    it('when it cannot start, is not tried again: builds run on the calling thread, and it says so once', async () => {
      const script = join(dir, 'broken-worker.mjs');
      writeFileSync(script, "throw new Error('cannot load its modules');\n");
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const builder = createExportBuilder(pathToFileURL(script));
        expect(await builder.build(what, files)).toEqual(await zipExport(build, () => texts));
        // Another title: a ZIP not made before (the same inputs would get the first one back).
        const titled = { ...what, projectTitle: 'App 2' };
        expect(await builder.build(titled, files)).toEqual(await zipExport({ ...build, ...titled }, () => texts));
        expect(errors.mock.calls).toEqual([[expect.stringMatching(/did not start \(cannot load its modules\)/)]]);
      } finally {
        errors.mockRestore();
      }
    });

    it('hands out the ZIP it made for the same inputs again, and makes a new one when any input differs', async () => {
      // No script: builds run on this thread, and the cache is the builder's, in front of either thread.
      const builder = createExportBuilder(pathToFileURL(join(dir, 'no-such-worker.js')));
      const first = builder.build(what, files);
      // Asked again while it is being made: the same build, not a second one.
      expect(builder.build(what, files)).toBe(first);
      const bytes = await first;
      expect(await builder.build(what, files)).toBe(bytes);
      // Texts with the same content but made anew (a seed loaded again, a project changed) are new inputs.
      const copy: FileTexts = { ...texts, texts: { ...texts.texts } };
      const remade = await builder.build(what, [{ texts: copy, locales: files[0]!.locales }]);
      expect(remade).not.toBe(bytes);
      expect(remade).toEqual(bytes);
      const variants: [typeof what, typeof files][] = [
        [{ ...what, format: 'json.standard' }, files],
        [{ ...what, sourceLocale: 'de' }, files],
        [{ ...what, projectTitle: 'Other' }, files],
        [{ ...what, revisedAt: '2026-11-02T08:00:00.000Z' }, files],
        [what, [{ texts, locales: [{ locale: 'en', path: 'en/other.po' }] }]],
        [what, [{ texts, locales: [{ locale: 'de', path: 'en/app.po' }] }]],
      ];
      for (const [changed, changedFiles] of variants) {
        const made = await builder.build(changed, changedFiles);
        expect(made).not.toBe(bytes);
        expect(made).toEqual(
          await zipExport({ ...changed, files: [{ file: 0, locales: changedFiles[0]!.locales }] }, () => texts),
        );
      }
    });

    it('answers a build of a file it was never sent (or was told to forget) with an error naming it', async () => {
      const reply = await ask([
        { type: 'files', files: [{ id: 7, texts }] },
        { type: 'forget', ids: [7] },
        { type: 'build', id: 2, build },
      ]);
      expect(reply).toMatchObject({ id: 2, error: expect.stringContaining('file 7 was never sent') });
    });
  });
});
