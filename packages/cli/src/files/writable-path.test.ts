import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '@loc/sdk';
import { UsageError } from '../run/errors';
import { formatExtensions } from './format-extensions';
import { applyTemplate, checkTemplateWrites, validateTemplate } from './path-template';
import { checkPlacedFile, checkWritablePath, FORBIDDEN_FOLDERS, FORBIDDEN_NAMES } from './writable-path';

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
    expect(checkWritablePath(root, 'de/Makefile', { extensions: ['json'] })?.reason).toMatch(/has no extension/);
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

describe('the module the Action imports', () => {
  it('is a leaf: node:path and ./real-path (node:fs, node:path) only, so the Action bundles nothing else of loc', () => {
    const importsOf = (file: string) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map(
        (m) => m[1],
      );
    expect(importsOf('./writable-path.ts')).toEqual(['node:path', './real-path']);
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
 * The allowed set, said plainly: inside the root, no forbidden folder or name (as file systems compare
 * names: case, trailing dots and spaces, NTFS streams, HFS+ ignorables), the format's extension. (Windows
 * short names, `GIT~1`, are the unit tests'.)
 */
function allowed(relative: string, extensions: readonly string[]): boolean {
  const clean = (s: string) =>
    s
      .normalize('NFC')
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
      .replace(/:.*$/s, '')
      .replace(/[. ]+$/, '')
      .toLowerCase();
  const path = posix.normalize(relative);
  if (path.startsWith('../') || path === '..' || posix.isAbsolute(path)) return false;
  const segments = path.split('/').map(clean);
  if (segments.some((s) => FORBIDDEN_FOLDERS.some((f) => f.toLowerCase() === s))) return false;
  const name = segments.at(-1)!;
  if (FORBIDDEN_NAMES.some((n) => n.toLowerCase() === name)) return false;
  return extensions.includes(posix.extname(name).slice(1));
}

const hostileWords = [
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
const locale = fc.constantFrom('de', 'pt-BR', 'fr-CA', 'zh-Hant-TW', 'en', 'Base', '.git', '.github', 'x');
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
