// The deprecated `cdnRequestLog` (the mock's first, CDN-only request log), read from the request journal:
// the journal is the one record of requests, and this is a view of it kept for one release. Computed when
// it is read, so checks cost nothing more than the journal's own entry.
import type { CdnCheckRequest } from '@loc/sdk';
import { CdnCheckRequestSchema } from '@loc/sdk/schemas';
import { operationOf } from '../request/operation-of';
import { parsedBody, type Recorded } from '../journal/journal';
import { bearerOf } from '../handlers/request';
import type { Store } from '../store';

/** One distribution check as the request log shows it: when, whose, the answer, and the fields it was sent. */
export type CdnLogEntry = { at: string; workspace: string; status: number } & Partial<CdnCheckRequest>;

/** The fields of a CdnCheckRequest, as the request log shows them. */
const CHECK_FIELDS = Object.keys(CdnCheckRequestSchema.shape) as (keyof CdnCheckRequest)[];

/** Faults that answer a request before the check's handler runs: such a request never was a check. */
const ANSWERED_BEFORE_CHECK = new Set(['STATUS', 'EMPTY_RESPONSE']);

/**
 * The checks among `recorded` (the journal's entries) that reached the check's handler with a known CDN
 * key, as the old log kept them: the time received, the key's workspace, the status answered, and the
 * body's fields when the body was a valid check. `prefix` is the routes' origin (msw's `*` for any).
 */
export function cdnRequestLogOf(recorded: readonly Recorded[], store: Store): CdnLogEntry[] {
  const log: CdnLogEntry[] = [];
  for (const r of recorded) {
    // 401: the key was not (or no longer) valid; null: not answered yet, or the connection was dropped.
    if (r.method !== 'POST' || r.status === null || r.status === 401) continue;
    if (r.fault !== null && ANSWERED_BEFORE_CHECK.has(r.fault)) continue;
    // At either of its paths (/cdn/check, /v1/distributions/check).
    if (operationOf('POST', r.url.pathname) !== 'checkDistribution') continue;
    const key = bearerOf(r.headers.authorization);
    // Found by the key alone: a key that has expired since still names the workspace it was checked for.
    const workspace = store.seed.cdnKeys.find((k) => k.key === key)?.workspace;
    if (workspace === undefined) continue;
    const entry: Record<string, unknown> = { at: new Date(r.at).toISOString(), workspace, status: r.status };
    const check = CdnCheckRequestSchema.safeParse(parsedBody(r));
    if (check.success) for (const k of CHECK_FIELDS) if (check.data[k] !== undefined) entry[k] = check.data[k];
    log.push(entry as CdnLogEntry);
  }
  return log;
}
