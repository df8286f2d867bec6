import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '@loc/sdk';
import { foldName, foldPath } from '@loc/sdk/internal';
import { UsageError } from '../run/errors';
import { formatExtensions } from './format-extensions';
import { applyTemplate, checkTemplateWrites, validateTemplate } from './path-template';
import { checkPlacedFile, checkReadablePath, checkWritablePath, TOOL_PATHS, writableRefusal } from './writable-path';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'loc-writable-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('checkWritablePath', () => {
  it.each([
    ['.git/index.lock', 'folder'],
    ['.GIT/hooks/pre-commit', 'folder'],
    ['sub/.git/x.json', 'folder'],
    ['a/b/.Git/config.json', 'folder'],
    ['.git./x.json', 'folder'],
    ['.git /x.json', 'folder'],
    ['.git::$INDEX_ALLOCATION/x.json', 'folder'],
    ['.g\u200cit/x.json', 'folder'],
    ['GIT~1/x.json', 'folder'],
    ['.git', 'folder'],
    ['.github/workflows/loc-de.json', 'folder'],
    ['.GitHub/x.json', 'folder'],
    ['.gitlab/x.json', 'folder'],
    ['.circleci/config.json', 'folder'],
    ['.husky/pre-commit.json', 'folder'],
    ['.gitlab-ci.yml', 'name'],
    ['ci/.GITLAB-CI.YML', 'name'],
    ['Jenkinsfile', 'name'],
    ['jenkinsfile', 'name'],
    ['azure-pipelines.yml', 'name'],
    ['bitbucket-pipelines.yml', 'name'],
    ['.travis.yml', 'name'],
    ['package.json', 'name'],
    ['web/PACKAGE.JSON', 'name'],
    ['package.json.', 'name'],
    ['.npmrc', 'name'],
    ['.gitattributes', 'name'],
    // Issue 42: what other tools run: a dev container, a deployment platform's config, an editor's tasks.
    ['.devcontainer/devcontainer.json', 'folder'],
    ['devcontainer.json', 'name'],
    ['vercel.json', 'name'],
    ['apps/web/VERCEL.JSON.', 'name'],
    ['.vscode/tasks.json', 'folder'],
    ['netlify.toml', 'name'],
    ['gradle/wrapper/gradle-wrapper.properties', 'name'],
    ['src/main/AndroidManifest.xml', 'name'],
    ['docker-compose.override.yml', 'name'],
    ['App.xcodeproj/project.pbxproj', 'folder'],
    ['.env.production', 'name'],
    ['loc.config.json', 'name'],
    // Names a file system reads as a step out, a device, or not at all.
    ['a/.../x.json', 'outside'],
    ['a/.. /x.json', 'outside'],
    ['a/\uff0e\uff0e/x.json', 'outside'],
    ['a/%2e%2e/x.json', 'outside'],
    ['a/b%2fc.json', 'outside'],
    ['nul.json', 'name'],
    ['de/COM1.json', 'name'],
    ['aux /x.json', 'name'],
    [`${'a'.repeat(256)}.json`, 'name'],
    ['de/x\u0000.json', 'name'],
    ['../x.json', 'outside'],
    ['/etc/x.json', 'outside'],
    ['C:/x.json', 'outside'],
    ['a/../../x.json', 'outside'],
  ])('refuses %j (%s)', (path, rule) => {
    expect(checkWritablePath(root, path)?.rule).toBe(rule);
  });

  it.each([
    ['locales/de.json', ['json']],
    ['Resources/de.lproj/Localizable.strings', ['strings', 'stringsdict']],
    ['config/locales/de.yaml', ['yml', 'yaml']],
    ['github/de.json', ['json']],
    ['.gitkeep.json', ['json']],
    ['git/x.json', ['json']],
    ['my.git/x.json', ['json']],
    ['package.json.json', ['json']],
  ])('takes %j', (path, extensions) => {
    expect(checkWritablePath(root, path, { extensions })).toBeUndefined();
  });

  it('refuses a file that does not carry one of the format’s extensions, and says which', () => {
    const refusal = checkWritablePath(root, 'de/loc-de.yml', { extensions: ['json'] });
    expect(refusal?.rule).toBe('extension');
    expect(refusal?.reason).toMatch(/ends in \.yml, not in one of the format's own \(\.json\)/);
    expect(checkWritablePath(root, 'de/Strings', { extensions: ['json'] })?.reason).toMatch(/has no extension/);
    expect(checkWritablePath(root, 'de/x.JSON', { extensions: ['json'] })).toBeUndefined();
  });

  it('checks an output folder for where it is only', () => {
    expect(checkWritablePath(root, '.github/workflows', { kind: 'folder' })?.rule).toBe('folder');
    expect(checkWritablePath(root, 'Jenkinsfile', { kind: 'folder', extensions: ['json'] })).toBeUndefined();
    expect(checkWritablePath(root, '', { kind: 'folder' })).toBeUndefined();
  });

  it('follows a symbolic link: one to .git, or out of the repository, is refused', () => {
    mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
    symlinkSync(join(root, '.git', 'hooks'), join(root, 'strings'));
    symlinkSync(tmpdir(), join(root, 'away'));
    expect(checkWritablePath(root, 'strings/pre-commit.json')).toMatchObject({
      rule: 'folder',
      path: 'strings/pre-commit.json',
    });
    expect(checkWritablePath(root, 'strings/x.json')?.reason).toMatch(/through a symbolic link/);
    expect(checkWritablePath(root, 'away/x.json')?.rule).toBe('outside');
  });

  it('checks a placed file from its output folder', () => {
    expect(checkPlacedFile({ root }, join(root, '.github'), 'x.json')?.rule).toBe('folder');
    expect(checkPlacedFile({ root, extensions: ['json'] }, join(root, 'web'), 'de/x.json')).toBeUndefined();
  });
});

