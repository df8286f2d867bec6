import type { PlaceholderSyntax } from './placeholders';
import { parseSource, type SourceFile, type SourceKey, sourceKeys } from './source-keys';

/**
 * The declaration file of `loc export --types`: the source locale's keys as TypeScript types, for two
 * consumers:
 * - i18next (a json.i18next export): `LocResources`, the source strings by namespace as i18next reads
 *   them, and the augmentation of i18next's `CustomTypeOptions` with them (and `strictInterpolationChecks`,
 *   and `defaultNS` when the strings are one namespace that is not `translation`), so that i18next's and
 *   react-i18next's `t()` are typed as i18next documents. Only what i18next resolves: the strings as the
 *   files hold them (what i18next's own generator, i18next-resources-for-ts, declares), nothing an i18next
 *   app does not read, since i18next's types build every key of it for each `t()` type (docs/decisions.md);
 * - `@loc/sdk/ota` (the other JSON formats): `LocKeys`, each key with the values its text needs, for
 *   `createOtaClient<LocKeys>()` and `typedT<LocKeys>(ota)`, and `LocResources` beside it, for an app that
 *   augments i18next itself.
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
 * placeholders): each text as a string literal type, each key as the file writes it. A plural's forms
 * (`items_one`, `items_other`; `place_ordinal_two`) are keys as they are: i18next's types make the call's
 * key (`items`, `place`) of them and want its `count` (from i18next 27; and `ordinal: true` for `place`).
 */
function resourceType(tree: Tree, indent: string, out: string[]): void {
  const keys = Object.keys(tree).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) {
    const value = tree[key];
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    if (typeof text === 'string') out.push(`${indent}${quote(key)}: ${quote(text)};`);
    else if (text && typeof text === 'object' && !Array.isArray(text)) {
      out.push(`${indent}${quote(key)}: {`);
      resourceType(text as Tree, `${indent}  `, out);
      out.push(`${indent}};`);
    }
  }
}

/** What {@link typesDeclaration} made. */
export interface TypesDeclaration {
  text: string;
  /** The keys a call can name (a plural's forms one key). */
  keys: number;
  /** The i18next namespaces of the strings, sorted. */
  namespaces: string[];
  /**
   * For json.i18next: the `defaultNS` the file declares (the strings' one namespace, when it is not
   * `translation`, i18next's default), else undefined.
   */
  defaultNS: string | undefined;
}

/**
 * The declaration text for the source files of one export, and what it declares.
 *
 * @example
 * typesDeclaration([{ path: 'en.json', text: '{"hi":"Hi {{name}}"}' }], 'i18next',
 *   { project: 'acme/web', locale: 'en', format: 'json.i18next' })
 */
export function typesDeclaration(
  files: readonly SourceFile[],
  syntax: PlaceholderSyntax,
  about: TypesAbout,
): TypesDeclaration {
  const keys = sourceKeys(files, syntax);
  const out: string[] = [
    `// Generated by \`loc export --types <file>\` from the source locale ${about.locale} of ${about.project}${about.format ? ` (${about.format})` : ''}.`,
    '// Do not edit: the next `loc export` writes it again. docs/cli.md#typed-keys',
    '',
  ];
  if (syntax === 'i18next') out.push("import 'i18next';", '');
  else {
    // An i18next app never reads LocKeys, and tsc parses and binds all of it (a tenth of its time at
    // 10,000 keys): only the over-the-air client's file has it.
    out.push(
      '/**',
      ' * Each key of the source strings, with the values its text needs (a plural: `count`):',
      " * `createOtaClient<LocKeys>(…)` and `typedT<LocKeys>(ota)` of '@loc/sdk/ota' type `t()` with it.",
      ' */',
      'export interface LocKeys {',
    );
    for (const key of keys) out.push(`${docComment(key.text, '  ')}  ${quote(key.key)}: ${valuesType(key)};`);
    out.push('}', '');
  }
  const namespaces = new Map<string, Tree>();
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const namespace = namespaceOf(file.path, about.locale);
    namespaces.set(namespace, mergeInto(namespaces.get(namespace) ?? tree(), parseSource(file)));
  }
  const names = [...namespaces.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  out.push('/** The source strings by namespace, as i18next reads them. */', 'export interface LocResources {');
  for (const namespace of names) {
    out.push(`  ${quote(namespace)}: {`);
    resourceType(namespaces.get(namespace)!, '    ', out);
    out.push('  };');
  }
  out.push('}', '');
  // One namespace is the app's default whatever its name (else the app's t() could read none of it);
  // of several without `translation`, only the app's i18next.init says which (types-file.ts prints the
  // declaration to add): a guess here would type t() against the wrong strings.
  const defaultNS = syntax === 'i18next' && names.length === 1 && names[0] !== 'translation' ? names[0] : undefined;
  if (syntax === 'i18next')
    out.push(
      "declare module 'i18next' {",
      '  interface CustomTypeOptions {',
      '    resources: LocResources;',
      '    strictInterpolationChecks: true;',
      ...(defaultNS === undefined ? [] : [`    defaultNS: ${quote(defaultNS)};`]),
      '  }',
      '}',
      '',
    );
  return { text: out.join('\n'), keys: keys.length, namespaces: names, defaultNS };
}
