import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import * as yaml from 'yaml';
import {
  checkConfigCdnBaseUrl,
  findConfigFile,
  loadConfigFile,
  projectConfigSchema,
  schemaReference,
  SCHEMA_FILE_NAME,
} from './project-config';

const shipped = fileURLToPath(new URL(`../../${SCHEMA_FILE_NAME}`, import.meta.url));

/** The JSON Schema of loc.config.json, as generated from the zod schema. */
function generatedSchema(): string {
  const schema = z.toJSONSchema(projectConfigSchema(), { io: 'input', target: 'draft-2020-12' });
  return `${JSON.stringify({ ...schema, title: 'loc.config.json' }, null, 2)}\n`;
}

describe('loc.config.schema.json', () => {
  it('is the zod schema, generated (LOC_UPDATE_SCHEMA=1 rewrites it)', () => {
    if (process.env.LOC_UPDATE_SCHEMA === '1') writeFileSync(shipped, generatedSchema());
    expect(readFileSync(shipped, 'utf8')).toBe(generatedSchema());
  });

  it('is referenced relative to the repository when loc runs from its node_modules, else by URL', () => {
    expect(schemaReference('/work/app', `/work/app/node_modules/@loc/cli/${SCHEMA_FILE_NAME}`)).toBe(
      `./node_modules/@loc/cli/${SCHEMA_FILE_NAME}`,
    );
    expect(schemaReference('/work/app', `/usr/lib/node_modules/@loc/cli/${SCHEMA_FILE_NAME}`)).toMatch(
      new RegExp(`^https://unpkg\\.com/@loc/cli@\\d+\\.\\d+\\.\\d+.*/${SCHEMA_FILE_NAME.replaceAll('.', '\\.')}$`),
    );
  });
});

describe('loadConfigFile', () => {
  it('names every problem with its JSON path, in zod’s English words', () => {
    const folder = tempDir('loc-config-');
    try {
      const file = join(folder.path, 'loc.config.json');
      writeFileSync(
        file,
        JSON.stringify({
          typo: 1,
          workspace: 3,
          project: '',
          cdn: { baseUrl: 'ftp://x', checkPath: 'no', environment: 'PROD' },
          export: { locales: ['de', 1] },
        }),
      );
      expect(() => loadConfigFile(file)).toThrow(
        `${file} is not a valid loc config: $.workspace: Invalid input: expected string, received number; $.project: Too small: expected string to have >=1 characters; $.export.locales[1]: Invalid input: expected string, received number; $.cdn.environment: Invalid option: expected one of "DEVELOPMENT"|"TEST"|"STAGING"|"PRODUCTION"; $.cdn.baseUrl: Invalid URL; $.cdn.checkPath: Invalid string: must match pattern /^\\/[^?#\\s]*$/; $: Unrecognized key: "typo"`,
      );
      writeFileSync(file, JSON.stringify({ cdn: { environment: 'STAGING', baseUrl: 'https://cdn.example.com' } }));
      expect(loadConfigFile(file).config).toEqual({
        cdn: { environment: 'STAGING', baseUrl: 'https://cdn.example.com' },
      });
    } finally {
      folder.remove();
    }
  });

  it('takes `status` in export and in each target, and names a value it does not know', () => {
    const folder = tempDir('loc-config-');
    try {
      const file = join(folder.path, 'loc.config.json');
      const config = {
        workspace: 'acme',
        export: { status: 'approved' },
        targets: [
          { name: 'web', project: 'web-frontend', status: 'all' },
          { name: 'ios', status: 'translated' },
        ],
      };
      writeFileSync(file, JSON.stringify(config));
      expect(loadConfigFile(file).config).toEqual(config);
      writeFileSync(file, JSON.stringify({ targets: [{ name: 'web', status: 'reviewed' }] }));
      expect(() => loadConfigFile(file)).toThrow(
        '$.targets[0].status: Invalid option: expected one of "all"|"translated"|"approved"',
      );
    } finally {
      folder.remove();
    }
  });
});