// Issue 42, point 1: every entry of the list has a test, each with the names file systems fold into it.
/** `name` as the file systems a checkout may land on take it for the same name. */
function foldedVariants(name: string): string[] {
  const fullwidth = name.replace(/[a-z]/, (c) => String.fromCharCode(c.charCodeAt(0) - 0x61 + 0xff41));
  return [
    name,
    name.toUpperCase(),
    `${name}.`,
    `${name} `,
    `${name}. .`,
    `${name}::$DATA`,
    `${name.slice(0, 1)}\u200c${name.slice(1)}`,
    `\ufeff${name}`,
    fullwidth,
    name.replace('s', '\u017f'),
    name.replace('k', '\u212a'),
  ];
}

describe('TOOL_PATHS: what tools run or read as their configuration', () => {
  it.each(TOOL_PATHS.map((t) => [t.name, t.kind, t]))('%s (%s) is refused, in every folded form', (_n, _k, entry) => {
    const instance = entry.name.replaceAll('*', 'x');
    for (const variant of foldedVariants(instance)) {
      if (entry.kind === 'folder') {
        expect(checkWritablePath(root, `locales/${variant}/de.json`)?.rule, variant).toBe('folder');
        expect(checkWritablePath(root, `locales/${variant}`)?.rule, variant).toBe('folder');
        expect(checkWritablePath(root, variant, { kind: 'folder' })?.rule, variant).toBe('folder');
      } else {
        expect(checkWritablePath(root, `locales/de/${variant}`)?.rule, variant).toBe('name');
        expect(checkWritablePath(root, variant, { extensions: ['json'] })?.rule, variant).toBe('name');
      }
      expect(checkReadablePath(root, `a/${variant}${entry.kind === 'folder' ? '/x.json' : ''}`)?.reason).toMatch(
        /loc never reads and sends/,
      );
    }
  });

  it('knows each name once, spelled as its tool spells it, folded alike by no two entries', () => {
    const folded = TOOL_PATHS.map((t) => `${t.kind} ${foldName(t.name)}`);
    expect(new Set(folded).size).toBe(folded.length);
  });

  it('takes names that only look like a listed one', () => {
    for (const path of ['locales/vercel-de.json', 'de/package.json.json', 'github/de.json', 'dev/container.json'])
      expect(checkWritablePath(root, path, { extensions: ['json'] }), path).toBeUndefined();
  });

  it.each([
    ['TSCONF~1.JSO', 'name'],
    ['VERCEL~1.JSO', 'folder'],
    ['PACKAG~1.JSO', 'name'],
    ['DEVCON~1/x.json', 'folder'],
    ['GITHUB~2/x.json', 'folder'],
  ])('refuses the Windows short name %s (%s)', (path, rule) => {
    expect(checkWritablePath(root, path)?.rule).toBe(rule);
  });
});

describe('foldName and foldPath', () => {
  it('fold what file systems take for one name', () => {
    expect(foldName('Vercel.JSON. ')).toBe('vercel.json');
    expect(foldName('.git::$INDEX_ALLOCATION')).toBe('.git');
    expect(foldName('de\u0301.json')).toBe(foldName('d\u00e9.json'));
    expect(foldName('\uff0e\uff0e')).toBe('');
    expect(foldPath('A/B./c.JSON')).toBe('a/b/c.json');
  });
});

