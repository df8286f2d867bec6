#!/usr/bin/env node
// Writes docs/openapi.json from the built SDK's schemas (`pnpm build` first). A test fails when the
// committed file is out of date.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { buildOpenApiDocument } = await import(pathToFileURL(join(root, 'packages/sdk/dist/openapi.js')).href);
writeFileSync(join(root, 'docs/openapi.json'), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('wrote docs/openapi.json');
