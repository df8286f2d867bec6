// src/request/: the request machinery: the one request function (here) and the config, retries, checks it is made of.
import type * as z from 'zod/mini';
import {
  APIConnectionError,
  APIError,
  ContractError,
  TimeoutError,
  parseRetryAfter,
  type RequestInfo,
} from '../base/errors';
import { MAX_RETRIES_LIMIT, retryDelayFor, type AttemptFailure, type RetryPolicy } from './retry';
import { checkCount, checkDuration } from '../base/options';
import { describeNetworkFailure, networkFailureOf, safeCause } from './network-failure';
import { abortErrorOf, anySignal, sleep } from './signals';
import { validateResponse } from './validate';
import { requestIdOf } from '../base/response-headers';
import type { ResponseSchema } from '../schemas/cdn-release-check';
import { joinUrl } from '../base/url';
import { apiPromise, type WithResponse } from './api-promise';
import type { ResolvedConfig } from './config';
import type { ProjectRef } from '../base/project-ref';
import type { Api } from './apis';
import type { RequestEvent } from './hooks';
import type { HttpAnswer, HttpLayer } from './http';
import type { RequestOptions } from './request-options';
import type { OperationCall, ParamsOf, ResultOf } from '../schemas/operations';
import { type EncodedForm, isEncodedForm } from '../base/multipart';

/** The inputs of one call of an operation: its path parameters, query and body, and where its path is configurable, another path. */
export interface CallInput<O extends OperationCall> {
  params: ParamsOf<O>;
  /** Query parameters, by the names the operation's contract declares; undefined ones are left out. */
  query?: Record<string, string | undefined>;
  /** The JSON body, as the resource method's own parameter types it (the request schema is the mock's to check). */
  body?: unknown;
  /**
   * A `multipart/form-data` body instead of JSON (an upload): a FormData, which the runtime's fetch writes
   * with its boundary, streaming a file part from its Blob, or a form the SDK encoded itself
   * (base/multipart.ts: a file already in memory). An operation that takes one is not idempotent, so it is
   * sent once.
   */
  form?: FormData | EncodedForm;
  /** Replaces the operation's path (the CDN check's route is configurable: `cdnCheckPath`). */
  path?: string;
  /** Retry even though the operation is not safe to repeat: the caller accepts that it may run twice. */
  retry?: boolean;
}

/**
 * The one door to the network: every SDK call goes through the function this returns. It adds the
 * credential that belongs to the call's host, the timeout and abort signal, retries, and validation.
 * `apis` are the APIs the client calls (apis.ts), by the name operations give (`api`); `http` sends
 * each attempt (http.ts: ofetch, or the runtime's fetch).
 */
export function createTransport(
  config: ResolvedConfig,
  apis: Partial<Record<OperationCall['api'], Api>>,
  http: HttpLayer,
) {
  const sendHttp = http(config.fetch);

  const { log } = config;

  /** Sends a call, and sends it again while its API's retry policy says to; its data and answer, or its error. */
  async function send<O extends OperationCall>(
    call: O,
    input: CallInput<O>,
    options: RequestOptions,
  ): Promise<WithResponse<ResultOf<O>>> {
    const sending = prepare(config, apis, call, input, options);
    const { url, shown, headers, body, timeoutMs, maxRetries } = sending;
    for (let attempt = 0; ; attempt++) {
      if (options.signal?.aborted) throw abortErrorOf(options.signal);
      const event: RequestEvent = { method: call.method, url, attempt };
      config.hooks.onRequest?.(event);
      log('debug', `→ ${shown}`);
      const started = Date.now();
      const timeout = AbortSignal.timeout(timeoutMs);
      // The body is serialized by prepare(), not by ofetch: ofetch tells a JSON body from FormData with
      // `instanceof FormData`, and in Node reading that global loads Node's whole fetch stack (undici,
      // ~25 ms) even when `fetch` is the caller's own. A form comes as the caller's FormData.
      const outcome = await sendHttp(url, {
        method: call.method,
        headers,
        body,
        signal: anySignal([options.signal, timeout]),
      }).catch((error: unknown) => ({ error }));
      let failed: FailedAttempt;
      if ('error' in outcome) {
        if (options.signal?.aborted) throw abortErrorOf(options.signal);
        failed = unanswered(config, sending, outcome.error, timeout.aborted);
      } else {
        const answer = answered(config, call, sending, outcome, event, started);
        if ('data' in answer) return answer as WithResponse<ResultOf<O>>;
        failed = answer;
      }
      const { failure } = failed;
      const delayMs = retryDelayFor(sending.api.retry, failed.kind, attempt, maxRetries);
      if (delayMs === undefined) throw failure;
      config.hooks.onRetry?.({ ...event, delayMs, reason: failure.message });
      log('warn', `↻ ${shown}: ${failure.message}; retry ${attempt + 1} in ${delayMs} ms`);
      await sleep(delayMs, options.signal);
    }
  }

  return {
    /**
     * Calls an operation of the table (src/schemas/operations.ts), given as its declaration so that an app's
     * bundle holds only the operations it calls. An empty 2xx resolves to null where the operation may
     * answer 204, and is a contract error elsewhere. `.withResponse()` of the promise gives the answer too.
     */
    request: <O extends OperationCall>(operation: O, input: CallInput<O>, options: RequestOptions = {}) =>
      apiPromise(send(operation, input, options)),
    /** The client's log (see `logger` and `logLevel` of ClientOptions). */
    log,
  };
}

