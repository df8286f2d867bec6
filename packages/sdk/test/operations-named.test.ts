// Every operation of the table reaches everything a user meets it by: a method that calls it, the schemas of
// its bodies in @loc/sdk/schemas, its area on the client and in the root's types, and a row of docs/sdk.md's
// methods table. What can be derived from the table is (the OpenAPI document, the mock's routes, the access
// table); these must be written, and a new operation fails here until each is.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/index';
import { listOperations, type NamedSchema } from '../src/schemas/operations';
import * as schemas from '../src/schemas/index';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const read = (path: string) => readFileSync(join(src, path), 'utf8');
const RESOURCE_FILES = readdirSync(join(src, 'resources')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** The names a module imports from '../schemas/operations' (the calls its methods hand to the request function). */
function operationsImportedBy(source: string): string[] {
  const imports = [...source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\.\/schemas\/operations'/g)];
  return imports.flatMap((m) =>
    m[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

const json = (schema: z.ZodMiniType) => JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));

describe('every operation of the table', () => {
  const operations = listOperations();

  it('is called by a method of src/resources/', () => {
    const called = new Set(RESOURCE_FILES.flatMap((file) => operationsImportedBy(read(`resources/${file}`))));
    expect(operations.map((op) => op.id).filter((id) => !called.has(id))).toEqual([]);
  });

  it('has each body it names in @loc/sdk/schemas', () => {
    const exported = new Set(
      Object.values(schemas)
        .filter((value) => typeof value === 'object' && value !== null && '_zod' in value)
        .map((schema) => json(schema as z.ZodMiniType)),
    );
    const bodies = new Map<string, NamedSchema>();
    for (const op of operations)
      for (const body of [op.requestBody, ...Object.values(op.responses).map((r) => r.body)])
        if (body) bodies.set(body.name, body);
    const missing = [...bodies.values()].filter((body) => !exported.has(json(body.schema))).map((body) => body.name);
    expect(missing).toEqual([]);
  });

  it('has its area on the client and in the root export', () => {
    const index = read('index.ts');
    const loc = createClient({ token: 't' }) as unknown as Record<string, object>;
    for (const file of RESOURCE_FILES) {
      const areas = [...read(`resources/${file}`).matchAll(/^export class (\w+)/gm)].map((m) => m[1]!);
      for (const area of areas) {
        expect(index, `src/index.ts exports the type ${area}`).toMatch(
          new RegExp(`\\b${area}\\b[^;]*from './resources/`),
        );
        expect(
          Object.values(loc).some((value) => value?.constructor?.name === area),
          `createClient() has a ${area}`,
        ).toBe(true);
      }
    }
  });

  it("has a row in docs/sdk.md's methods table", () => {
    const page = readFileSync(new URL('../../../docs/sdk.md', import.meta.url), 'utf8');
    const table = /\n## Methods\n[\s\S]*?\n(\| method \|[\s\S]*?)\n\n/.exec(page)![1]!;
    // The endpoint column, as the page writes it: `GET …/exports/{id}`, `POST /v1/{ws}/projects`.
    const endpoints = table
      .split('\n')
      .flatMap((row) => [...(row.split('|')[2] ?? '').matchAll(/`(GET|POST) ([^`]+)`/g)])
      .map(([, method, path]) => {
        const pattern = path!
          .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
          .replace(/…/g, '.*')
          .replace(/\\\{ws\\\}|\{ws\}/g, '\\{workspaceUrl\\}')
          .replace(/\{project\}/g, '\\{projectUrl\\}');
        return new RegExp(`^${method} ${pattern}$`);
      });
    const unlisted = operations
      .filter((op) => !endpoints.some((endpoint) => endpoint.test(`${op.method} ${op.path}`)))
      .map((op) => op.id);
    expect(unlisted).toEqual([]);
  });
});
