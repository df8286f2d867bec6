import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeForm, isEncodedForm } from './multipart';

/** What fetch sends for a FormData of the same entries, its boundary replaced by `boundary`. */
async function fetchEncoding(fields: [string, string][], file: { name: string; bytes: Uint8Array }, boundary: string) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append('file', new Blob([file.bytes as BlobPart], { type: 'application/octet-stream' }), file.name);
  const response = new Response(form);
  const theirs = /boundary=(.+)$/.exec(response.headers.get('content-type')!)![1]!;
  return Buffer.from(await response.arrayBuffer())
    .toString('latin1')
    .replaceAll(theirs, boundary);
}

describe('encodeForm', () => {
  it('writes what fetch writes for a FormData of the same fields and file (but its boundary)', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(text, text), { maxLength: 4 }),
        // The SDK refuses an empty file name (resources.ts): fetch would leave the filename out.
        fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
        fc.uint8Array({ maxLength: 64 }),
        async (fields, name, bytes) => {
          const encoded = encodeForm(fields, {
            field: 'file',
            filename: name,
            type: 'application/octet-stream',
            bytes,
          });
          const boundary = /boundary=(.+)$/.exec(encoded.contentType)![1]!;
          const ours = Buffer.from(encoded.body).toString('latin1');
          expect(ours).toBe(await fetchEncoding(fields, { name, bytes }, boundary));
        },
      ),
      { seed: 43, numRuns: 200 },
    );
  });

  it('reads back as the same form, and is told from a FormData', async () => {
    const bytes = new TextEncoder().encode('{"a":"b"}');
    const encoded = encodeForm(
      [
        ['iso2_slug', 'en'],
        ['path', 'locales/en'],
      ],
      { field: 'file', filename: 'common.json', type: 'application/octet-stream', bytes },
    );
    const form = await new Response(encoded.body, { headers: { 'content-type': encoded.contentType } }).formData();
    expect(form.get('iso2_slug')).toBe('en');
    expect(form.get('path')).toBe('locales/en');
    const file = form.get('file') as File;
    expect(file.name).toBe('common.json');
    expect(await file.text()).toBe('{"a":"b"}');
    expect(isEncodedForm(encoded)).toBe(true);
    expect(isEncodedForm(new FormData())).toBe(false);
  });
});
