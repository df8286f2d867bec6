// Checks of the built package as users get it: run after `build` (the task runner builds first).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

/** Every file an ESM entry loads, following its relative imports. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:from|import)\s*["'](\.\/[^"']+)["']/g)) {
    closure(join(dirname(file), match[1]!), seen);
  }
  return seen;
}

describe('built @loc/sdk', () => {
  it('keeps node: modules out of the main entry (browsers, edge runtimes), which is one file', () => {
    // One file for `import('@loc/sdk')` to read (tsup.config.ts): ofetch's chunk comes with the first request.
    const files = [...closure(join(dist, 'index.js'))];
    expect(files).toEqual([join(dist, 'index.js')]);
    expect(readFileSync(files[0]!, 'utf8')).toMatch(/import\(["']\.\/ofetch-[\w-]+\.js["']\)/);
    const imported = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*["']([^"'.][^"']*)["']/g)].map((m) => m[1]!);
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    for (const file of files)
      expect(imported(file).filter((m) => builtins.has(m) || m.startsWith('node:'))).toEqual([]);
    const node = imported(join(dist, 'node.js'));
    expect(node).toEqual(expect.arrayContaining(['node:fs/promises', 'node:net']));
    // node:http, node:https and node:tls come from process.getBuiltinModule when a download needs them
    // (src/download/node-http.ts): an ES import of node:http alone cost the process 12 MiB of RSS.
    expect(node.filter((m) => /^node:(https?|tls)$/.test(m))).toEqual([]);
  });

  it('compiles zod into each build as published, and the browser build shares it with the schemas', async () => {
    // No stand-ins, no edited record type (issue 35): dist/index.js (Node's `import`) holds zod itself;
    // dist/index.browser.js (the `browser` condition) shares its chunks with `@loc/sdk/schemas`, so an app
    // that uses both has one zod (tsup.config.ts).
    const node = readFileSync(join(dist, 'index.js'), 'utf8');
    const browser = [...closure(join(dist, 'index.browser.js'))];
    const text = (file: string) => readFileSync(file, 'utf8');
    expect(node).toContain('"$ZodType"');
    expect(node).not.toMatch(/import\(["']\.\/zod-/);
    expect(node).not.toContain('has no record of enum keys');
    const zod = browser.filter((file) => text(file).includes('"$ZodType"'));
    expect(zod).toHaveLength(1);
    expect([...closure(join(dist, 'schemas.js'))]).toContain(zod[0]);
    const pkg = JSON.parse(readFileSync(join(dist, '../package.json'), 'utf8'));
    expect(pkg.exports['.'].browser.default).toBe('./dist/index.browser.js');
  });

  it('loads as ESM and CJS, with one set of error classes shared by both entries', async () => {
    const esm = await import(pathToFileURL(join(dist, 'index.js')).href);
    const esmNode = await import(pathToFileURL(join(dist, 'node.js')).href);
    expect(esmNode.LocError).toBe(esm.LocError);
    expect(new esmNode.DownloadError('x')).toBeInstanceOf(esm.LocError);
    const require = createRequire(import.meta.url);
    const cjs = require(join(dist, 'index.cjs'));
    const cjsNode = require(join(dist, 'node.cjs'));
    expect(cjsNode.LocError).toBe(cjs.LocError);
    expect(typeof cjs.createClient).toBe('function');
    expect(typeof cjsNode.downloadToFile).toBe('function');
  });

  it('one error class identity across the ESM and CJS builds: instanceof holds both ways', async () => {
    const esm = await import(pathToFileURL(join(dist, 'index.js')).href);
    const cjs = createRequire(import.meta.url)(join(dist, 'index.cjs'));
    expect(cjs.RateLimitError).not.toBe(esm.RateLimitError); // two copies of the classes, as in a dual-package app
    const request = { method: 'POST', path: '/cdn/check' };
    const fromCjs = cjs.APIError.from(429, request, {});
    const fromEsm = esm.APIError.from(404, request, {});
    for (const [error, own, other] of [
      [fromCjs, cjs, esm],
      [fromEsm, esm, cjs],
    ]) {
      for (const lib of [own, other]) {
        expect(error).toBeInstanceOf(lib.LocError);
        expect(error).toBeInstanceOf(lib.APIError);
        expect(error).toBeInstanceOf(Error);
      }
    }
    expect(fromCjs).toBeInstanceOf(esm.RateLimitError);
    expect(fromEsm).toBeInstanceOf(cjs.NotFoundError);
    expect(fromCjs).not.toBeInstanceOf(esm.NotFoundError);
    expect(fromEsm).not.toBeInstanceOf(cjs.RateLimitError);
    expect(new cjs.TimeoutError('t', 1)).not.toBeInstanceOf(esm.APIError);
    // A look-alike is not one of ours: the brand is on the class, not on the name.
    expect(Object.assign(new Error('x'), { name: 'NotFoundError' })).not.toBeInstanceOf(esm.NotFoundError);
    expect({ name: 'LocError' }).not.toBeInstanceOf(cjs.LocError);
    expect(null).not.toBeInstanceOf(esm.LocError);
    class MyError extends (esm.LocError as new (message: string) => Error) {}
    expect(new MyError('x')).toBeInstanceOf(cjs.LocError);
    expect(new cjs.LocError('x')).not.toBeInstanceOf(MyError);
  });

  it('costs no HTTP client at import: fetch (Node loads undici for it) and ofetch wait for the first request', () => {
    const script = `import(${JSON.stringify(pathToFileURL(join(dist, 'index.js')).href)}).then(() =>
      console.log(JSON.stringify(process.moduleLoadList.filter((m) => /undici|fetch/.test(m)))))`;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual([]);
  });

  it('reports the version of its package.json', async () => {
    const { SDK_VERSION } = await import(pathToFileURL(join(dist, 'index.js')).href);
    const pkg = JSON.parse(readFileSync(join(dist, '../package.json'), 'utf8'));
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
