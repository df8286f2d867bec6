// What travels with a request between the mock's handlers, whichever transport brought it: its journal
// entry (to note its answer and the fault that made it) and, through msw's interception, the faults to
// apply to its answer in `delivered` (the real server applies them itself, where it writes the answer).
import type { Recorded } from './journal';

export interface Exchange {
  recorded: Recorded | undefined;
  /** The id its answer names (`x-request-id`), through msw's interception (the real server sets its own). */
  requestId?: string;
  /** The faults inside an answer (msw's interception only). */
  after?: (request: Request, answer: Response) => { answer: Response } | undefined;
}

const exchanges = new WeakMap<Request, Exchange>();

/** Opens the exchange of a request. */
export function openExchange(request: Request, exchange: Exchange): void {
  exchanges.set(request, exchange);
}

/** The exchange of a request, if one was opened. */
export function exchangeOf(request: Request): Exchange | undefined {
  return exchanges.get(request);
}
