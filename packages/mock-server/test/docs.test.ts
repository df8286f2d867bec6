// docs/mock-server.md must stay true: its seed example loads and serves, its tables name every demo
// credential with the right workspace, and its examples of version filtering are what the mock answers.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, projectRefOf } from '@loc/sdk';
import { strFromU8, unzipSync } from 'fflate';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createMockService, DEMO, demoSeed, parseSeed } from '../src';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/mock-server.md', import.meta.url)), 'utf8');
/** The table rows of the doc that mention `text` in their first cell. */
const rowOf = (text: string) => doc.split('\n').find((line) => line.startsWith(`| \`${text}\``));

describe('docs/mock-server.md', () => {
  it('has a seed example that loads and serves its project, export and release', async () => {
    const json = /## A seed file[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(json).toBeDefined();
    const seed = parseSeed(JSON.parse(json!));
    const mock = createMockService({ seed, baseUrl: 'https://docs.loc.test', exportDelayMs: 0 });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const loc = createClient({ baseUrl: 'https://docs.loc.test', token: 'loc_tiny_token', cdnKey: 'lh-cdn_tiny' });
      expect((await loc.projects.list()).members.map((m) => projectRefOf(m))).toEqual([
        { workspace: 'tiny', project: 'app' },
      ]);
      const done = await loc.exports.createAndWait('tiny', 'app', { iso2Slugs: ['de'] }, { intervalMs: 1 });
      const zip = unzipSync(new Uint8Array(await (await fetch(done.downloadUrl)).arrayBuffer()));
      expect(JSON.parse(strFromU8(zip['locales/de/app.json']!))).toEqual({ hello: 'Hallo' });
      expect(
        (await loc.cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'NATIVE_FORMAT' }))
          ?.distributionReleaseId,
      ).toBe('rel_1');
    } finally {
      server.close();
    }
  });

  it('has the access table the operation table and the roles make (scripts/docs-tables.mjs --check)', () => {
    const script = fileURLToPath(new URL('../../../scripts/docs-tables.mjs', import.meta.url));
    const result = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('names every demo token with its user and role', () => {
    const seed = parseSeed(demoSeed());
    for (const [name, token] of Object.entries(DEMO.tokens)) {
      const user = seed.users.find((u) => u.tokens.includes(token))!;
      const row = rowOf(token);
      expect(row, token).toContain(`\`${name}\``);
      expect(row, token).toContain(user.email);
      for (const role of Object.values(user.workspaceRoles)) expect(row, token).toContain(role);
    }
  });

  it('names every demo CDN key with its workspace and state', () => {
    const seed = parseSeed(demoSeed());
    for (const [name, key] of Object.entries(DEMO.cdnKeys)) {
      const found = seed.cdnKeys.find((k) => k.key === key)!;
      const row = rowOf(key)!;
      expect(row, key).toMatch(new RegExp(`^\\| \`${key}\` \\| \`${name}\` \\| ${found.workspace} \\|`));
      if (found.revoked) expect(row).toMatch(/revoked → 401/);
      if (found.expiresAt) expect(row).toContain(`expired (${found.expiresAt.slice(0, 10)}) → 401`);
      const budget = seed.workspaces.find((w) => w.slug === found.workspace)!.cdnBudget;
      if (budget !== null) expect(row).toContain(`budget is ${budget} checks`);
    }
  });

  it('lists every distribution with its client versions and releases', () => {
    for (const d of parseSeed(demoSeed()).distributions) {
      const row = doc.split('\n').find((line) => line.startsWith(`| ${d.workspace} | ${d.environment} | ${d.type} |`));
      expect(row, `${d.workspace} ${d.environment} ${d.type}`).toBeDefined();
      expect(row).toContain(d.clientVersions ? `\`${d.clientVersions}\`` : '| all |');
      for (const r of d.releases)
        expect(row).toContain(r.clientVersions ? `\`${r.id}\` (\`${r.clientVersions}\`)` : `\`${r.id}\``);
    }
  });
});
