import { http, HttpResponse } from 'msw';
import type { HandlerContext } from './context';
import { v1Error } from './http';

/**
 * The mock's object storage: pre-signed ZIP downloads. The signature is the only credential; an
 * Authorization header is neither needed nor accepted in its place.
 */
export function storageHandlers({ store, signer, prefix }: HandlerContext) {
  return [
    http.get(`${prefix}/_storage/:kind/:name`, ({ request, params }) => {
      const url = new URL(request.url);
      const verdict = signer.verify(url.pathname, url.searchParams.get('expires'), url.searchParams.get('signature'), store.now());
      if (verdict === 'invalid') return v1Error(403, 'The signature of this download URL is invalid: the URL was altered. Ask the service for a new one.');
      if (verdict === 'expired') return v1Error(403, 'This download URL has expired. Ask the service for a new one (get the export again, or check the CDN again).');
      const bytes = store.blob(String(params.kind), String(params.name));
      if (!bytes) return v1Error(404, 'No such object.');
      return new HttpResponse(bytes, {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-length': String(bytes.byteLength),
          'content-disposition': `attachment; filename="${String(params.name)}"`,
        },
      });
    }),
  ];
}
