import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { HandlerContext } from './context';
import { v1Error } from './http';

/**
 * The mock's object storage: pre-signed ZIP downloads. The signature is the only credential; an
 * Authorization header is neither needed nor accepted in its place. HEAD answers as GET without the body,
 * as object stores do (a client may ask for the size first).
 */
export function storageHandlers({ store, signer, prefix }: HandlerContext) {
  const serve: HttpResponseResolver<{ kind: string; name: string }> = ({ request, params }) => {
    const url = new URL(request.url);
    const verdict = signer.verify(url.pathname, url.searchParams.get('expires'), url.searchParams.get('signature'), store.now());
    if (verdict === 'invalid') return v1Error(403, 'The signature of this download URL is invalid: the URL was altered. Ask the service for a new one.');
    if (verdict === 'expired') return v1Error(403, 'This download URL has expired. Ask the service for a new one (get the export again, or check the CDN again).');
    const bytes = store.blob(params.kind, params.name);
    if (!bytes) return v1Error(404, 'No such object.');
    return new HttpResponse(request.method === 'HEAD' ? null : bytes, {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-length': String(bytes.byteLength),
        'content-disposition': `attachment; filename="${params.name}"`,
      },
    });
  };
  const path = `${prefix}/_storage/:kind/:name`;
  return [http.get(path, serve), http.head(path, serve)];
}
