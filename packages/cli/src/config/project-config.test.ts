import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { tempDir } from '@loc/test-utils';
import { loadConfigFile, projectConfigSchema, schemaReference, SCHEMA_FILE_NAME } from './project-config';

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