export type Transport = ReturnType<typeof createTransport>;

/** One call as each of its attempts sends it, and what its log lines and errors say of it. */
interface Sending {
  readonly api: Api;
  readonly url: string;
  readonly info: RequestInfo;
  readonly headers: Record<string, string>;
  readonly body: string | FormData | Uint8Array<ArrayBuffer> | undefined;
  readonly timeoutMs: number;
  /** 0 for an operation that is not safe to repeat (unless the call says `retry`). */
  readonly maxRetries: number;
  /**
   * What a log line shows of the request is what an error message shows: method and path (no host, no
   * query, no header).
   */
  readonly shown: string;
}

/** A failed attempt: the error to throw, and what the retry policy decides by. */
interface FailedAttempt {
  failure: Error;
  kind: AttemptFailure;
}

/**
 * The call made ready to send: its options checked (before anything is sent: a bad per-call option is the
 * caller's mistake, not the network's), its API, URL, credential, headers and body.
 */
function prepare<O extends OperationCall>(
  config: ResolvedConfig,
  apis: Partial<Record<OperationCall['api'], Api>>,
  call: O,
  input: CallInput<O>,
  options: RequestOptions,
): Sending {
  const timeoutMs = checkDuration('timeoutMs', options.timeoutMs) ?? config.timeoutMs;
  const maxRetries =
    call.idempotent || input.retry
      ? (checkCount('maxRetries', options.maxRetries, 0, MAX_RETRIES_LIMIT) ?? config.maxRetries)
      : 0;
  const api = apis[call.api];
  if (!api) throw new Error(`@loc/sdk: this client was made without the ${call.api} API`);
  const url = joinUrl(api.baseUrl(config), input.path ?? api.path(call, input.params, input.query));
  const info: RequestInfo = {
    method: call.method,
    path: new URL(url).pathname,
    operation: { id: call.id, api: call.api, permission: call.permission },
    project: projectOf(input.params),
  };
  const headers: Record<string, string> = {
    // The body is JSON text (serialized below); a content type of the caller's own wins.
    ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...config.headers,
    authorization: `Bearer ${api.credential(config)}`,
  };
  // A form's content type names its boundary: fetch writes it for a FormData, the SDK's own form carries
  // it (the caller's headers are lower case).
  if (input.form) delete headers['content-type'];
  if (isEncodedForm(input.form)) headers['content-type'] = input.form.contentType;
  const body = isEncodedForm(input.form)
    ? input.form.body
    : (input.form ?? (input.body === undefined ? undefined : JSON.stringify(input.body)));
  return { api, url, info, headers, body, timeoutMs, maxRetries, shown: `${info.method} ${info.path}` };
}

/** An attempt that got no answer: it timed out, or the connection failed. */
function unanswered(config: ResolvedConfig, sending: Sending, error: unknown, timedOut: boolean): FailedAttempt {
  const { api, info, timeoutMs } = sending;
  if (timedOut)
    return {
      failure: new TimeoutError(
        `${info.method} ${info.path} timed out after ${timeoutMs} ms${timeoutAdvice(api.retry)}`,
        timeoutMs,
        undefined,
        info.operation,
        info.project,
      ),
      kind: { kind: 'timeout' },
    };
  // ofetch's error holds the request's headers (the credential): keep only code and message.
  const network = networkFailureOf(error);
  return {
    failure: new APIConnectionError(info, unreachable(api, config, describeNetworkFailure(network, sending.url)), {
      cause: safeCause(network),
    }),
    kind: { kind: 'connection', code: network.code },
  };
}

