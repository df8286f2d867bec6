// The change summary's worker thread (src/export/summary/compare.ts): the built dist/summary-worker.cjs
// reads and compares files as the main thread does, from disk or handed over as bytes while unzipping. Each file's outcome must be the same whichever thread
// read it, for every reader, for files added, changed, removed, unreadable and equal.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { LOC_BIN, tempDir } from '@loc/test-utils';
import { Comparison, compareFiles, type FileToCompare, ReaderThread } from '../src/export/summary/compare';
import { summarizeOutcomes } from '../src/export/summary/diff';

const WORKER = join(dirname(LOC_BIN), 'summary-worker.cjs');
const dir = tempDir('loc-summary-worker-');
afterAll(() => dir.remove());

/** Texts before and after of one file each (undefined: none), by path. */
const SIDES: Record<string, [string | undefined, string | undefined]> = {
  'de/app.json': ['{"a":"x","b":"y","n":{"c":"z"}}', '{"a":"x2","n":{"c":"z","d":"w"},"e":"v"}'],
  'de/app.strings': ['"a" = "x";\n"b" = "y";', '/* c */\n"a" = "x";\n"c\\"q" = "z";'],
  'de/app.yml': ['de:\n  a: x\n  b: y\n', 'de:\n  a: x\n  b: y2\n  c: z\n'],
  'de/app.po': [
    'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "x"\n',
    'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "x2"\n\nmsgid "b"\nmsgstr "y"\n',
  ],
  'de/app.properties': ['a=x\nb=y\n', 'a=x\nc=z\n'],
  'de/strings.xml': [
    '<resources><string name="a">x</string></resources>',
    '<resources><string name="a">y</string><string name="b">z</string></resources>',
  ],
  'fr/new.strings': [undefined, '"a" = "x";\n"b" = "y";\n"a" = "again";'],
  'fr/gone.json': ['{"a":"x","b":"y"}', undefined],
  'fr/same.json': ['{"a":"x"}', '{"a":"x"}'],
  'fr/broken.json': ['{"a":"x"}', '{"a":'],
  'fr/app.bin': ['x', 'y'],
};

/** Each file's sides written to disk: `after` is a path. */
function filesOnDisk(): (FileToCompare & { after: string | undefined })[] {
  return Object.entries(SIDES).map(([path, [before, after]]) => {
    const side = (name: string, text: string | undefined) => {
      if (text === undefined) return undefined;
      const file = join(dir.path, name, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    };
    return { path, locale: path.split('/')[0], before: side('before', before), after: side('after', after) };
  });
}

describe('the change summary’s worker thread', () => {
  const files = filesOnDisk();

  it('finds, file by file, what the main thread finds', async () => {
    const main = await compareFiles(files, 2);
    const worker = await compareFiles(files, 2, { worker: WORKER, mainThread: false });
    expect(worker).toEqual(main);
    expect(main.map((o) => o.kind)).toEqual([...Array(8).fill('read'), 'same', 'unread', 'unread']);
    const summary = summarizeOutcomes(files, main, 2);
    expect(summary.totals).toEqual({ added: 9, changed: 4, removed: 5 });
    expect(summary.locales.find((l) => l.locale === 'fr')?.keys.added).toEqual(['a', 'b']);
  });

  it('shares the files with the main thread, and the summary is the same', async () => {
    const shared = await compareFiles(files, 2, { worker: WORKER });
    expect(shared).toEqual(await compareFiles(files, 2));
  });

  it('reads bytes as unzipped (sent to the worker) as it reads the same files from disk', async () => {
    const inMemory = files.map((file) => ({
      ...file,
      after: file.after === undefined ? undefined : new Uint8Array(readFileSync(file.after)),
    }));
    const fromDisk = await compareFiles(files, 2);
    expect(await compareFiles(inMemory, 2, { worker: WORKER, mainThread: false })).toEqual(fromDisk);
    expect(await compareFiles(inMemory, 2, { worker: WORKER })).toEqual(fromDisk);
    expect(await compareFiles(inMemory, 2)).toEqual(fromDisk);
  });

  it('compares files handed over while unzipping, and those given at the end, once each', async () => {
    const thread = ReaderThread.start(WORKER)!;
    try {
      const comparison = new Comparison(2, thread);
      const early = files.slice(0, 6);
      for (const file of early)
        if (file.after !== undefined) comparison.unzipped(file, new Uint8Array(readFileSync(file.after)));
      // The end's list holds them again (by path) and the others; in another order.
      const all = [...files].reverse();
      expect(await comparison.finish(all)).toEqual(await compareFiles(all, 2));
    } finally {
      thread.stop();
    }
  });

  it('without a worker, reads each file as it is unzipped, and finds what it finds from disk', async () => {
    const comparison = new Comparison(2);
    const early = files.slice(0, 7);
    for (const file of early)
      if (file.after !== undefined) comparison.unzipped(file, new Uint8Array(readFileSync(file.after)));
    const all = [...files].reverse();
    expect(await comparison.finish(all)).toEqual(await compareFiles(all, 2));
  });

  it('sends the worker the entries as the archive holds them, and reads those it cannot inflate itself', async () => {
    const thread = ReaderThread.start(WORKER)!;
    try {
      const comparison = new Comparison(2, thread);
      for (const [index, file] of files.entries()) {
        if (file.after === undefined) continue;
        const bytes = readFileSync(file.after);
        // Stored, deflated, and one whose deflated bytes are damaged (the worker fails; this thread reads it).
        const stored =
          index % 3 === 0
            ? { stored: new Uint8Array(bytes), method: 0, size: bytes.length }
            : index % 3 === 1
              ? { stored: new Uint8Array(deflateRawSync(bytes)), method: 8, size: bytes.length }
              : { stored: new Uint8Array([1, 2, 3]), method: 8, size: bytes.length };
        comparison.unzipped(file, new Uint8Array(bytes), stored);
      }
      // Every file left to the worker: what it cannot inflate, this thread reads after.
      expect(await comparison.finish(files, { mainThread: false })).toEqual(await compareFiles(files, 2));
    } finally {
      thread.stop();
    }
  });

  it('leaves nothing out when its script cannot be started: the main thread reads every file', async () => {
    const alone = await compareFiles(files, 2, { worker: join(dir.path, 'missing.cjs'), mainThread: false });
    expect(alone).toEqual(await compareFiles(files, 2));
  });
});
