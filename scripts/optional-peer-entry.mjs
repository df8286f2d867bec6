#!/usr/bin/env node
// After @loc/mock-server's tsup build: its entry explains a missing optional peer. msw is a peer the user
// installs (the handlers they pass to their own `setupServer` must come from their own msw), optional
// because `loc-mock serve` carries its own copy; without it, `import '@loc/mock-server'` failed with Node's
// bare ERR_MODULE_NOT_FOUND. The built entry moves to dist/main.{js,cjs}; dist/index.{js,cjs} load it and
// turn "msw not found" into a message that says what to do. An ES module's imports are resolved before
// any of its code runs, so the ESM entry loads the module with `import()` (top-level await) and re-exports
// its names, read from the built module itself.
//
//   node ../../scripts/optional-peer-entry.mjs msw dist
import { renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [peer, dist] = process.argv.slice(2);
if (!peer || !dist) throw new Error('usage: optional-peer-entry.mjs <peer> <dist folder>');

const message =
  `@loc/mock-server needs ${peer}, an optional peer dependency: install it beside it (npm install --save-dev ${peer}), ` +
  `so that your tests and the mock share one copy. The loc-mock binary needs none (it carries its own).`;
/** The expression that turns the loading error `error` into the error thrown. */
const explain = `(/MODULE_NOT_FOUND/.test(String(error && error.code)) && /['"]${peer}['"]/.test(String(error && error.message)) ? Object.assign(new Error(${JSON.stringify(message)}, { cause: error }), { code: 'LOC_MISSING_PEER' }) : error)`;

renameSync(join(dist, 'index.js'), join(dist, 'main.js'));
renameSync(join(dist, 'index.cjs'), join(dist, 'main.cjs'));
const names = Object.keys(await import(pathToFileURL(resolve(dist, 'main.js')).href)).filter((n) => n !== 'default');
const header = '// Loads main.js, explaining a missing msw (scripts/optional-peer-entry.mjs).';
writeFileSync(
  join(dist, 'index.js'),
  `${header}
let main;
try {
  main = await import('./main.js');
} catch (error) {
  throw ${explain};
}
export const { ${names.join(', ')} } = main;
`,
);
writeFileSync(
  join(dist, 'index.cjs'),
  `'use strict';
${header.replace('main.js', 'main.cjs')}
try {
  module.exports = require('./main.cjs');
} catch (error) {
  throw ${explain};
}
`,
);
