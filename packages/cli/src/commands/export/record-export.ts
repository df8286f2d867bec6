import type { PlannedFile } from '../../files/place';
import { EXPORT_RECORD_NAME, sortedFiles, writeRecord, type WrittenIndex } from '../../files/record';
import { isFileUnder } from '../../files/safe-fs';

/**
 * What loc wrote into the folder, for the next run: what was there before (`before`, the record as this run
 * read it under the folder's lock), updated with this run's files. Earlier files still listed are kept while
 * they are there; this run's are there (just placed, or found unchanged), and are not looked up again.
 */
export async function recordExport(outDir: string, files: readonly PlannedFile[], before: WrittenIndex): Promise<void> {
  const written = new Map(before);
  const placed = new Set<string>();
  for (const file of files) {
    if (file.status === 'conflict') continue;
    written.set(file.to, file.sha256);
    placed.add(file.to);
  }
  const folders = new Set<string>();
  const present = [...written].filter(([path]) => placed.has(path) || isFileUnder(outDir, path, folders));
  await writeRecord(outDir, EXPORT_RECORD_NAME, {
    files: sortedFiles(present.map(([path, sha256]) => ({ path, sha256 }))),
  });
}
