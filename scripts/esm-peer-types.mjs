#!/usr/bin/env node
// After a package's tsup build: turns its declaration files' imports of a peer into type-only imports.
// msw 3 ships ESM only: a CommonJS consumer (a .cts file, or module commonjs) reading our index.d.cts
// failed with TS1479 on `import … from 'msw'`, which TypeScript reads as a require of an ES module;
// `import type` is not one, and resolves to the same msw types as the consumer's own import (so
// `setupServer(...mock.handlers)` still type-checks with msw 2's CommonJS types). tsup's declaration
// bundler writes plain imports whatever the source says, hence this step.
//
//   node ../../scripts/esm-peer-types.mjs msw dist/index.d.ts dist/index.d.cts
import { readFileSync, writeFileSync } from 'node:fs';

const [peer, ...files] = process.argv.slice(2);
if (!peer || files.length === 0) throw new Error('usage: esm-peer-types.mjs <peer> <declaration file>…');
const quoted = peer.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const pattern = new RegExp(`^import (?:type )?(\\* as \\w+|\\{[^}]*\\}) from '${quoted}';$`, 'gm');
for (const file of files) {
  const rewritten = readFileSync(file, 'utf8').replace(pattern, `import type $1 from '${peer}';`);
  const left = new RegExp(`^import (?!type )[^;]*from '${quoted}'`, 'm').exec(rewritten);
  if (left) throw new Error(`${file}: "${left[0]}" is an import of ${peer} this step does not understand.`);
  writeFileSync(file, rewritten);
}
