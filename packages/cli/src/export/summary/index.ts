import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { writeFileAtomically } from '../../config/atomic-write';
import { UsageError } from '../../run/errors';
import type { PlannedFile } from '../../files/place';
import { checkOutputFile } from '../../files/targets';
import type { Comparison, FileToCompare } from './compare';
import { type KeySummary, summarizeOutcomes } from './diff';

/**
 * Checks `--summary` before any request: `-` is stdout (not with --json, whose stdout is one JSON
 * document); a path must be a file that can be written (it is replaced: it is a report of this run).
 */
export function checkSummaryTarget(file: string | undefined, json: boolean): void {
  if (file === undefined) return;
  if (file === '-') {
    if (json)
      throw new UsageError(
        '--summary - writes Markdown to stdout, where --json writes its document.',
        'With --json the document carries the summary as `keys`; or write the Markdown to a file: --summary summary.md.',
      );
    return;
  }
  checkOutputFile(file, '--summary', { replace: true, example: 'summary.md' });
}

export { Comparison, prepareReaders } from './compare';

/**
 * The summary of a delivery, read before anything is placed: each planned file that differs (its text
 * in the output folder, and its bytes as unzipped or its staged copy), and `removed` files with their
 * text only. `comparison` has compared the files it was given as they were unzipped.
 */
export async function summarizeDelivery(
  comparison: Comparison,
  planned: readonly PlannedFile[],
  removed: readonly { path: string; target: string }[],
  keysShown: number,
): Promise<KeySummary> {
  const files: FileToCompare[] = [];
  for (const file of planned) {
    if (file.status === 'unchanged') continue;
    files.push({
      path: file.to,
      locale: file.locale,
      before: file.status === 'created' ? undefined : file.target,
      after: file.from,
    });
  }
  for (const file of removed) files.push({ path: file.path, locale: undefined, before: file.target, after: undefined });
  return summarizeOutcomes(files, await comparison.finish(files), keysShown);
}

/**
 * Writes the Markdown to `file` whole or not at all (a link there is refused, never written through),
 * making its folder first when it is missing (checkSummaryTarget found it creatable).
 */
export async function writeSummary(file: string, markdown: string): Promise<void> {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileAtomically(resolve(file), markdown, { what: 'the summary' });
}
