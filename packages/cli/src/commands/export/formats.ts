import { EXPORT_FORMATS } from '@loc/sdk/internal';
import { formatExtensions } from '../../files/format-extensions';
import type { Context } from '../../run/context';

/** `loc export formats`: the formats the service exports to. */
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
