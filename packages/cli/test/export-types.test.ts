// `loc export --types` end to end, what the typed-keys example does not cover: the refusals before any
// export, a dry run, the types of loc.config.json (one project, and a target's own) and a check that
// is up to date. The real built loc against a real loc-mock (demo seed).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { useMock } from './helpers';

const server = useMock(['--export-delay', '20ms']);
const WEB = ['export', '--workspace', 'acme', '--project', 'web-frontend'];

/** The exports the mock was asked for: a refusal before any request makes none. */
async function exportsMade(): Promise<number> {
  const journal = (await (await fetch(`${server.url}/__admin/requests`)).json()) as {
    requests: { method: string; path: string }[];
  };
  return journal.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/exports')).length;
}

describe('loc export --types', () => {
  it('refuses, before any export, what cannot give a types file (exit 2, saying what to do)', async () => {
    const repo = tempDir('loc-types-');
    try {
      const before = await exportsMade();
      const cases: [string[], string][] = [
        [['--types', 'keys.ts'], 'is not a declaration file: its name ends in .d.ts'],
        [['--types', 'keys.d.ts', '--zip', 'x.zip'], '--types cannot go with --zip'],
        [['--types', 'keys.d.ts', '--no-wait'], '--types cannot go with --no-wait'],
        [['--types', 'keys.d.ts', '--format', 'properties'], '--types reads JSON files, and this export is properties'],
        [['--types', 'keys.d.ts', '--locale', 'de'], 'reads the source locale en, which the export'],
        // The one rule of where an export writes holds for the types file too (files/writable-path.ts).
        [['--types', '.github/workflows/keys.d.ts'], 'lies inside .github/, a CI service'],
        [['--types', '.husky/keys.d.ts'], 'lies inside .husky/'],
      ];
      for (const [args, message] of cases) {
        const result = await server.loc([...WEB, '--out', 'l', ...args], { cwd: repo.path });
        expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
        expect(result.stderr).toContain(message);
      }
      expect(await exportsMade()).toBe(before);
      expect(existsSync(join(repo.path, 'keys.d.ts'))).toBe(false);
    } finally {
      repo.remove();
    }
  });

  it('a dry run writes no types and says it would create them; a run does; a check then is up to date', async () => {
    const repo = tempDir('loc-types-');
    try {
      const args = [...WEB, '--out', 'locales', '--types', 'src/keys.d.ts'];
      const dry = await server.loc([...args, '--dry-run'], { cwd: repo.path });
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stderr + dry.stdout).toContain('src/keys.d.ts would be created');
      expect(existsSync(join(repo.path, 'src'))).toBe(false);
      const run = await server.loc([...args, '--json'], { cwd: repo.path });
      expect(run.code, run.stderr).toBe(0);
      expect(run.json().types).toEqual({ path: join(repo.path, 'src/keys.d.ts'), status: 'created', keys: 14 });
      expect(readFileSync(join(repo.path, 'src/keys.d.ts'), 'utf8')).toContain(
        '"checkout.total": { amount: string | number };',
      );
      const check = await server.loc([...args, '--check'], { cwd: repo.path });
      expect(check.code, check.stderr).toBe(0);
      // The types file edited by hand is out of date, as a resource file would be.
      writeFileSync(join(repo.path, 'src/keys.d.ts'), '// edited\n');
      const stale = await server.loc([...args, '--check', '--json'], { cwd: repo.path });
      expect(stale.code, stale.stderr).toBe(12);
      expect(stale.json().changes).toEqual([
        expect.objectContaining({ change: 'changed', path: 'src/keys.d.ts', target: join(repo.path, 'src/keys.d.ts') }),
      ]);
    } finally {
      repo.remove();
    }
  });

  it('loc export download <id> --types reads the placeholders of an export whose format it is not told', async () => {
    const repo = tempDir('loc-types-');
    try {
      const requested = await server.loc([...WEB, '--format', 'json.i18next', '--no-wait'], { cwd: repo.path });
      expect(requested.code, requested.stderr).toBe(0);
      const id = requested.stdout.trim();
      const args = ['export', 'download', id, '--workspace', 'acme', '--project', 'web-frontend'];
      const download = await server.loc([...args, '--out', 'l', '--types', 'keys.d.ts'], { cwd: repo.path });
      expect(download.code, download.stderr).toBe(0);
      const text = readFileSync(join(repo.path, 'keys.d.ts'), 'utf8');
      // Read as i18next's: the strings by namespace as the files hold them, and i18next augmented.
      expect(text).toContain(
        '  "checkout": {\n    "checkout": {\n      "pay": "Pay now";\n      "total": "Total: {{amount}}";',
      );
      expect(text).toContain("declare module 'i18next'");
      expect(text).not.toContain('LocKeys');
      expect(text).toContain('from the source locale en of acme/web-frontend.\n');
      // Two namespaces, common and checkout, neither i18next's default: the file cannot say which is the
      // app's, so the run says, as it writes the file, what to declare (and no more once it is written).
      expect(download.stderr).toContain(
        "with the namespace your i18next.init names (its defaultNS, else the first of its ns):\n  import 'i18next';\n  declare module 'i18next' { interface CustomTypeOptions { defaultNS: \"common\" } }\n",
      );
      const again = await server.loc([...args, '--out', 'l', '--types', 'keys.d.ts', '--json'], { cwd: repo.path });
      expect(again.code, again.stderr).toBe(0);
      expect(again.json().types).toMatchObject({
        status: 'unchanged',
        appDeclaration:
          "import 'i18next';\ndeclare module 'i18next' { interface CustomTypeOptions { defaultNS: \"common\" } }",
      });
      expect(again.stderr).not.toContain('defaultNS');
    } finally {
      repo.remove();
    }
  });

  it('takes `types` from loc.config.json: export.types for one project, a target’s own types (never inherited)', async () => {
    const repo = tempDir('loc-types-');
    try {
      const config = {
        workspace: 'acme',
        project: 'web-frontend',
        export: { out: 'locales', types: 'src/keys.d.ts' },
      };
      writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify(config));
      const one = await server.loc(['export', '--json'], { cwd: repo.path });
      expect(one.code, one.stderr).toBe(0);
      expect(one.json().types).toMatchObject({ status: 'created', keys: 14 });
      const targets = {
        ...config,
        targets: [
          { name: 'web', out: 'web', types: 'src/web-keys.d.ts' },
          { name: 'nested', out: 'nested', format: 'json.nested' },
        ],
      };
      writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify(targets));
      const run = await server.loc(['export', '--json'], { cwd: repo.path });
      expect(run.code, run.stderr).toBe(0);
      const [web, nested] = run.json().targets;
      expect(web.result.types).toMatchObject({ path: join(repo.path, 'src/web-keys.d.ts'), status: 'created' });
      expect(nested.result.types).toBeUndefined();
      const outside = { ...config, export: { out: 'locales', types: '../keys.d.ts' } };
      writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify(outside));
      const refused = await server.loc(['export'], { cwd: repo.path });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("export.types in loc.config.json is '../keys.d.ts', which leads outside");
      // Issue 42: the types file obeys the rule of the export's files: the root needs the opt-in.
      const atRoot = { ...config, export: { out: 'locales', types: 'keys.d.ts' } };
      writeFileSync(join(repo.path, 'loc.config.json'), JSON.stringify(atRoot));
      const rooted = await server.loc(['export'], { cwd: repo.path });
      expect(rooted.code).toBe(2);
      expect(rooted.stderr).toContain(
        "export.types in loc.config.json is 'keys.d.ts', a file in the repository's root",
      );
      expect(rooted.stderr).toContain('"allowRootOutput": true');
    } finally {
      repo.remove();
    }
  });
});
