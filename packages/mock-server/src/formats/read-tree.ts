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
 * The texts of a tree with their keys joined at dots, as the nested writers split them (json.ts `nest`),
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
