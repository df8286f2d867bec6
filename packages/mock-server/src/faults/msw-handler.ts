// The first msw handler of a service: opens the request's exchange (its journal entry, through msw's
// interception, which has no server to record it) and answers with a fault when one takes the request.
import { http } from 'msw';
import { openExchange, type Exchange } from '../journal/exchange';
import type { Journal } from '../journal/journal';
import { REQUEST_ID_HEADER } from '../request/request-id';
import { isSocketRequest, urlOf } from '../request/socket-request';
import { faultBeforeAnswer } from './before-answer';
import type { FaultList } from './fault-list';

/**
 * The handler, on every path under `prefix`; `after` is the faults inside an answer, which msw's
 * interception applies through `delivered`.
 *
 * @example const first = faultHandler(live, after, '*', journal, createRequestIds());
 */
export function faultHandler(
  live: FaultList,
  after: Exchange['after'],
  prefix: string,
  journal: Journal,
  requestIdOf: (sent: string | null) => string,
) {
  return http.all(`${prefix}/*`, ({ request }) => {
    // Not an async function over the socket: without faults it answers at once (it runs before every request).
    if (isSocketRequest(request)) return faultBeforeAnswer(live, request);
    const requestId = requestIdOf(request.headers.get(REQUEST_ID_HEADER));
    if (!journal.enabled) {
      openExchange(request, { recorded: undefined, after, requestId });
      return faultBeforeAnswer(live, request);
    }
    return recordIntercepted(request, journal, after, requestId).then(() => faultBeforeAnswer(live, request));
  });
}

/** Records a request that came through msw's interception: its body read from a clone (the routes read the original). */
async function recordIntercepted(request: Request, journal: Journal, after: Exchange['after'], requestId: string) {
  const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : null;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const recorded = journal.record(request.method, urlOf(request), headers, body, requestId);
  openExchange(request, { recorded, after, requestId });
}
