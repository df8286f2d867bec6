// Faults that answer a request instead of its route: a status (STATUS), no answer (EMPTY_RESPONSE), or a
// wait first (LATENCY, and the latency every request waits).
import { delay, HttpResponse } from 'msw';
import { delivered, jsonResponse } from '../handlers/answers';
import { errorFor } from '../handlers/errors';
import { urlOf } from '../request/socket-request';
import type { FaultList } from './fault-list';
import type { FaultKind } from './kinds';

const BEFORE_ANSWER = new Set<FaultKind>(['STATUS', 'EMPTY_RESPONSE', 'LATENCY']);
const answersBefore = (kind: FaultKind) => BEFORE_ANSWER.has(kind);

/**
 * Answers a request instead of its route (a status, no answer), or waits first; undefined: on to the routes.
 *
 * @example const early = faultBeforeAnswer(live, request); // undefined without faults or latency
 */
export function faultBeforeAnswer(
  live: FaultList,
  request: Request,
): Response | Promise<Response | undefined> | undefined {
  const wait = live.latencyMs;
  if (live.faults.length === 0) return wait > 0 ? delay(wait).then(() => undefined) : undefined;
  const pathname = urlOf(request).pathname;
  const f = live.take(request, answersBefore, pathname);
  if (!f) return wait > 0 ? delay(wait).then(() => undefined) : undefined;
  const spec = f.spec;
  if (spec.kind === 'LATENCY') return delay(wait + spec.ms).then(() => undefined);
  const answer = (): Response =>
    spec.kind === 'STATUS'
      ? spec.body !== undefined
        ? delivered(request, jsonResponse(spec.body, spec.status))
        : // Without a body of its own, the fault answers in the format of its API (a problem on /cdn).
          delivered(request, errorFor(pathname, spec.status, `Injected fault: ${spec.status}`))
      : HttpResponse.error();
  return wait > 0 ? delay(wait).then(answer) : answer();
}
