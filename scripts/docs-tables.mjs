#!/usr/bin/env node
// The docs' tables that the operation table decides, made from it (and the demo seed's roles) after a build:
// docs/mock-server.md's "what each token may do" (between its `access-table` markers), one row per
// operation, each demo token's status from the permission the operation declares. A new operation is a new
// row, with no hand edit; the mock's test/authorization.test.ts checks each cell against what the mock
// answers.
//
//   node scripts/docs-tables.mjs           rewrite the tables (after `npm run build`)
//   node scripts/docs-tables.mjs --check   exit 1 when one is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const PAGE = join(root, 'docs', 'mock-server.md');
export const ACCESS_START =
  '<!-- access-table:start (made by `npm run regen` from the operation table and the demo roles: do not edit) -->';
export const ACCESS_END = '<!-- access-table:end -->';

/** The demo tokens the table has a column for, in its order. */
const COLUMNS = ['admin', 'developer', 'viewer', 'collaborator', 'outsider', 'globex'];

/**
 * What a demo user gets from an operation in workspace `acme`: 401 for an API token on the CDN check, 200
 * where nothing beyond the credential is checked or where the user's role grants the permission (or their
 * collaboration, for a permission on the project), else 403. The rule of the mock's `can` (src/store/access.ts).
 */
function cell(operation, user, { rolePermissions, collaboratorPermissions }) {
  if (operation.api === 'cdn') return '401';
  const { permission } = operation;
  if (!permission) return '200';
  const role = user.workspaceRoles?.acme;
  if (role && rolePermissions[role].includes(permission.name)) return '200';
  const projects = (user.projects ?? []).filter((p) => p.startsWith('acme/')).map((p) => p.slice('acme/'.length));
  if (permission.on === 'project' && projects.length && collaboratorPermissions.includes(permission.name))
    return `200 on ${projects.join(', ')}, else 403`;
  return '403';
}

/**
 * The access table: one row per operation, in the table's order.
 *
 * @example accessTable(await loadInputs()).startsWith('| operation |') // true
 */
export function accessTable({ operations, users, tokens, rolePermissions, collaboratorPermissions }) {
  const head = [
    `| operation | endpoint | permission | ${COLUMNS.join(' | ')} |`,
    `|${' --- |'.repeat(3 + COLUMNS.length)}`,
  ];
  const rows = operations.map((op) => {
    const endpoint = `\`${op.method} ${op.path.replace('{workspaceUrl}', 'acme')}\``;
    const permission = op.permission
      ? `${op.permission.name} on the ${op.permission.on}`
      : op.api === 'cdn'
        ? 'a CDN key'
        : '—';
    const cells = COLUMNS.map((name) => {
      const user = users.find((u) => u.tokens.includes(tokens[name]));
      return cell(op, user, { rolePermissions, collaboratorPermissions });
    });
    return `| \`${op.id}\` | ${endpoint} | ${permission} | ${cells.join(' | ')} |`;
  });
  return [...head, ...rows].join('\n');
}

/** The inputs of the tables, from the built SDK and mock. */
export async function loadInputs() {
  const sdk = await import(pathToFileURL(join(root, 'packages/sdk/dist/internal.js')).href);
  const mock = await import(pathToFileURL(join(root, 'packages/mock-server/dist/index.js')).href);
  return {
    operations: sdk.listOperations(),
    users: mock.parseSeed(mock.demoSeed()).users,
    tokens: mock.DEMO.tokens,
    rolePermissions: mock.ROLE_PERMISSIONS,
    collaboratorPermissions: mock.COLLABORATOR_PERMISSIONS,
  };
}

/** `page` with the text between `start` and `end` replaced by `text`; throws when a marker is missing. */
export function between(page, start, end, text) {
  const from = page.indexOf(start);
  const to = page.indexOf(end, from);
  if (from === -1 || to === -1) throw new Error(`the page has no ${start} … ${end} markers`);
  return `${page.slice(0, from + start.length)}\n\n${text}\n\n${page.slice(to)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = readFileSync(PAGE, 'utf8');
  const next = between(page, ACCESS_START, ACCESS_END, accessTable(await loadInputs()));
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error('docs/mock-server.md: the access table is out of date; run `npm run regen`.');
      process.exit(1);
    }
  } else if (next !== page) {
    writeFileSync(PAGE, next);
    console.log('wrote the access table of docs/mock-server.md');
  }
}
