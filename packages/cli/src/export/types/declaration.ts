import { pluralBase } from '../summary/read';
import type { PlaceholderSyntax } from './placeholders';
import { parseSource, type SourceFile, type SourceKey, sourceKeys } from './source-keys';

/**
 * The declaration file of `loc export --types`: the source locale's keys as TypeScript types, for two
 * consumers:
 * - `LocKeys`, each key with the values its text needs, for `createOtaClient<LocKeys>()` and
 *   `typedT<LocKeys>(ota)` of `@loc/sdk/ota`;
 * - `LocResources`, the source strings by namespace as i18next reads them; for a json.i18next export the
 *   file also augments i18next's `CustomTypeOptions` with them (and `strictInterpolationChecks`), so that
 *   i18next's and react-i18next's `t()` are typed as i18next documents.
 * The text is made only of the strings: sorted, no date, no version, so the same strings give the same
 * bytes and a pull request shows what changed.
 */

/** What the header names: where the strings came from. */
export interface TypesAbout {
  /** `workspace/project`. */
  project: string;
  /** The source locale, as the service names it. */
  locale: string;
  /** The export format, when known. */
  format: string | undefined;
}

/** The namespace of a source file for i18next: its name (`common.json`: `common`), `translation` when its name is its locale. */
export function namespaceOf(path: string, locale: string): string {
  const name = (path.split('/').pop() ?? path).replace(/\.json$/i, '');
  const same = (a: string) => a.toLowerCase().replaceAll('_', '-');
  return same(name) === same(locale) ? 'translation' : name;
}

const quote = (text: string) => JSON.stringify(text);
/** A property name as written: bare when it is an identifier (as tsc's messages then name it), else quoted. */
const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

/** A doc comment of a key: its text (a plural's forms one per line), never closing the comment early. */
function docComment(text: SourceKey['text'], indent: string): string {
  const lines =
    typeof text === 'string'
      ? text.split(/\r\n|\r|\n|\u2028|\u2029/)
      : Object.entries(text).flatMap(([category, form]) =>
          form.split(/\r\n|\r|\n|\u2028|\u2029/).map((line, i) => (i ? `  ${line}` : `${category}: ${line}`)),
        );
  const safe = lines.map((line) => line.replaceAll('*/', '*\\/').trimEnd());
  if (safe.length === 1) return `${indent}/** ${safe[0]} */\n`;
  return `${indent}/**\n${safe.map((line) => `${indent} *${line ? ` ${line}` : ''}\n`).join('')}${indent} */\n`;
}

function valuesType(key: SourceKey): string {
  if (key.values.length === 0) return '{}';
  const type = (name: string) => (name === 'count' && typeof key.text !== 'string' ? 'number' : 'string | number');
  return `{ ${key.values.map((name) => `${propertyName(name)}: ${type(name)}`).join('; ')} }`;
}

type Tree = { [key: string]: unknown };

/** A tree without a prototype: a key `__proto__` of the strings is a key like any other. */
const tree = (): Tree => Object.create(null) as Tree;

/** `from` merged into `into`: a key `into` holds already keeps its value (the first file wins). */
function mergeInto(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    if (there === undefined)
      into[key] =
        value && typeof value === 'object' && !Array.isArray(value) ? mergeInto(tree(), value as Tree) : value;
    else if (there && typeof there === 'object' && value && typeof value === 'object')
      mergeInto(there as Tree, value as Tree);
  }
  return into;
}

/**
 * One namespace's resources, nested as the file is (i18next splits a key at `.` to read its text and
 * placeholders): each text as a string literal type. A plural written `items_one`, `items_other` also
 * gets its key `items`, typed as its `other` form: i18next's types then want the `count` a call must give.
 */
function resourceType(tree: Tree, indent: string, out: string[]): void {
  const keys = Object.keys(tree).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const has = new Set(keys);
  const bases = new Map<string, string>();
  for (const key of keys) {
    const base = pluralBase(key, has);
    if (base !== undefined && !has.has(base) && typeof tree[`${base}_other`] === 'string')
      bases.set(base, tree[`${base}_other`] as string);
  }
  const entries: [string, unknown][] = [...keys.map((k) => [k, tree[k]] as [string, unknown]), ...bases];
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, value] of entries) {
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    if (bases.has(key))
      out.push(`${indent}/** The plural's key as a call names it (its forms: ${key}_one…): it takes a \`count\`. */`);
    if (typeof text === 'string') out.push(`${indent}${quote(key)}: ${quote(text)};`);
    else if (text && typeof text === 'object' && !Array.isArray(text)) {
      out.push(`${indent}${quote(key)}: {`);
      resourceType(text as Tree, `${indent}  `, out);
      out.push(`${indent}};`);
    }
  }
}

/**
 * The declaration text for the source files of one export, and how many keys it declares.
 *
 * @example
 * typesDeclaration([{ path: 'en.json', text: '{"hi":"Hi {{name}}"}' }], 'i18next',
 *   { project: 'acme/web', locale: 'en', format: 'json.i18next' })
 */
export function typesDeclaration(
  files: readonly SourceFile[],
  syntax: PlaceholderSyntax,
  about: TypesAbout,
): { text: string; keys: number } {
  const keys = sourceKeys(files, syntax);
  const out: string[] = [
    `// Generated by \`loc export --types <file>\` from the source locale ${about.locale} of ${about.project}${about.format ? ` (${about.format})` : ''}.`,
    '// Do not edit: the next `loc export` writes it again. docs/cli.md#typed-keys',
    '',
  ];
  if (syntax === 'i18next') out.push("import 'i18next';", '');
  out.push(
    '/**',
    ' * Each key of the source strings, with the values its text needs (a plural: `count`):',
    " * `createOtaClient<LocKeys>(…)` and `typedT<LocKeys>(ota)` of '@loc/sdk/ota' type `t()` with it.",
    ' */',
    'export interface LocKeys {',
  );
  for (const key of keys) out.push(`${docComment(key.text, '  ')}  ${quote(key.key)}: ${valuesType(key)};`);
  out.push('}', '');
  const namespaces = new Map<string, Tree>();
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const namespace = namespaceOf(file.path, about.locale);
    namespaces.set(namespace, mergeInto(namespaces.get(namespace) ?? tree(), parseSource(file)));
  }
  out.push('/** The source strings by namespace, as i18next reads them. */', 'export interface LocResources {');
  for (const [namespace, strings] of [...namespaces].sort(([a], [b]) => (a < b ? -1 : 1))) {
    out.push(`  ${quote(namespace)}: {`);
    resourceType(strings, '    ', out);
    out.push('  };');
  }
  out.push('}', '');
  if (syntax === 'i18next')
    out.push(
      "declare module 'i18next' {",
      '  interface CustomTypeOptions {',
      '    resources: LocResources;',
      '    strictInterpolationChecks: true;',
      '  }',
      '}',
      '',
    );
  return { text: out.join('\n'), keys: keys.length };
}
