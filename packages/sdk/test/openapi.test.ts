import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';
import { listOperations, OPERATIONS } from '../src/schemas/operations';

const committed = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('describes every operation of the table under its path and method', () => {
    const documented = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    const ids = listOperations().flatMap((op) => [op.id, ...(op.aliases ?? []).map((a) => a.operationId)]);
    expect(documented.toSorted()).toEqual(ids.toSorted());
    expect(new Set(documented).size).toBe(documented.length);
    for (const op of listOperations()) {
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry?.operationId).toBe(op.id);
      expect(Object.keys(entry!.responses)).toEqual(Object.keys(op.responses));
    }
  });

  it('states the CDN check at both its paths, the second on the service’s CDN host, with the same contract', () => {
    const spec = doc.paths['/cdn/check']?.post;
    const cdnHost = doc.paths['/v1/distributions/check']?.post;
    expect(cdnHost).toMatchObject({ operationId: 'checkDistributionOnCdnHost', security: [{ cdnKey: [] }] });
    expect(cdnHost?.servers?.[0]).toEqual({ url: 'https://cdn.lingohub.com' });
    expect(cdnHost?.responses).toEqual(spec?.responses);
    expect(cdnHost?.requestBody).toEqual(spec?.requestBody);
    expect(doc.servers[0]).toEqual({ url: 'https://api.lingohub.com', description: 'the service' });
  });

  it('gives each operation its key in the table as its id (errors name it: error.operation.id)', () => {
    expect(Object.values(OPERATIONS).map((op) => op.id)).toEqual(Object.keys(OPERATIONS));
  });

  it('references only schemas it defines', () => {
    const refs = [...JSON.stringify(doc.paths).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const name of refs) expect(doc.components.schemas).toHaveProperty(name);
  });

  it('is committed up to date in docs/openapi.json (run `pnpm openapi` after changing a schema)', () => {
    expect(JSON.parse(readFileSync(committed, 'utf8'))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
