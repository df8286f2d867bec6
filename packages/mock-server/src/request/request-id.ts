// Every answer of the mock names its request: `x-request-id`, as many services send one, so that a client
// can quote it (the SDK's errors carry it as `requestId`) and a test can find the request in the journal.
import { randomBytes } from 'node:crypto';

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a client sent that the mock keeps and answers with (as Heroku's router and many proxies do): a
 * test can then find its own request in the journal. Anything else (empty, long, odd characters) is
 * replaced by one of the mock's own.
 */
const CLIENT_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * A maker of request ids: `req_<8 hex of this service>_<counter in base 36>`, unique within the service
 * and, by its random part, across services and restarts; a client's own id when it sent a usable one.
 *
 * @example
 * const nextId = createRequestIds();
 * nextId(undefined) // 'req_3f2a9c1b_1'
 * nextId('test-42') // 'test-42'
 */
export function createRequestIds(): (sent: string | string[] | null | undefined) => string {
  const prefix = `req_${randomBytes(4).toString('hex')}_`;
  let count = 0;
  return (sent) => (typeof sent === 'string' && CLIENT_ID.test(sent) ? sent : prefix + (++count).toString(36));
}
