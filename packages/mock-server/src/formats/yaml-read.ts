import { checkDepth, FormatReadError, lineFinder, MAX_NESTING_DEPTH, snippet, TOO_DEEP } from '@loc/sdk/internal';
import { isAlias, isMap, isScalar, isSeq, Lexer, type Node, parseAllDocuments, type Scalar } from 'yaml';
import { readRailsText } from './placeholders';
import { pluralKeys } from './plural-keys';
import { entryList } from './read-entries';
import { fileText } from './read-text';
import { leavesOf, type TreeNode } from './read-tree';
import type { Reader } from './reader-types';

/**
 * `yaml.standard`: a mapping of texts, its keys joined at dots where it nests (read-tree.ts), a
 * sequence's items numbered. Every scalar is read as the text it is written as, the way a translation
 * file means it (`yes`, `2026-11-01`, `012` are those texts, though a YAML 1.1 reader would type them):
 * YAML's core schema is not applied. `~`, `null` and an empty value are no text (untranslated).
 */
export const readYaml: Reader = (file) => {
  const entries = entryList();
  const root = parseYaml(fileText(file, { format: 'YAML', utf16: true }));
  if (root.kind !== 'map' && root.kind !== 'none')
    throw new FormatReadError('expected a mapping of keys to texts at the top of the file', root.line);
  for (const leaf of leavesOf(root)) entries.add({ key: leaf.key, value: leaf.value, line: leaf.line });
  return { entries: entries.entries };
};

/**
 * `yaml.rails`: what Rails' I18n loads: one root key, the locale, and below it as `yaml.standard`; a
 * plural's nested `one:`/`other:`… keys are its forms (`items.one`), and in the texts I18n interpolates
 * `%{name}` is the placeholder `{name}` and `%%` a `%` (placeholders.ts readRailsText). Which keys are
 * plural forms is decided over the file's keys as the writer decides it (plural-keys.ts), so a text
 * reads back as written wherever the file holds its plural's `other` form.
 */
export const readRailsYaml: Reader = (file) => {
  const root = parseYaml(fileText(file, { format: 'YAML', utf16: true }));
  if (root.kind !== 'map' || root.entries.length !== 1) {
    const keys = root.kind === 'map' ? root.entries.map((e) => e.key) : [];
    throw new FormatReadError(
      `a Rails locale file has one root key, the locale (\`${file.locale}:\`), with the keys below it; this one has ${keys.length === 0 ? 'none' : keys.map((k) => snippet(k)).join(', ')}`,
      root.kind === 'map' && root.entries.length > 1 ? root.entries[1]!.line : 1,
    );
  }
  const [{ key: locale, node }] = root.entries as [(typeof root.entries)[number]];
  if (node.kind !== 'map' && node.kind !== 'none')
    throw new FormatReadError(
      `expected the keys of the locale ${snippet(locale)} below it, found a ${node.kind}`,
      node.line,
    );
  const leaves = leavesOf(node);
  const plurals = pluralKeys(leaves.map((l) => l.key));
  const entries = entryList();
  for (const leaf of leaves)
    entries.add({ key: leaf.key, value: readRailsText(leaf.value, plurals.has(leaf.key)), line: leaf.line });
  return { entries: entries.entries, locale };
};

/**
 * Nodes that aliases may add to a file beyond what it writes out: a "billion laughs" file (aliases of
 * aliases, nine times nine…) is refused once its expansion passes this, rather than filling memory.
 * Translation files use anchors for a few shared keys, far below it.
 */
const MAX_ALIAS_NODES = 10_000;

/** Line breaks of YAML 1.1 that YAML 1.2 reads as text (U+0085, U+2028, U+2029). */
const YAML11_BREAKS = /[\u0085\u2028\u2029]/;

/** Plain scalars that are YAML's null in every version (`~`, `null`, nothing at all). */
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
/** Tags a text may carry: the standard scalar types, whose value is read as written; others are no text. */
const TEXT_TAGS = new Set([
  'tag:yaml.org,2002:str',
  'tag:yaml.org,2002:int',
  'tag:yaml.org,2002:float',
  'tag:yaml.org,2002:bool',
  '!',
]);

