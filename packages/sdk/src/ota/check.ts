/**
 * One check of the CDN and what it comes to: one request, the download of the release it offers, and the
 * outcome the schedule waits on. No request is repeated: whether a check may be sent at all, and when the
 * next one is, is the schedule's to decide (./schedule.ts).
 */
import { type OtaCheckResult, OTA_CLIENT_AGENT, type OtaStage } from './client';
import type { ClientContext } from './context';
import { failure } from './events';
import { checkCdn } from './http';
import type { CheckOutcome } from './policy';
import { publicRelease, type Releases } from './releases';

/**
 * Sends one check as install `user` and applies the release it offers; `stopped` says whether `stop()` was
 * called (a check under way then ends without applying). Gives the result for the app and the outcome for
 * the schedule.
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
  let answer: Awaited<ReturnType<typeof checkCdn>>;
  try {
    // The request the official SDKs send.
    answer = await checkCdn(http, options.cdnKey, {
      distributionEnvironment: options.environment,
      distributionType: options.type,
      clientVersion: options.clientVersion,
      clientUser: user,
      clientAgent: OTA_CLIENT_AGENT,
      clientRelease: releases.current?.id,
      clientLanguageCode: options.languageCode,
    });
  } catch (error) {
    // No answer (offline, a refused redirect): a failure, as a 5xx is; the stored release stays.
    return [{ status: 'failed', failure: events.report(failure('check', error)) }, { kind: 'server-error' }];
  }
  if (answer.kind === 'current') return [{ status: 'current' }, { kind: 'ok' }];
  if (answer.kind === 'error') {
    const { status } = answer;
    return [
      { status: 'failed', failure: events.report({ ...failure('check', answer.error), status }) },
      status === 429
        ? { kind: 'rate-limited', retryAfterMs: answer.retryAfterMs }
        : { kind: status >= 500 ? 'server-error' : 'client-error' },
    ];
  }
  try {
    const stored = await releases.apply(answer.release);
    if (stopped()) return [{ status: 'stopped' }, { kind: 'ok' }];
    releases.serve(stored);
    return [{ status: 'updated', release: publicRelease(stored) }, { kind: 'ok' }];
  } catch (thrown) {
    // A download, verification or store that failed: tried again at the next check, not sooner.
    const { stage, error } = thrown as { stage: OtaStage; error: unknown };
    return [{ status: 'failed', failure: events.report(failure(stage, error)) }, { kind: 'ok' }];
  }
}