// Issue 42, point 5: a repository's file does not choose where a credential of the environment goes.
describe('checkConfigCdnBaseUrl', () => {
  const trusted = ['https://api.lingohub.com', 'https://api.lingohub.com'];
  it.each([
    ['http://cdn.example', 'environment', /plain http off loopback/],
    ['http://cdn.example', undefined, /plain http off loopback/],
    ['http://cdn.off-loopback.test:4010', 'flag', /plain http off loopback/],
    [
      'https://cdn.evil.example',
      'environment',
      /The CDN key \(LOC_CDN_KEY\) was not sent: .* https:\/\/cdn\.evil\.example/,
    ],
    ['https://cdn.evil.example/v1', 'flag', /The CDN key \(--cdn-key\) was not sent/],
  ] as const)('refuses %s with a key from %s', (url, keyFrom, message) => {
    expect(() => checkConfigCdnBaseUrl(url, { trusted, keyFrom })).toThrow(message);
  });
  it.each([
    ['https://api.lingohub.com/cdn', 'environment'],
    ['http://127.0.0.1:4010', 'environment'],
    ['http://localhost:4010', 'flag'],
    ['https://cdn.other.example', 'profile'],
    ['https://cdn.other.example', undefined],
  ] as const)('takes %s with a key from %s', (url, keyFrom) => {
    expect(() => checkConfigCdnBaseUrl(url, { trusted, keyFrom })).not.toThrow();
  });
});

describe('loc.config.yaml', () => {
  const inFolder = (files: Record<string, string>, check: (dir: string) => void) => {
    const folder = tempDir('loc-config-yaml-');
    try {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(folder.path, name), text);
      check(folder.path);
    } finally {
      folder.remove();
    }
  };

  it('holds what loc.config.json holds, checked by the same schema', () =>
    inFolder(
      {
        'loc.config.yml': `# comments are fine
workspace: acme
project: mobile-ios
export:
  locales: [de, fr]
  pathTemplate: "{locale}.lproj/{filename}"
localeMap: { zh-Hant: zh-TW }
`,
      },
      (dir) => {
        const path = findConfigFile(join(dir))!;
        expect(path).toBe(join(dir, 'loc.config.yml'));
        expect(loadConfigFile(path, yaml).config).toEqual({
          workspace: 'acme',
          project: 'mobile-ios',
          export: { locales: ['de', 'fr'], pathTemplate: '{locale}.lproj/{filename}' },
          localeMap: { 'zh-Hant': 'zh-TW' },
        });
      },
    ));

  it('names each problem with its key and its line', () =>
    inFolder(
      { 'loc.config.yaml': 'workspace: acme\nexport:\n  locales: [de, 1]\n  fromat: x\ncdn:\n  environment: PROD\n' },
      (dir) => {
        const path = join(dir, 'loc.config.yaml');
        expect(() => loadConfigFile(path, yaml)).toThrow(
          `${path} is not a valid loc config: $.export.locales[1] (line 3): Invalid input: expected string, received number; $.export (line 4): Unrecognized key: "fromat"; $.cdn.environment (line 6): Invalid option: expected one of "DEVELOPMENT"|"TEST"|"STAGING"|"PRODUCTION"`,
        );
      },
    ));

  it('reads YAML 1.2 (no is a string), a file of comments as no settings, and refuses an alias bomb', () =>
    inFolder({ 'a.yaml': 'workspace: no\n', 'b.yaml': '# nothing yet\n', 'c.yaml': bomb() }, (dir) => {
      expect(loadConfigFile(join(dir, 'a.yaml'), yaml).config).toEqual({ workspace: 'no' });
      expect(loadConfigFile(join(dir, 'b.yaml'), yaml).config).toEqual({});
      expect(() => loadConfigFile(join(dir, 'c.yaml'), yaml)).toThrow(
        expect.objectContaining({ name: 'LocalFileError', message: expect.stringMatching(/Excessive alias count/) }),
      );
    }));

  it('is refused beside a loc.config.json', () =>
    inFolder({ 'loc.config.json': '{}', 'loc.config.yaml': 'workspace: acme\n' }, (dir) => {
      expect(() => findConfigFile(dir)).toThrow(
        `${dir} has loc.config.json and loc.config.yaml: loc reads one config file per folder.`,
      );
    }));
});

/** A "billion laughs" document: nine levels of nine aliases each. */
function bomb(): string {
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 9; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\nworkspace: *a8\n`;
}
