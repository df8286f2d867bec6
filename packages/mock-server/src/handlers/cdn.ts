import type { CdnCheckRequest } from '@loc/sdk';
import { CdnCheckRequestSchema } from '@loc/sdk/schemas';
import { BudgetError, type CdnLogEntry, type Store } from '../store';
import type { HandlerContext } from './context';
import { bodyProblem, problem } from './errors';
import { bearerToken, BodyError } from './request';
import { emptyResponse } from './answers';
import { urlOf } from '../socket-request';
import { reply, type Resolvers } from './routes';

/** spec.md §8: a distribution check's pre-signed filesUrl is valid for 24 hours. */
export const FILES_URL_VALIDITY_MS = 24 * 60 * 60_000;

/** The fields of a CdnCheckRequest, as the request log keeps them. */
const CHECK_FIELDS = Object.keys(CdnCheckRequestSchema.shape) as (keyof CdnCheckRequest)[];

/** The last instant the log wrote, and its text: under a load test many checks fall in one millisecond. */
let lastLogged = { at: Number.NaN, text: '' };
function isoAt(at: number): string {
  if (at !== lastLogged.at) lastLogged = { at, text: new Date(at).toISOString() };
  return lastLogged.text;
}

/** Logs a check with its answer's status (a function of its own: it runs for every check). */
function log(store: Store, workspace: string, status: number, check: Partial<CdnCheckRequest> = {}) {
  const entry: Record<string, unknown> = { at: isoAt(store.now()), workspace, status };
  for (const k of CHECK_FIELDS) if (check[k] !== undefined) entry[k] = check[k];
  store.logCdnCheck(entry as CdnLogEntry);
}

/** The resolver of the distribution check (spec.md 4.2, errors 7.2): every answer is logged with its status. */
export function cdnResolvers({ store, signer }: HandlerContext) {
  return {
    checkDistribution: async ({ request, body: readCheck }) => {
      let workspace: string;
      try {
        workspace = store.cdnWorkspace(bearerToken(request));
      } catch {
        return problem(401, [{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }]);
      }

      let body;
      try {
        body = await readCheck();
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        log(store, workspace, error.status);
        return bodyProblem(error);
      }
      try {
        store.spendCdnBudget(workspace);
      } catch (error) {
        if (!(error instanceof BudgetError)) throw error;
        log(store, workspace, 429, body);
        // Whole seconds, rounded up: a client that waits exactly this long finds the budget renewed.
        const renewal =
          error.renewsAt === null
            ? undefined
            : { 'retry-after': String(Math.ceil((error.renewsAt - store.now()) / 1000)) };
        return problem(429, [{ field: 'USAGE', infos: ['USAGE_LIMIT_EXCEEDED'] }], renewal);
      }
      const found = await store.findRelease(workspace, body);
      if (found === 'no-distribution') {
        log(store, workspace, 404, body);
        return problem(404, [{ field: 'DISTRIBUTION', infos: ['DISTRIBUTION_NOT_FOUND'] }]);
      }
      if (found === null) {
        log(store, workspace, 204, body);
        return emptyResponse(204);
      }
      log(store, workspace, 200, body);
      return reply('checkDistribution', 200, {
        distributionReleaseId: found.release.id,
        name: found.release.name,
        createdAt: found.release.createdAt,
        filesUrl: signer.sign(
          urlOf(request).origin,
          `/_storage/releases/${found.blobName}`,
          store.now() + FILES_URL_VALIDITY_MS,
        ),
        filesSha256: found.sha256,
      });
    },
  } satisfies Partial<Resolvers>;
}