/**
 * One YAML document parsed into a tree (read-tree.ts) with the `yaml` package, strictly: one document,
 * every scalar a text (the failsafe schema), a key twice in one mapping refused (found here with a Map:
 * the package's own check compares every pair of keys, seconds for a file of 50,000), merge keys (`<<`)
 * applied as YAML 1.1 readers do, aliases expanded within MAX_ALIAS_NODES, nesting within
 * MAX_NESTING_DEPTH (counted before the package parses them where one line can open many: countNestingAhead).
 */
function parseYaml(text: string): TreeNode {
  const at = lineFinder(text);
  const fail = (message: string, offset: number): never => {
    const { line, column } = at(offset);
    throw new FormatReadError(message, line, column);
  };
  countNestingAhead(text, fail);
  const docs = parseAllDocuments(text, {
    schema: 'failsafe',
    resolveKnownTags: false,
    uniqueKeys: false,
    strict: true,
    prettyErrors: false,
    logLevel: 'silent',
    keepSourceTokens: true,
  });
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const error = doc.errors[0];
    if (error) {
      if (error.code === 'RESOURCE_EXHAUSTION') fail(TOO_DEEP, error.pos[0]);
      fail(`not valid YAML: ${error.message.split('\n')[0]}`, error.pos[0]);
    }
  }
  if (list.length > 1) fail('a second YAML document (---): a resource file is one document', list[1]!.range[0]);
  const contents = list[0]?.contents;
  if (!contents) return { kind: 'none', line: 1 };

  const anchors = new Map<string, Node>();
  let aliasNodes = 0;
  const lineOf = (node: Node) => at(node.range?.[0] ?? 0).line;

  const walk = (node: Node | null, depth: number, inAlias: boolean): TreeNode => {
    if (node === null) return { kind: 'none', line: 1 };
    if (inAlias && ++aliasNodes > MAX_ALIAS_NODES)
      fail(
        `the aliases of the file expand to more than ${MAX_ALIAS_NODES} values, more than a resource file needs (a "billion laughs" file?)`,
        node.range?.[0] ?? 0,
      );
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (!target) return fail(`the alias *${node.source} names no anchor before it`, node.range?.[0] ?? 0);
      return walk(target, depth, true);
    }
    if (node.anchor && !inAlias) anchors.set(node.anchor, node);
    const line = lineOf(node);
    if (isScalar(node)) return scalar(node, line);
    checkDepth(depth, line);
    if (isSeq(node))
      return { kind: 'list', line, items: node.items.map((item) => walk(item as Node, depth + 1, inAlias)) };
    if (!isMap(node)) return fail('an unexpected kind of YAML node', 0);
    const map: Extract<TreeNode, { kind: 'map' }> = { kind: 'map', line, entries: [] };
    const lines = new Map<string, number>();
    const merged: Extract<TreeNode, { kind: 'map' }>['entries'] = [];
    for (const pair of node.items) {
      const keyNode = pair.key as Node | null;
      const keyTree = walk(keyNode, depth + 1, inAlias);
      const keyLine = keyNode ? lineOf(keyNode) : line;
      if (isScalar(keyNode) && keyNode.type === 'PLAIN' && keyNode.source === '<<' && !keyNode.tag) {
        const value = pair.value as Node | null;
        merged.push(...mergeSources(walk(value, depth, inAlias), keyLine, value?.range?.[0] ?? 0));
        continue;
      }
      if (keyTree.kind !== 'text' && keyTree.kind !== 'none')
        fail('a key that is a mapping or a sequence: keys are texts', keyNode?.range?.[0] ?? 0);
      const key = keyTree.kind === 'text' ? keyTree.value : '';
      const first = lines.get(key);
      if (first !== undefined)
        fail(
          `the key ${snippet(key)} is also on line ${first} of this mapping: a mapping holds each key once; remove one`,
          keyNode?.range?.[0] ?? 0,
        );
      lines.set(key, keyLine);
      map.entries.push({ key, line: keyLine, node: walk(pair.value as Node | null, depth + 1, inAlias) });
    }
    // Merged keys come after the mapping's own, which win (YAML 1.1's merge key; Psych and PyYAML do so).
    for (const entry of merged) {
      if (lines.has(entry.key)) continue;
      lines.set(entry.key, entry.line);
      map.entries.push(entry);
    }
    return map;
  };

  const scalar = (node: Scalar, line: number): TreeNode => {
    if (node.tag === 'tag:yaml.org,2002:null') return { kind: 'none', line };
    if (node.tag && !TEXT_TAGS.has(node.tag))
      fail(`a value tagged ${node.tag.replace('tag:yaml.org,2002:', '!!')} is not a text`, node.range?.[0] ?? 0);
    if (node.type === 'PLAIN' && !node.tag && NULLS.has(String(node.source))) return { kind: 'none', line };
    const value = String(node.value);
    // A line separator, paragraph separator or next-line written as it is (not escaped) is a line break
    // to YAML 1.1, what Psych (so Rails) and PyYAML read, and write: Psych writes 'a\u2028  b' for
    // "a\u2028b". The package reads 1.2, where they are text: they are read here as 1.1 readers do.
    const raw = (node.srcToken as { source?: string } | undefined)?.source;
    if (node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED' && raw && YAML11_BREAKS.test(raw))
      return {
        kind: 'text',
        line,
        value: value.replace(/[ \t]*([\u2028\u2029])[ \t]*/g, '$1').replace(/[ \t]*\u0085[ \t]*/g, ' '),
      };
    return { kind: 'text', line, value };
  };

  /** The entries a merge key brings: a mapping's, or each of a sequence of mappings', the first one winning. */
  const mergeSources = (value: TreeNode, line: number, offset: number) => {
    const sources = value.kind === 'list' ? value.items : [value];
    const out: Extract<TreeNode, { kind: 'map' }>['entries'] = [];
    const seen = new Set<string>();
    for (const source of sources) {
      if (source.kind !== 'map') return fail('a merge key (<<) takes a mapping or a sequence of mappings', offset);
      for (const entry of source.entries) {
        if (seen.has(entry.key)) continue;
        seen.add(entry.key);
        out.push({ ...entry, line });
      }
    }
    return out;
  };

  return walk(contents as Node, 1, false);
}