/**
 * An attempt that got an answer: told to the hooks and the log; its data when it succeeded, else the error
 * its status makes. A redirect is thrown at once: requests are not redirected.
 */
function answered(
  config: ResolvedConfig,
  call: OperationCall,
  sending: Sending,
  { response, text }: HttpAnswer,
  event: RequestEvent,
  started: number,
): WithResponse<unknown> | FailedAttempt {
  const { api, info, url } = sending;
  const durationMs = Date.now() - started;
  config.hooks.onResponse?.({ ...event, status: response.status, durationMs });
  const requestId = requestIdOf(response.headers);
  config.log(
    'debug',
    `← ${response.status} ${sending.shown} in ${durationMs} ms${requestId ? ` (request id ${requestId})` : ''}`,
  );
  if (response.ok) {
    const data = parseSuccess(call.responses[200].body, info, response.status, text, 204 in call.responses);
    return { data, response: { status: response.status, headers: response.headers, requestId } };
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw new APIConnectionError(
      info,
      `the server answered with a redirect${locationOf(response.headers)}; requests are not redirected so that credentials stay with their host. Set the base URL to the final address.`,
    );
  }
  const apiError = APIError.from(response.status, info, parseBody(text), response.headers);
  // A refused credential: name the setting to check and where its value came from (never the value).
  if (response.status === 401) apiError.message += credentialAdvice(api, config);
  // A CDN check's 404 without the CDN's codes (DISTRIBUTION_NOT_FOUND): nothing serves the check there.
  else if (response.status === 404 && api.settings[0] === 'cdnBaseUrl' && !apiError.codes.length)
    apiError.message += ` — no CDN check at ${url} (cdnBaseUrl from ${config.from.cdnBaseUrl}): check cdnBaseUrl and cdnCheckPath.`;
  return {
    failure: apiError,
    kind: {
      kind: 'status',
      status: response.status,
      codes: apiError.codes,
      retryAfterMs: parseRetryAfter(response.headers),
    },
  };
}

function parseSuccess(
  { schema, text: asText }: { schema: z.ZodMiniType | ResponseSchema<unknown>; text?: true },
  info: RequestInfo,
  status: number,
  text: string,
  allowNoContent: boolean,
): unknown {
  // A text answer (a resource file in its own format) is handed over as it is: an empty file is a file.
  if (asText) return validateResponse(schema, text, info);
  if (status === 204 || text.trim() === '') {
    if (allowNoContent) return null;
    throw new ContractError(info, [{ path: '$', message: `expected a JSON body, got an empty ${status} response` }]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ContractError(info, [{ path: '$', message: `expected JSON, got ${JSON.stringify(text.slice(0, 60))}` }]);
  }
  return validateResponse(schema, data, info);
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The project a call's path parameters name, by the SDK's one name for it (base/project-ref.ts). */
function projectOf(params: Record<string, string>): ProjectRef | undefined {
  const { workspaceUrl, projectUrl } = params;
  return workspaceUrl !== undefined && projectUrl !== undefined
    ? { workspace: workspaceUrl, project: projectUrl }
    : undefined;
}

/**
 * A connection failure's message: the address it tried, which setting gave it and from where (the option,
 * the environment or the default), and what went wrong. A base URL never holds a credential or a query
 * (config.ts refuses both), so it may be shown.
 */
function unreachable(api: Api, config: ResolvedConfig, reason: string): string {
  const [option, env] = api.settings;
  return `could not reach ${api.baseUrl(config)} (${option} from ${config.from[option]}): ${reason}. Check ${option} or ${env}.`;
}

/** What a 401 asks the user to check: the credential's option and variable, and where the one sent came from. */
function credentialAdvice(api: Api, config: ResolvedConfig): string {
  const [, , option, env] = api.settings;
  return ` — check ${option} or ${env} (this one from ${config.from[option]}).`;
}

function locationOf(headers: Headers): string {
  const location = headers.get('location');
  return location ? ` to ${location.split('?')[0]}` : '';
}

/** Why a timed-out CDN check is not sent again, and what to do instead. */
function timeoutAdvice(policy: RetryPolicy): string {
  return policy.retryTimeouts
    ? ''
    : ' (not sent again: the service may have counted the check against the CDN budget; allow more time with timeoutMs)';
}
