// `loc export --format <id>` takes any id the project lists (its status's supportedExportFormats), known to
// loc or not, and refuses one it does not list with the list, before any export is requested. The real
// service's full list is not published: a project there lists ids such as json.flat-v2 that loc has never
// seen. loc-mock's seed gives web-frontend one (exportFormats).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSeed } from '@loc/mock-server';
import { runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

const dir = tempDir('loc-formats-');
let mock: RunningMock;
beforeAll(async () => {
  const seed = demoSeed();
  const web = seed.projects.find((p) => p.slug === 'web-frontend')!;
  web.exportFormats = [{ id: 'json.flat-v2', name: 'Flat JSON (v2)', as: 'json.standard' }];
  writeFileSync(join(dir.path, 'seed.json'), JSON.stringify(seed));
  mock = await startMock(['--seed', join(dir.path, 'seed.json'), '--export-delay', '20ms']);
});
afterAll(async () => {
  await mock?.stop();
  dir.remove();
});
let work: ReturnType<typeof tempDir>;
beforeEach(() => {
  work = tempDir('loc-formats-work-');
  return () => work.remove();
});

const loc = (args: string[]) =>
  runLoc(args, {
    cwd: work.path,
    env: { LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: dir.path, CI: '1' },
  });
const WEB = ['export', '--workspace', 'acme', '--project', 'web-frontend', '--out', 'out', '--json'];
/** The exports loc-mock was asked for since the test began. */
async function exportsRequested(): Promise<{ exportFormat?: string }[]> {
  const { requests } = (await (await fetch(`${mock.url}/__admin/requests`)).json()) as {
    requests: { method: string; operation: string | null; body: { json?: { exportFormat?: string } } | null }[];
  };
  return requests.filter((r) => r.operation === 'createExport').map((r) => r.body?.json ?? {});
}
beforeEach(() => fetch(`${mock.url}/__admin/requests`, { method: 'DELETE' }).then(() => undefined));

describe('loc export --format', () => {
  it('sends an id the project lists that loc does not know (json.flat-v2), and delivers its files', async () => {
    const result = await loc([...WEB, '--format', 'json.flat-v2']);
    expect(result.code, result.stderr).toBe(0);
    expect(await exportsRequested()).toEqual([{ exportFormat: 'json.flat-v2' }]);
    const common = JSON.parse(readFileSync(join(work.path, 'out', 'locales', 'de', 'common.json'), 'utf8'));
    expect(Object.keys(common).length).toBeGreaterThan(0);
  });

  it('refuses an id the project does not list, naming its formats, and requests no export', async () => {
    const result = await loc([...WEB, '--format', 'xml.android.resources']);
    expect(result.code).toBe(2);
    const { error } = JSON.parse(result.stdout) as { error: { message: string; hint: string } };
    expect(error.message).toBe("--format 'xml.android.resources' is not a format project web-frontend exports to.");
    expect(error.hint).toMatch(/^Its formats: json\.standard, .*json\.flat-v2\.$/);
    expect(await exportsRequested()).toEqual([]);
  });

  it('takes export.format of loc.config.json by the same rule', async () => {
    const config = (format: string) =>
      writeFileSync(
        join(work.path, 'loc.config.json'),
        JSON.stringify({ workspace: 'acme', project: 'web-frontend', export: { format, out: 'out' } }),
      );
    config('json.flat-v2');
    const listed = await loc(['export', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    config('strings.ios');
    const refused = await loc(['export', '--json']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain(
      "export.format of loc.config.json 'strings.ios' is not a format project web-frontend exports to.",
    );
    expect(await exportsRequested()).toEqual([{ exportFormat: 'json.flat-v2' }]);
  });
});
