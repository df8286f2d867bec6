import { EXPORT_FORMATS } from '@loc/sdk/internal';
import { formatExtensions } from '../../files/format-extensions';
import type { Context } from '../../context/context';

/** `loc export formats`: the export formats loc knows (a project's own list may hold others: `loc projects show`). */
export async function exportFormats(ctx: Context): Promise<void> {
  const formats = EXPORT_FORMATS.map((f) => ({ ...f }));
  // The table (string-width's Unicode tables, ~17 ms to load) only for a person; --json needs none.
  const table = ctx.out.json ? undefined : await import('../../ui/table');
  ctx.out.result({ formats }, () =>
    ctx.out.line(
      table!.renderTable(
        ['FORMAT', 'EXTENSION', 'NAME'],
        formats.map((f) => [
          f.id,
          formatExtensions(f.id)
            .map((e) => `.${e}`)
            .join(' '),
          f.name,
        ]),
        { dim: ctx.out.c.dim, columns: ctx.out.columns, fit: [{ cut: 'never' }, { drop: 2 }, { drop: 1 }] },
      ),
    ),
  );
}

/**
 * Why `id` cannot be exported from a project whose status lists `listed` (its `supportedExportFormats`):
 * a message and a hint naming its formats, or undefined when it lists the id, or lists none (then the
 * service judges). `what` names where the id came from (`--format`).
 *
 * @example formatRefusal('xml.android.resources', [{ id: 'json.standard', name: 'JSON' }], 'project web', '--format')
 */
export function formatRefusal(
  id: string,
  listed: readonly { id: string; name?: string | undefined }[],
  project: string,
  what: string,
): [message: string, hint: string] | undefined {
  if (listed.length === 0 || listed.some((f) => f.id === id)) return undefined;
  return [
    `${what} '${id}' is not a format ${project} exports to.`,
    `Its formats: ${listed.map((f) => f.id).join(', ')}.`,
  ];
}
