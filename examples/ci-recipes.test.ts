// The CI recipes of docs/github-action.md and docs/recipes.md: the workflow files users copy pass a
// workflow schema validator from the npm registry (@action-validator/cli, offline), and the GitLab recipe
// runs as a shell script against a real loc-mock: exit 12 with the summary, then 0 once up to date.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOC_BIN, startMock, TOKENS, type RunningMock } from '@loc/test-utils';

const here = dirname(fileURLToPath(import.meta.url));
const validator = join(here, 'node_modules', '.bin', 'action-validator');
let mock: RunningMock;
let work: string;
beforeAll(async () => {
  mock = await startMock(['--export-delay', '20ms']);
  work = mkdtempSync(join(tmpdir(), 'loc-ci-recipes-'));
});
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

const validate = (file: string) => spawnSync(validator, [file], { encoding: 'utf8', timeout: 60_000 });

describe('the workflow files users copy', () => {
  const workflows = readdirSync(join(here, 'workflows')).filter((f) => f.endsWith('.yml'));

  it.each(workflows)('workflows/%s is a valid GitHub Actions workflow', (file) => {
    const result = validate(join(here, 'workflows', file));
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(readFileSync(join(here, 'workflows', file), 'utf8')).toMatch(/uses: loc-dev\/loc@v1/);
  });

  it('the validator refuses a broken workflow (it does check)', () => {
    const broken = join(work, 'broken.yml');
    writeFileSync(broken, 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    stepz: []\n');
    expect(validate(broken).status).not.toBe(0);
  });

  it('action.yml is a valid action (runs.using node24 aside: the validator’s schema predates it)', () => {
    const action = readFileSync(join(here, '..', 'action.yml'), 'utf8');
    expect(action).toMatch(/^ {2}using: ["']node24["']$/m);
    const asNode20 = join(work, 'action.yml');
    writeFileSync(asNode20, action.replace(/using: (["'])node24\1/, 'using: "node20"'));
    const result = validate(asNode20);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });
});

describe('the GitLab recipe (examples/gitlab-check-translations.sh)', () => {
  const run = (out: string, summary: string) =>
    spawnSync('sh', [join(here, 'gitlab-check-translations.sh'), out, summary], {
      cwd: work,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        LOC: `${process.execPath} ${LOC_BIN}`,
        LOC_BASE_URL: mock.url,
        LOC_API_TOKEN: TOKENS.developer,
        LOC_CONFIG_DIR: join(work, 'config'),
        CI: '1',
      },
      timeout: 100_000,
    });

  it('exits 12 with the Markdown summary while out of date, writing no translation file; 0 once up to date', () => {
    const out = join(work, 'src', 'locales');
    const summary = join(work, 'summary.md');
    const stale = run(out, summary);
    expect(stale.status, stale.stderr).toBe(12);
    expect(existsSync(out)).toBe(false);
    expect(readFileSync(summary, 'utf8')).toMatch(/^### acme\/web-frontend: \d+ added, 0 changed, 0 removed keys/);
    expect(stale.stdout).toMatch(/\| `de` \| \d+ \| 0 \| 0 \|/);
    expect(stale.stderr).toMatch(/out of date; what changed is in/);

    const exported = spawnSync(
      process.execPath,
      [
        LOC_BIN,
        'export',
        '--workspace',
        'acme',
        '--project',
        'web-frontend',
        '--out',
        out,
        '--path-template',
        '{locale}/{filename}',
      ],
      { env: { ...process.env, LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, CI: '1' }, encoding: 'utf8' },
    );
    expect(exported.status, exported.stderr).toBe(0);
    const fresh = run(out, summary);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(readFileSync(summary, 'utf8')).toMatch(/no change/);
  });
});
