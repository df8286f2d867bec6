import { checkDepth, FormatReadError, lineFinder, snippet } from './text-reading';

/**
 * A nested file (JSON, YAML) as its reader parsed it, before its keys are joined: maps keep their keys
 * in the file's order, each part with the line it is on. Shared by the JSON and YAML readers, so both
 * join keys and number list items alike.
 */
export type TreeNode =
  | { kind: 'map'; line: number; entries: { key: string; line: number; node: TreeNode }[] }
  | { kind: 'list'; line: number; items: TreeNode[] }
  | { kind: 'text'; line: number; value: string }
  /** No value (JSON's `null`, YAML's `~`): a key without a text, which reads as untranslated. */
  | { kind: 'none'; line: number };

/** One leaf of a tree: its key joined at dots, its text and its line. */
export interface Leaf {
  key: string;
  value: string;
  line: number;
}

/**
 * The texts of a tree with their keys joined at dots, as the nested writers split them (loc-mock's json.ts `nest`),
 * so a key kept flat at a clash (`"a.b"` beside `"a"`) reads back as it was. A list's items are keys of
 * their own, numbered from 0 (`planets.0`, `planets.1`): the store has no list type, and an export writes
 * them back as keys `0`, `1`…, which i18next's `t('planets.0')` finds either way. Keys of no text are
 * left out. Depth is checked by each parser as it builds the tree (MAX_NESTING_DEPTH).
 *
 * @example
 * leavesOf({ kind: 'map', line: 1, entries: [{ key: 'a', line: 1, node: { kind: 'text', line: 1, value: 'x' } }] });
 * // [{ key: 'a', value: 'x', line: 1 }]
 */
export function leavesOf(root: TreeNode, prefix = ''): Leaf[] {
  const out: Leaf[] = [];
  const walk = (node: TreeNode, key: string, line: number) => {
    switch (node.kind) {
      case 'text':
        out.push({ key, value: node.value, line });
        return;
      case 'none':
        return;
      case 'map':
        for (const e of node.entries) walk(e.node, key === '' && node === root ? e.key : `${key}.${e.key}`, e.line);
        return;
      case 'list':
        node.items.forEach((item, i) => {
          walk(item, key === '' && node === root ? String(i) : `${key}.${i}`, item.line);
        });
    }
  };
  walk(root, prefix, root.line);
  return out;
}

/**
 * JSON (RFC 8259) parsed into a tree, strictly: a key twice in one object, a raw control character in a
 * string, nesting deeper than MAX_NESTING_DEPTH, anything after the value are errors, each with its line
 * and column. Iterative over the text, so a hostile file costs time in proportion to its size and no
 * stack. The root must be an object.
 *
 * @example
 * parseJson('{"a": {"b": "x"}}'); // a map node holding a map node holding the text "x"
 */
export function parseJson(text: string): TreeNode {
  const at = lineFinder(text);
  let i = 0;
  const fail = (message: string, offset = i): never => {
    const { line, column } = at(offset);
    throw new FormatReadError(message, line, column);
  };
  const found = () => (i >= text.length ? 'the end of the file' : snippet(text.slice(i, i + 12)));
  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };
  const line = () => at(i).line;

  const string = (): string => {
    const start = i; // at the opening quote
    i++;
    let out = '';
    let from = i;
    for (;;) {
      if (i >= text.length) fail('a string without its closing quote', start);
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20)
        fail(
          `a raw control character (U+${c.toString(16).toUpperCase().padStart(4, '0')}) in a string: write it as an escape (\\n, \\t, \\u…)`,
        );
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text[i + 1];
      const simple = e === undefined ? undefined : JSON_ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else fail(`an invalid escape ${snippet(text.slice(i, i + 6))} in a string`);
      from = i;
    }
    out += text.slice(from, i);
    i++;
    return out;
  };

  const scalar = (): TreeNode => {
    const start = i;
    const l = line();
    const word = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!word)
      return fail(`expected a value (a string, an object, an array, a number, true, false or null), found ${found()}`);
    i += word[0].length;
    if (word[0] === 'null') return { kind: 'none', line: l };
    return { kind: 'text', line: l, value: text.slice(start, i) };
  };

  // The containers being filled, innermost last: an explicit stack, not recursion.
  type MapNode = Extract<TreeNode, { kind: 'map' }>;
  type ListNode = Extract<TreeNode, { kind: 'list' }>;
  type Open =
    | { node: MapNode; keys: Map<string, number>; key: string | undefined; keyLine: number }
    | { node: ListNode; keys?: undefined };
  const stack: Open[] = [];
  let root: TreeNode | undefined;

  skipSpace();
  if (i >= text.length) fail('the file is empty: expected a JSON object');
  if (text[i] !== '{') fail(`expected a JSON object (its keys and texts), found ${found()}`);

  /** Puts a finished value where it belongs: under the pending key of the innermost object, or in its list. */
  const place = (value: TreeNode) => {
    const open = stack.at(-1);
    if (!open) root = value;
    else if (open.keys) {
      open.node.entries.push({ key: open.key!, line: open.keyLine, node: value });
      open.key = undefined;
    } else open.node.items.push(value);
  };
  // False right after a value inside a container: a comma or the container's end comes next.
  let expectingValue = true;

  while (root === undefined) {
    skipSpace();
    const open = stack.at(-1);
    if (!expectingValue && open) {
      const close = open.keys ? '}' : ']';
      if (text[i] === close) {
        i++;
        stack.pop();
        place(open.node);
        continue;
      }
      if (text[i] !== ',') fail(`expected "," or "${close}", found ${found()}`);
      const comma = i++;
      skipSpace();
      if (text[i] === close) fail(`a comma before the end of an ${open.keys ? 'object' : 'array'}: remove it`, comma);
    }
    if (open?.keys && open.key === undefined) {
      // A key, then a colon, then its value.
      if (text[i] !== '"') fail(`expected a key in double quotes, found ${found()}`);
      const keyAt = i;
      const keyLine = line();
      const key = string();
      const first = open.keys.get(key);
      if (first !== undefined)
        fail(
          `the key ${snippet(key)} is also on line ${first} of this object: an object holds each key once; remove one`,
          keyAt,
        );
      open.keys.set(key, keyLine);
      skipSpace();
      if (text[i] !== ':') fail(`expected ":" after the key ${snippet(key)}, found ${found()}`);
      i++;
      skipSpace();
      open.key = key;
      open.keyLine = keyLine;
    }
    expectingValue = false;
    const c = text[i];
    if (c !== '{' && c !== '[') {
      place(c === '"' ? { kind: 'text', line: line(), value: string() } : scalar());
      continue;
    }
    const { line: l, column } = at(i);
    checkDepth(stack.length + 1, l, column);
    i++;
    skipSpace();
    if (text[i] === (c === '{' ? '}' : ']')) {
      i++;
      place(c === '{' ? { kind: 'map', line: l, entries: [] } : { kind: 'list', line: l, items: [] });
      continue;
    }
    stack.push(
      c === '{'
        ? { node: { kind: 'map', line: l, entries: [] }, keys: new Map(), key: undefined, keyLine: l }
        : { node: { kind: 'list', line: l, items: [] } },
    );
    expectingValue = true;
  }
  skipSpace();
  if (i < text.length) fail(`the JSON object ends before ${found()}: a file holds one object`);
  return root;
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