describe('the repository root as an output folder', () => {
  it('is refused unless the settings opt in', () => {
    expect(checkWritablePath(root, '', { kind: 'folder', allowRoot: false })?.rule).toBe('root');
    expect(checkWritablePath(root, '', { kind: 'folder', allowRoot: false })?.hint).toMatch(/"allowRootOutput": true/);
    expect(checkWritablePath(root, 'a/..', { kind: 'folder', allowRoot: false })?.rule).toBe('root');
    expect(checkWritablePath(root, './', { kind: 'folder', allowRoot: false })?.rule).toBe('root');
    expect(checkWritablePath(root, '', { kind: 'folder', allowRoot: true })).toBeUndefined();
    expect(checkWritablePath(root, 'locales', { kind: 'folder', allowRoot: false })).toBeUndefined();
  });

  it('is found through a symbolic link too', () => {
    symlinkSync('.', join(root, 'here'));
    expect(checkWritablePath(root, 'here', { kind: 'folder', allowRoot: false })?.rule).toBe('root');
  });
});

describe('writableRefusal', () => {
  it('refuses a template whose fixed part is a listed name', () => {
    expect(writableRefusal('.devcontainer/x{locale}.json')?.rule).toBe('folder');
  });
});

describe('the module the Action imports', () => {
  it("is a leaf: node:path, ./real-path (node:fs, node:path) and the SDK's rule of relative paths, so the Action bundles nothing else of loc", () => {
    const importsOf = (file: string) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map(
        (m) => m[1],
      );
    expect(importsOf('./writable-path.ts')).toEqual(['node:path', '@loc/sdk/internal', './real-path']);
    // The SDK's entry is tree-shaken down to base/relative-path.ts in the Action's bundle (no zod, no client).
    expect(readFileSync(new URL('../../../action/bundle/index.cjs', import.meta.url), 'utf8')).not.toMatch(
      /ZodError|createClient/,
    );
    expect(importsOf('./real-path.ts')).toEqual(['node:fs', 'node:path']);
  });
});

