// What `loc export --json` (or `--check --json`) reported, read in one place: one project's document, or
// with targets each target's (`targets[].result`). The Action takes from it the counts for its outputs, the
// export ids, and the paths loc wrote: the only files a pull request commits.

type Doc = Record<string, unknown>;

interface ReportedFile {
  /** Absolute path of the file in the output folder. */
  target?: unknown;
  status?: unknown;
}

const isObject = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The objects of a list (the document is loc's, but a shape it never prints must not crash the step). */
const objectsOf = (value: unknown): Doc[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The per-project documents: the one of `loc export`, or each target's. */
function documentsOf(document: Doc): Doc[] {
  if (!Array.isArray(document.targets)) return [document];
  return objectsOf(document.targets).flatMap((t) => (isObject(t.result) ? [t.result] : []));
}

/** A file of the export that this run changed on disk (`unchanged` is there already, `conflict` was refused). */
const WRITTEN = new Set(['created', 'updated', 'overwritten']);
/** A file of the export now in the folder as the export has it. */
const IN_FOLDER = new Set([...WRITTEN, 'unchanged']);

/** The export's files, and the declaration file of its keys (`--types`, `types` in loc.config.json: `types.path`). */
const filesOf = (doc: Doc): ReportedFile[] => [
  ...objectsOf(doc.files),
  ...(isObject(doc.types) ? [{ target: doc.types.path, status: doc.types.status }] : []),
];
const pathOf = (file: { target?: unknown }): string[] => (typeof file.target === 'string' ? [file.target] : []);

/**
 * The absolute paths of the files that changed (with `check`: that would be added, changed or removed).
 *
 * @example changedPaths(JSON.parse(run.stdout), false) // ['/repo/locales/de/common.json']
 */
export function changedPaths(document: Doc, check: boolean): string[] {
  const paths = documentsOf(document).flatMap((doc) =>
    check
      ? objectsOf(doc.changes).flatMap(pathOf)
      : filesOf(doc).flatMap((f) => (WRITTEN.has(String(f.status)) ? pathOf(f) : [])),
  );
  return [...new Set(paths)];
}

/**
 * Every path the export put in its folders, as loc reports them: the files of the export that are there
 * now (written by this run, or already holding its content), the declaration file of its keys, and each
 * folder's record (`record`). Nothing else of the working tree: what a pull request may commit.
 */
export function exportedPaths(document: Doc): string[] {
  const paths = documentsOf(document).flatMap((doc) => [
    ...filesOf(doc).flatMap((f) => (IN_FOLDER.has(String(f.status)) ? pathOf(f) : [])),
    ...(typeof doc.record === 'string' ? [doc.record] : []),
  ]);
  return [...new Set(paths)];
}

/** The ids of the exports, in the order of the targets. */
export function exportIds(document: Doc): string[] {
  return documentsOf(document).flatMap((doc) => {
    const id = isObject(doc.export) ? doc.export.id : undefined;
    return typeof id === 'string' ? [id] : [];
  });
}
