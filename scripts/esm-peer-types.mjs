#!/usr/bin/env node
// After a package's tsup build: makes its declaration files import a peer as types only, and lets the
// CommonJS ones (.d.cts) do so whatever module format the peer has. msw 3 ships ESM only, and our
// index.d.cts read by a CommonJS consumer (.cts, module commonjs) failed with TS1479 on
// `import … from 'msw'` and, as `import type`, with TS1541 (it asks for `resolution-mode: "import"`).
// That attribute is not the answer: with msw 2 it would bind msw's ESM declarations while the
// consumer's own `import { setupServer } from 'msw/node'` binds its CommonJS ones, and
// `setupServer(...mock.handlers)` would no longer type-check. So the import stays as TypeScript resolves
// it for the consumer, and a `@ts-ignore` line silences only the module-format check: the types still
// resolve (a test shows `handlers` is msw's RequestHandler[], not any). tsup's declaration bundler
// writes plain imports whatever the source says, hence this step.
//
//   node ../../scripts/esm-peer-types.mjs msw dist/index.d.ts dist/index.d.cts
import { readFileSync, writeFileSync } from 'node:fs';

const [peer, ...files] = process.argv.slice(2);
if (!peer || files.length === 0) throw new Error('usage: esm-peer-types.mjs <peer> <declaration file>…');
const quoted = peer.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const IGNORE = `// @ts-ignore -- ${peer} may be ESM only (msw 3): a CommonJS consumer still reads its types`;
const pattern = new RegExp(
  `^(?:${IGNORE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n)?import (?:type )?(\\* as \\w+|\\{[^}]*\\}) from '${quoted}';$`,
  'gm',
);
for (const file of files) {
  const prefix = file.endsWith('.d.cts') ? `${IGNORE}\n` : '';
  const rewritten = readFileSync(file, 'utf8').replace(pattern, `${prefix}import type $1 from '${peer}';`);
  const left = new RegExp(`^import (?!type )[^;]*from '${quoted}'`, 'm').exec(rewritten);
  if (left) throw new Error(`${file}: "${left[0]}" is an import of ${peer} this step does not understand.`);
  writeFileSync(file, rewritten);
}