describe('path templates before any request', () => {
  it('does not count a placeholder that can be empty as the one a template must hold', () => {
    for (const template of ['index.lock{region}', 'hooks/pre-commit{region}', '{dir}/x.json', 'all.{ext}'])
      expect(() => validateTemplate(template, "targets[0].pathTemplate (target 'x')"), template).toThrow(
        /targets\[0\]\.pathTemplate \(target 'x'\) '.*' has no placeholder that is never empty/,
      );
    expect(() => validateTemplate('{locale}{region}.json')).not.toThrow();
  });

  it.each([
    ['loc-{locale}.yml', 'json.nested', /ends in \.yml, not in one of the format's own \(\.json\)/],
    ['.github/workflows/{locale}.json', 'json.nested', /inside \.github\//],
    ['{locale}/.git/{filename}', undefined, /inside \.git\//],
    ['Jenkinsfile{region}', undefined, /named Jenkinsfile/],
    ['{locale}/package{region}.json', 'json.standard', /named package\.json/],
    ['{locale}.po', 'xliff.standard', /not in one of the format's own \(\.xlf, \.xliff\)/],
  ])('refuses %j for %s (exit 2), naming where it comes from', (template, format, reason) => {
    const check = () => checkTemplateWrites(template, formatExtensions(format), '--path-template');
    expect(check).toThrow(UsageError);
    expect(check).toThrow(reason);
    expect(check).toThrow(/^--path-template '/);
  });

  it.each([
    ['{locale}.yaml', 'yaml.rails'],
    ['{locale}.yml', 'yaml.standard'],
    ['{lproj}/{filename}', 'strings.ios'],
    ['{locale}/{basename}.{ext}', 'json.standard'],
    ['{path}', undefined],
    ['{locale}.pot', 'po.gettext'],
  ])('takes %j for %s', (template, format) => {
    expect(() => checkTemplateWrites(template, formatExtensions(format))).not.toThrow();
  });
});

describe('formatExtensions', () => {
  it('reads the one table of formats: a format’s own extensions, or all of them', () => {
    expect(formatExtensions('yaml.rails')).toEqual(['yml', 'yaml']);
    expect(formatExtensions('json.nested')).toEqual(['json']);
    expect(formatExtensions(undefined)).toEqual(expect.arrayContaining(EXPORT_FORMATS.map((f) => f.extension)));
    expect(formatExtensions('no.such.format')).toEqual(formatExtensions(undefined));
  });
});

// Issue 32, point 7: the rule at its boundary, fuzzed. Templates, locales, regions, files of the export and
// output folders are generated from hostile pieces; every combination loc accepts (the checks it makes
// before the request, then the check of each placed file) must land inside the allowed set, which is
// written out here again, independently of the module. Deterministic: a fixed seed (FUZZ_SEED explores).
const SEED = Number(process.env.FUZZ_SEED ?? 32);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

/**
 * The allowed set, said plainly: inside the root, no listed folder or name (as file systems compare names:
 * case, Unicode normalisation, trailing dots and spaces, NTFS streams, HFS+ ignorables; the list's `*` as
 * any run of characters), the format's extension. (Windows short names, `GIT~1`, are the unit tests'.)
 */
function allowed(relative: string, extensions: readonly string[]): boolean {
  const clean = (s: string) =>
    s
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/:.*$/s, '')
      .replace(/[. ]+$/, '');
  const glob = (name: string) =>
    new RegExp(
      `^${clean(name)
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
  const path = posix.normalize(relative);
  if (path.startsWith('../') || path === '..' || posix.isAbsolute(path)) return false;
  const segments = path.split('/').map(clean);
  const listed = (kind: 'folder' | 'file', name: string) =>
    TOOL_PATHS.some((t) => t.kind === kind && glob(t.name).test(name));
  if (segments.some((s) => listed('folder', s))) return false;
  const name = segments.at(-1)!;
  if (listed('file', name)) return false;
  return extensions.includes(posix.extname(name).slice(1));
}

const hostileWords = [
  // Issue 42: pieces that a template and a locale (or a locale map) join into another tool's file.
  '.devcontainer',
  'vcontainer',
  'rcel',
  'vercel',
  '.vscode',
  'tasks',
  'netlify',
  'docker-compose',
  'gradle-wrapper',
  '.env',
  'loc.config',
  '.git',
  '.GIT',
  '.Git.',
  '.git ',
  '.g\u200cit',
  'git~1',
  '.github',
  '.GitHub',
  '.gitlab',
  '.circleci',
  '.husky',
  'workflows',
  'hooks',
  'index.lock',
  'pre-commit',
  'Jenkinsfile',
  'jenkinsfile',
  '.gitlab-ci',
  'package',
  '.npmrc',
  '.gitattributes',
  '.travis',
  'azure-pipelines',
  'bitbucket-pipelines',
  'loc',
  'res',
  'values',
  'de',
  '',
];
const extensionsPool = [
  '',
  '.json',
  '.yml',
  '.yaml',
  '.YML',
  '.strings',
  '.xml',
  '.po',
  '.sh',
  '.json.',
  '.js',
  '.lock',
];
const placeholderPool = [
  '{locale}',
  '{region}',
  '{language}',
  '{filename}',
  '{basename}',
  '{ext}',
  '{dir}',
  '{path}',
  '{lproj}',
  '{android_values}',
  '{locale_underscore}',
];

const piece = fc.oneof(fc.constantFrom(...hostileWords), fc.constantFrom(...placeholderPool));
const segment = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 3 }), fc.constantFrom(...extensionsPool))
  .map(([parts, ext]) => parts.join('') + ext);
const template = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
const outFolder = fc
  .array(fc.constantFrom('.', 'locales', 'app', ...hostileWords.filter(Boolean)), { minLength: 1, maxLength: 3 })
  .map((s) => s.join('/'));
const locale = fc.constantFrom('de', 've', 'pt-BR', 'fr-CA', 'zh-Hant-TW', 'en', 'Base', '.git', '.github', 'x');
const exportedFile = fc
  .tuple(
    fc.array(fc.constantFrom(...hostileWords.filter(Boolean), 'Resources', 'de.lproj'), { maxLength: 2 }),
    fc.constantFrom(...hostileWords.filter(Boolean), 'Localizable', 'strings', 'common'),
    fc.constantFrom(...extensionsPool),
  )
  .map(([dirs, name, ext]) => [...dirs, name + ext].join('/'));
const format = fc.option(fc.constantFrom(...EXPORT_FORMATS.map((f) => f.id)), { nil: undefined });

describe('the path rule, fuzzed', () => {
  it('no accepted template, locale, region, file and output folder writes outside the allowed set', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        template,
        outFolder,
        fc.array(fc.tuple(exportedFile, locale), { minLength: 1, maxLength: 4 }),
        format,
        (tpl, out, files, fmt) => {
          const extensions = formatExtensions(fmt);
          try {
            validateTemplate(tpl);
            checkTemplateWrites(tpl, extensions);
          } catch (error) {
            if (error instanceof UsageError) return;
            throw error;
          }
          if (checkWritablePath(root, out, { kind: 'folder' })) return;
          const outDir = join(root, out);
          for (const [path, loc] of files) {
            let to: string;
            try {
              to = applyTemplate(tpl, { path, locale: loc });
            } catch (error) {
              if (error instanceof UsageError) continue;
              throw error;
            }
            if (checkPlacedFile({ root, extensions }, outDir, to)) continue;
            accepted++;
            const relative = posix.join(out, to);
            expect(allowed(relative, extensions), `${tpl} → ${relative} (${fmt})`).toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The fuzz explores accepted combinations too, not only refusals.
    expect(accepted).toBeGreaterThan(20);
  });
});
