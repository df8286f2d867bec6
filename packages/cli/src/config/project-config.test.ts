import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ProjectConfigSchema, schemaReference, SCHEMA_FILE_NAME } from './project-config';

const shipped = fileURLToPath(new URL(`../../${SCHEMA_FILE_NAME}`, import.meta.url));

/** The JSON Schema of loc.config.json, as generated from the zod schema. */
function generatedSchema(): string {
  const schema = z.toJSONSchema(ProjectConfigSchema, { io: 'input', target: 'draft-2020-12' });
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
