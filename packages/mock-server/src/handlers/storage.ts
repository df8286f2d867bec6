import { unzipSync } from 'fflate';
import { http } from 'msw';
import { bytesResponse, delivered } from './answers';
import { urlOf } from '../request/socket-request';
import type { HandlerContext } from './context';
import { v1Error } from './errors';

const STORAGE = '/_storage';

/** The storage path of a stored object: `/_storage/exports/<zip>` or `/_storage/releases/<zip>`. */
export function storagePath(kind: string, name: string): string {
  return `${STORAGE}/${kind}/${encodeURIComponent(name)}`;
}

/**
 * The storage path of one file inside a stored ZIP, for an export's per-file `downloadUrl`
 * (`/_storage/exports/<zip>/values-pt-rBR/strings.xml`): each segment percent-encoded, so the signature
 * covers exactly what a client sends.
 */
export function storageFilePath(kind: string, zipName: string, filePath: string): string {
  return `${storagePath(kind, zipName)}/${filePath.split('/').map(encodeURIComponent).join('/')}`;
}

/** Content types of exported files by extension; the rest is plain UTF-8 text. */
const CONTENT_TYPES: Record<string, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  xlf: 'application/xliff+xml; charset=utf-8',
  stringsdict: 'application/x-plist; charset=utf-8',
  yml: 'application/yaml; charset=utf-8',
  po: 'text/x-gettext-translation; charset=utf-8',
};

/**
 * The mock's object storage: pre-signed downloads of whole ZIPs and, for exports, of one file inside the
 * ZIP (read out of it on request, so nothing is stored twice). The signature is the only credential; an
 * Authorization header is neither needed nor accepted in its place. HEAD answers as GET without the body,
 * as object stores do (a client may ask for the size first).
 */
export function storageHandlers({ store, signer, prefix }: HandlerContext) {
  const serve = async ({ request }: { request: Request }) => delivered(request, await answerOf(request));
  const answerOf = async (request: Request): Promise<Response> => {
    const url = urlOf(request);
    const verdict = signer.verify(
      url.pathname,
      url.searchParams.get('expires'),
      url.searchParams.get('signature'),
      store.now(),
    );
    if (verdict === 'invalid')
      return v1Error(
        403,
        'The signature of this download URL is invalid: the URL was altered. Ask the service for a new one.',
      );
    if (verdict === 'expired')
      return v1Error(
        403,
        'This download URL has expired. Ask the service for a new one (get the export again, or check the CDN again).',
      );
    const [kind = '', name = '', ...inside] = url.pathname
      .slice(url.pathname.indexOf(`${STORAGE}/`) + STORAGE.length + 1)
      .split('/')
      .map(decodeURIComponent);
    const zip = await store.blob(kind, name);
    if (!zip) return v1Error(404, 'No such object.');
    let bytes = zip;
    let filename = name;
    let contentType = 'application/zip';
    if (inside.length) {
      const filePath = inside.join('/');
      const file = unzipSync(zip, { filter: (f) => f.name === filePath })[filePath];
      if (!file) return v1Error(404, `No file '${filePath}' in ${name}.`);
      bytes = file;
      filename = inside.at(-1)!;
      contentType = CONTENT_TYPES[filename.split('.').pop()!] ?? 'text/plain; charset=utf-8';
    }
    return bytesResponse(bytes, 200, {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`,
    });
  };
  const paths = [`${prefix}${STORAGE}/:kind/:name`, `${prefix}${STORAGE}/:kind/:name/*`];
  return paths.flatMap((path) => [http.get(path, serve), http.head(path, serve)]);
}
