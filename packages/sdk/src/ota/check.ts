/**
 * One check of the CDN and what it comes to: the request, the 5xx retry, the download of what it offered
 * (and one fresh check if its URL expired), and the outcome the schedule waits on. Whether a check may be
 * sent at all is the schedule's to decide (./schedule.ts).
 */
import { type OtaCheckResult, OTA_CLIENT_AGENT, type OtaStage } from './client';
import type { ClientContext } from './context';
import { failure } from './events';
import { type CheckAnswer, checkCdn } from './http';
import { type CheckOutcome, retryDelayAfterServerError } from './policy';
import { publicRelease, type Releases } from './releases';

/**
 * Sends one check as install `user`, with the 5xx retry, and applies the release it offers; `stopped`
 * says whether `stop()` was called (a check under way then ends without applying). Gives the result for
 * the app and the outcome for the schedule.
 *
 * @example const [result, outcome] = await checkOnce(context, releases, state.user, () => stopped);
 */
export async function checkOnce(
  context: ClientContext,
  releases: Releases,
  user: string,
  stopped: () => boolean,
): Promise<[OtaCheckResult, CheckOutcome]> {
  const { options, http, events } = context;
  // The request as the official SDKs send it; clientRelease is read again for the fresh check.
  const ask = () =>
    checkCdn(http, http.checkUrl, context.checkPath, options.cdnKey, {
      distributionEnvironment: options.environment,
      distributionType: options.type,
      clientVersion: options.clientVersion,
      clientUser: user,
      clientAgent: OTA_CLIENT_AGENT,
      clientRelease: releases.current?.id,
      clientLanguageCode: options.languageCode,
    });
  let outcome: CheckOutcome = { kind: 'ok' };
  let result: OtaCheckResult;
  for (let fresh = 0; ; fresh++) {
    let answer: CheckAnswer | undefined;
    try {
      answer = await ask();
      if (answer.kind === 'error' && answer.status >= 500) {
        const delay = retryDelayAfterServerError(answer.retryAfterMs, context.random);
        if (delay !== undefined && !stopped()) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          answer = await ask();
        }
      }
    } catch (error) {
      // No answer (offline, refused redirect): pauses as a 5xx does, the stored release stays.
      outcome = { kind: 'server-error' };
      result = { status: 'failed', failure: events.report(failure('check', error)) };
      break;
    }
    if (answer.kind === 'current') result = { status: 'current' };
    else if (answer.kind === 'none') result = { status: 'none' };
    else if (answer.kind === 'error') {
      const { status } = answer;
      outcome =
        status === 429
          ? { kind: 'rate-limited', retryAfterMs: answer.retryAfterMs }
          : status >= 500
            ? { kind: 'server-error' }
            : { kind: 'client-error' };
      result = { status: 'failed', failure: events.report({ ...failure('check', answer.error), status }) };
    } else {
      try {
        const stored = await releases.apply(answer.release);
        if (stopped()) return [{ status: 'stopped' }, outcome];
        releases.serve(stored);
        result = { status: 'updated', release: publicRelease(stored) };
      } catch (thrown) {
        const { stage, error } = thrown as { stage: OtaStage; error: unknown };
        const status = (error as { status?: number }).status;
        // A pre-signed URL that expired answers 4xx: the check is asked once more for a fresh one.
        if (stage === 'download' && status! >= 400 && status! < 500 && fresh === 0) continue;
        result = { status: 'failed', failure: events.report(failure(stage, error)) };
      }
    }
    break;
  }
  return [result, outcome];
}