/** The `yaml` package's lexer's tokens that stand for no text of the file (cst.js: DOCUMENT, FLOW_END, SCALAR). */
const MARKERS = new Set(['\x02', '\x18', '\x1f']);

/**
 * Refuses, before the package parses the file (its composer recurses: 200 KiB of `[`, or of `- `, took it
 * a second to refuse), flow collections (`[[[…`) nested deeper than MAX_NESTING_DEPTH, and block
 * collections opened more than that many times on one line (`- - - …`, `? ? …`): deeper nesting on
 * separate lines costs indentation, so a file of a megabyte cannot nest more than ~1,400 levels that
 * way, which the package refuses and the walk above never reaches. Its lexer is iterative and cheap,
 * knows a `[` or `-` inside a scalar from an indicator, and is stopped at the first one too many.
 */
function countNestingAhead(text: string, fail: (message: string, offset: number) => never): void {
  if (!/[[{]|-\s|\?\s/.test(text)) return;
  let depth = 0;
  let onLine = 0;
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '[' || token === '{') {
      if (++depth > MAX_NESTING_DEPTH) fail(TOO_DEEP, offset);
    } else if (token === ']' || token === '}') depth = Math.max(0, depth - 1);
    else if (token === '-' || token === '?') {
      if (++onLine > MAX_NESTING_DEPTH) fail(TOO_DEEP, offset);
    } else if (token.startsWith('\n') || token.startsWith('\r')) onLine = 0;
    if (!MARKERS.has(token)) offset += token.length;
  }
}
