import { BudgetError, type Store } from '../store';
import type { HandlerContext } from './context';
import { bodyProblem, problem } from './errors';
import { bearerToken, BodyError } from './request';
import { emptyResponse, keptAnswerOf, keptResponse, type KeptAnswer } from './answers';
import { originOf } from '../request/socket-request';
import { reply, type RequestBody, type Resolvers } from './routes';

/** spec.md §8: a distribution check's pre-signed filesUrl is valid for 24 hours. */
export const FILES_URL_VALIDITY_MS = 24 * 60 * 60_000;

/**
 * The resolver of the distribution check (spec.md 4.2, errors 7.2). It runs for every check of a load
 * test, so it answers at once where it can (over the socket once the release's bundle is made), a
 * promise only where a step does.
 */
export function cdnResolvers({ store, signer }: HandlerContext) {
  // The last release offered (an offer is one object per made bundle), and its answer.
  let last: { found: Found; path: string; filesUrl: string; kept: KeptAnswer } | undefined;

  /** A check from `workspace` with a checked body: the budget spent, then the release it should download. */
  function check(request: Request, workspace: string, body: RequestBody<'checkDistribution'>) {
    try {
      store.spendCdnBudget(workspace);
    } catch (error) {
      if (!(error instanceof BudgetError)) throw error;
      // Whole seconds, rounded up: a client that waits exactly this long finds the budget renewed.
      const renewal =
        error.renewsAt === null
          ? undefined
          : { 'retry-after': String(Math.ceil((error.renewsAt - store.now()) / 1000)) };
      return problem(429, [{ field: 'USAGE', infos: ['USAGE_LIMIT_EXCEEDED'] }], renewal);
    }
    const found = store.findRelease(workspace, body);
    return found instanceof Promise ? offerLater(request, found) : offer(request, found);
  }

  // The promise's callbacks are made in functions of their own (here and in `checkLater`): made in the
  // function that answers at once, the scope they capture would be allocated on every check.
  function offerLater(request: Request, found: Promise<Found>) {
    return found.then((f) => offer(request, f));
  }

  function checkLater(request: Request, workspace: string, body: Promise<RequestBody<'checkDistribution'>>) {
    return body.then((b) => check(request, workspace, b), refused);
  }

  /** The answer naming what `findRelease` found. */
  function offer(request: Request, found: Found): Response {
    if (found === 'no-distribution') {
      return problem(404, [{ field: 'DISTRIBUTION', infos: ['DISTRIBUTION_NOT_FOUND'] }]);
    }
    if (found === null) {
      return emptyResponse(204);
    }
    // Under load the checks of one second get the same answer (the URL's expiry is in whole seconds, and the
    // signer hands back the URL it signed last): its JSON is made once.
    const path = last?.found === found ? last.path : `/_storage/releases/${found.blobName}`;
    const filesUrl = signer.sign(originOf(request), path, store.now() + FILES_URL_VALIDITY_MS);
    if (last?.found !== found || last.filesUrl !== filesUrl) {
      const answer = reply('checkDistribution', 200, {
        distributionReleaseId: found.release.id,
        name: found.release.name,
        createdAt: found.release.createdAt,
        filesUrl,
        filesSha256: found.sha256,
      });
      last = { found, path, filesUrl, kept: keptAnswerOf(answer)! };
      return answer;
    }
    return keptResponse(200, last.kept);
  }

  return {
    checkDistribution: ({ request, body: readCheck }) => {
      let workspace: string;
      try {
        workspace = store.cdnWorkspace(bearerToken(request));
      } catch {
        return problem(401, [{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }]);
      }
      let body;
      try {
        body = readCheck();
      } catch (error) {
        return refused(error);
      }
      return body instanceof Promise ? checkLater(request, workspace, body) : check(request, workspace, body);
    },
  } satisfies Partial<Resolvers>;
}

/** What `findRelease` answers. */
type Found = Awaited<ReturnType<Store['findRelease']>>;

/** The answer to a body that is not a check (a BodyError); anything else thrown is thrown on. */
function refused(error: unknown): Response {
  if (!(error instanceof BodyError)) throw error;
  return bodyProblem(error);
}
