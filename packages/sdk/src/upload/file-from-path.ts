// The Node side of an upload: a file on disk as a `File` that fetch streams from disk.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';

/**
 * A file on disk as a `File` named as the file is (or `name`), for `loc.resources.upload()`: its bytes are
 * read from disk as fetch sends them (`fs.openAsBlob`), so a large file is never held in memory whole. The
 * file must not change until the upload is done (Node refuses to read a file whose size or time changed).
 *
 * @example
 * import { createClient, fileFromPath } from '@loc/sdk/node';
 * const loc = createClient();
 * await loc.resources.upload('acme', 'web-frontend', { file: await fileFromPath('locales/en/common.json'), path: 'locales/en', locale: 'en' });
 */
export async function fileFromPath(path: string, name: string = basename(path)): Promise<File> {
  const blob = await openAsBlob(path);
  return new File([blob], name, { type: blob.type });
}
