import { FormatReadError, snippet } from '@loc/sdk/internal';
import type { ReadEntry } from './reader-types';

/**
 * The entries of one file as a reader finds them, in the file's order. A key the file holds twice is
 * refused in every format, naming both lines, where some of the formats' own tools let the last one win
 * (Java's Properties, Apple's .strings): the store keeps one text per key, and a silent pick would drop
 * a string the file holds. An empty key is refused too: the store has no place for it. Comments lose the
 * blank space around them, and an empty one is none.
 *
 * @example
 * const entries = entryList();
 * entries.add({ key: 'title', value: 'Titel', line: 1 });
 * entries.add({ key: 'title', value: 'Überschrift', line: 4 }); // throws: line 4: the key "title" is also on line 1 …
 */
export function entryList() {
  const entries: ReadEntry[] = [];
  const lines = new Map<string, number | undefined>();
  return {
    entries,
    add(entry: ReadEntry) {
      if (entry.key === '') throw new FormatReadError('an empty key: every string needs a key', entry.line);
      if (lines.has(entry.key)) {
        const first = lines.get(entry.key);
        throw new FormatReadError(
          `the key ${snippet(entry.key)} is ${first === undefined ? 'already in the file' : `also on line ${first}`}: a file holds each key once; remove one of them`,
          entry.line,
        );
      }
      lines.set(entry.key, entry.line);
      // Comments are kept without the blank space around them (`<!-- text -->`, `/* text */`).
      const comment = entry.comment?.trim();
      if (comment) entry.comment = comment;
      else delete entry.comment;
      entries.push(entry);
    },
  };
}
