import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Entries, readEntries } from '../export/summary/read';
import { checkReadableFile, type ReadScope, readRepositoryFile } from '../files/readable-file';
import { checkUnder } from '../files/safe-fs';
import { printable } from '@loc/sdk/internal';
import { LocalFileError } from '../run/errors';
import { counted } from '../ui/quantities';
import type { PlannedPush } from './plan';

/**
 * The files of a push as the folder holds them, each read through the rule of files/readable-file.ts and
 * checked before anything is sent: text (UTF-8, or UTF-16 with a byte order mark, as Xcode wrote
 * `.strings`), and readable in its format by the readers of loc's change summary. A push whose files do
 * not all pass sends none of them; a file the service's reader still refuses stops the push there
 * (docs/cli.md, loc push: what is read, and sent).
 */

/** A file of the push, read: its bytes as sent, its text and its keys. */
export interface LocalFile extends PlannedPush {
  /** Absolute path. */
  target: string;
  bytes: Buffer;
  text: string;
  entries: Entries;
}

/**
 * Whether `local` is a file to read in the folder: false when nothing is there, true for a file the rule
 * takes; anything else the rule refuses (a link, a folder, a file too large) is thrown, so the push sends
 * nothing.
 */
export function existsToRead(scope: ReadScope, local: string): boolean {
  const refusal = checkReadableFile(scope, local);
  if (refusal?.reason === 'is not there') return false;
  if (refusal) readRepositoryFile(scope, local); // throws the refusal, with the path and what to do
  return true;
}

/**
 * The names of the entries of a folder below `scope.folder` that are not folders (a link is listed: the
 * rule refuses it when it is read), none when the folder is not there or is reached through a link.
 */
export function folderEntries(scope: ReadScope, dir: string): string[] {
  try {
    const path = dir === '' ? scope.folder : checkUnder(scope.folder, dir).path;
    if (dir !== '' && !checkUnder(scope.folder, dir).stats?.isDirectory()) return [];
    return readdirSync(path, { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a resource file's bytes: UTF-8 (a byte order mark dropped), or UTF-16 where a byte order mark
 * says so. Throws naming the line of the first byte that is neither.
 *
 * @example decodeText(Buffer.from('{"a":"ä"}')) // '{"a":"ä"}'
 */
function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return UTF8.decode(bytes.subarray(start));
  } catch {
    // The line of the first byte that is not UTF-8: each line decoded on its own until one fails.
    let line = 1;
    for (let from = start; from < bytes.length; line++) {
      const end = bytes.indexOf(0x0a, from);
      const stop = end === -1 ? bytes.length : end;
      try {
        UTF8.decode(bytes.subarray(from, stop));
      } catch {
        break;
      }
      from = stop + 1;
    }
    throw new Error(`line ${line} is not UTF-8 (nor is the file UTF-16 with a byte order mark)`);
  }
}

/**
 * Reads and checks every planned file, all before any is sent: a file the rule refuses, that is not text,
 * or that does not read in its format fails the push, naming each such file.
 */
export async function readLocalFiles(scope: ReadScope, planned: readonly PlannedPush[]): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  const problems: string[] = [];
  for (const file of planned) {
    const bytes = readRepositoryFile(scope, file.local);
    let text: string;
    try {
      text = decodeText(bytes);
    } catch (error) {
      problems.push(`${printable(file.local)}: ${(error as Error).message}`);
      continue;
    }
    let entries: Entries;
    try {
      entries = await readEntries(file.local, text, file.locale);
    } catch (error) {
      problems.push(`${printable(file.local)} does not read as its format: ${printable((error as Error).message)}`);
      continue;
    }
    files.push({ ...file, target: join(scope.folder, ...file.local.split('/')), bytes, text, entries });
  }
  if (problems.length)
    throw new LocalFileError(
      `${counted(problems.length, 'file')} cannot be pushed, so nothing was sent: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}.`,
      { hint: 'Fix each file named (an editor shows the line), then push again.' },
    );
  return files;
}
