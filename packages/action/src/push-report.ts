// What `loc push --json` (or `--check --json`) reported, read in one place: one project's document, or with
// targets each target's (`targets[].result`). The Action takes from it its outputs and the step summary: the
// files pushed (or that a push would change) and what the service imported of each.

type Doc = Record<string, unknown>;

const isObject = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectsOf = (value: unknown): Doc[] => (Array.isArray(value) ? value.filter(isObject) : []);
const count = (value: unknown) => (typeof value === 'number' ? value : 0);
/** A path or a name, as inline code that no character of it can end or turn into markup. */
const code = (text: unknown) =>
  `\`${String(text)
    .replace(/[`\\]/g, '\\$&')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')}\``;

/** The per-project documents: the one of `loc push`, or each target's. */
function documentsOf(document: Doc): Doc[] {
  if (!Array.isArray(document.targets)) return [document];
  return objectsOf(document.targets).flatMap((t) => (isObject(t.result) ? [t.result] : []));
}

/** Whether a file's push changes (or would change) the project. */
function changes(file: Doc, check: boolean): boolean {
  if (check) return file.status === 'would create' || file.status === 'would change';
  const imported = isObject(file.imported) ? file.imported : {};
  return (
    file.status === 'created' || count(imported.created) + count(imported.updated) + count(imported.deactivated) > 0
  );
}

/**
 * The outputs of a push: whether it changed the project (with `check`: would), the files it pushed (or would
 * change), and a Markdown summary, one table per project.
 *
 * @example pushReport(JSON.parse(run.stdout), false).paths // ['/repo/locales/en/common.json']
 */
export function pushReport(document: Doc, check: boolean): { changed: boolean; paths: string[]; summary: string } {
  const sections: string[] = [];
  const paths: string[] = [];
  let changed = false;
  for (const doc of documentsOf(document)) {
    const files = objectsOf(doc.files);
    const changing = files.filter((f) => changes(f, check));
    if (changing.length) changed = true;
    for (const f of check ? changing : files) if (typeof f.target === 'string') paths.push(f.target);
    const rows = files.map((f) => {
      const keys = isObject(f.keys) ? f.keys : {};
      const imported = isObject(f.imported) ? f.imported : {};
      const counts = check
        ? ['added', 'changed', 'deactivated'].map((k) => (Array.isArray(keys[k]) ? keys[k].length : 0))
        : ['created', 'updated', 'deactivated'].map((k) => count(imported[k]));
      return `| ${code(f.path)} | ${code(f.locale)} | ${String(f.status)} | ${counts.join(' | ')} |`;
    });
    const project = `${String(doc.workspace)}/${String(doc.project)}`;
    const head = check
      ? `### ${project}: ${changing.length ? `a push would change ${changing.length} of ${files.length} files` : 'up to date'}`
      : `### ${project}: ${files.length} files pushed`;
    const header = check
      ? '| file | locale | status | added | changed | deactivated |'
      : '| file | locale | status | created | updated | deactivated |';
    sections.push([head, '', header, '|---|---|---|---|---|---|', ...rows].join('\n'));
  }
  return { changed, paths: [...new Set(paths)], summary: sections.length ? `${sections.join('\n\n')}\n` : '' };
}
