import { CommanderError } from '@commander-js/extra-typings';
import {
  AbortError,
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ContractError,
  DownloadError,
  ExportFailedError,
  InternalServerError,
  InvalidRequestError,
  LocError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  redactUrls,
  HTTP_STATUS_TEXT,
  SERVICE_API_URL,
  SERVICE_CDN_CHECK_PATH,
  type OperationInfo,
} from '@loc/sdk/internal';
import { EXIT } from './exit-codes';
import { REFUSED } from './refused';
import { describeSource, eitherWay, type SettingName, settingToCheck, type Source } from './setting-source';

/**
 * Every failure of `loc`, in one module: the exit codes, the errors the CLI raises itself, and the one
 * table that gives each error its exit code, message and hint. `describeError`, `exitCodeOf` and
 * `reportError` all read the table, so the code and the advice of an error cannot disagree. Loaded only
 * when a command runs or fails (it imports the SDK).
 */

export { EXIT };

/**
 * The SDK's errors of requests it sent more than once (its retry policy decided: `onRequest`'s `attempt`),
 * marked by Context.run, so that a hint says "retried" exactly when the SDK retried.
 */
export const RETRIED = new WeakSet<APIError>();

/** Where a failed request went and where its settings came from: what a hint may say of them. */
export interface RequestSettings {
  baseUrl: string;
  baseUrlSource: Source;
  cdnBaseUrl: string;
  cdnBaseUrlSource: Source;
  /** No CDN base URL was set: CDN checks went to the base URL. */
  cdnBaseUrlIsBase: boolean;
  /** The CDN check's path and where it came from (absent for `loc login`'s own client). */
  cdnCheckPath?: string;
  cdnCheckPathSource?: Source;
  tokenSource: Source | undefined;
  cdnKeySource: Source | undefined;
  profile: string;
  /** The command that logs in to that profile: `loc login`, `loc login --profile work`. */
  login: string;
}

/**
 * The settings of the run an error came from, as Context.run marks its errors, so that a hint names the
 * setting that was used ("check LOC_API_TOKEN" only of a token from LOC_API_TOKEN), once.
 */
export const SETTINGS_OF = new WeakMap<object, RequestSettings>();
const settingsOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? SETTINGS_OF.get(error) : undefined;

/**
 * Errors the CLI raises itself. They extend the SDK's `LocError`, so the CLI has one error hierarchy:
 * every failure, from the SDK or from here, reaches the one handler in `program.ts`.
 */
export class CliError extends LocError {
  override name = 'CliError';
  /** What the user can do about it, printed under the message. */
  readonly hint: string | undefined;
  readonly exitCode: number;
  constructor(message: string, options: { hint?: string | undefined; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? EXIT.FAILURE;
  }
}

/** The command line is wrong: an unknown flag, a missing value, a bad combination. */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string, hint?: string) {
    super(message, { hint, exitCode: EXIT.USAGE });
  }
}

/** No credential to call the API with, or one that belongs to another host. */
export class CredentialsError extends CliError {
  override name = 'CredentialsError';
  constructor(message: string, hint?: string) {
    super(message, { hint, exitCode: EXIT.AUTH });
  }
}

/** A ZIP that would write outside its folder, hold a link, or expand beyond the limits. Nothing was written. */
export class UnsafeArchiveError extends CliError {
  override name = 'UnsafeArchiveError';
  constructor(message: string) {
    super(message, {
      hint: 'Nothing was written. The archive was refused; if you trust it, inspect it with a ZIP tool.',
      exitCode: EXIT.OPERATION_FAILED,
    });
  }
}

/** Reading or writing local files failed (permissions, a full disk, a config file that is not valid). */
export class LocalFileError extends CliError {
  override name = 'LocalFileError';
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, { ...options, exitCode: EXIT.OPERATION_FAILED });
  }
}

/**
 * A path below an output folder that loc will not write, replace or delete: it passes through a symbolic
 * link, leaves the folder, or is not the kind of file loc expected. Its own hint: the archive is not to blame.
 */
export class UnsafePathError extends CliError {
  override name = 'UnsafePathError';
  constructor(message: string, hint?: string) {
    super(message, {
      hint:
        hint ??
        'loc never writes or deletes through a symbolic link below the output folder: replace the link with a real folder, or choose another output folder.',
      exitCode: EXIT.OPERATION_FAILED,
    });
  }
}

/** `loc status` with a threshold: some locales are below it. */
export class GateFailedError extends CliError {
  override name = 'GateFailedError';
  readonly failing: string[];
  constructor(message: string, failing: string[]) {
    super(message, { exitCode: EXIT.GATE_FAILED });
    this.failing = failing;
  }
}

/** `loc export --check`: the files in the repository differ from what an export would write. */
export class OutOfDateError extends CliError {
  override name = 'OutOfDateError';
  constructor(message: string, hint: string) {
    super(message, { hint, exitCode: EXIT.OUT_OF_DATE });
  }
}

/**
 * A command line commander refused. `command` is the command it was parsed for (`loc export status`), so
 * the hint can point at that command's help.
 */
function usageOf(error: CommanderError): { command: string } {
  return { command: (error as CommanderError & { command?: string }).command ?? 'loc' };
}

type Class<T> = abstract new (...args: never[]) => T;
type Text<E> = string | undefined | ((error: E) => string | undefined);

/** One row of the table: which errors, their exit code, their message and their hint. */
type Row<E = never> = readonly [
  match: Class<E> | ((error: unknown) => error is E),
  exitCode: number | ((error: E) => number),
  message: Text<E>,
  hint: Text<E>,
];

function row<E>(
  match: Class<E> | ((error: unknown) => error is E),
  exitCode: number | ((error: E) => number),
  message: Text<E>,
  hint: Text<E>,
): Row<E> {
  return [match, exitCode, message, hint];
}

// Predicates are arrow functions, which have no prototype; classes have one.
const isClass = (match: unknown): match is Class<unknown> =>
  typeof match === 'function' && match.prototype !== undefined;

const isAbort = (error: unknown): error is Error =>
  error instanceof AbortError || (error instanceof Error && error.name === 'AbortError');

/** The command that resumes a run cut short: set by {@link resumeWith}, read by the table and the context. */
const RESUME = new WeakMap<object, string>();

/**
 * `error`, with the command that picks its run up again (an export that keeps running on the service
 * after a timeout or Ctrl-C), for its hint: `Resume with: loc export download …`. The error stays the
 * SDK's, so its exit code comes from the table.
 */
export function resumeWith<E>(error: E, command: string): E {
  if (typeof error === 'object' && error !== null) RESUME.set(error, command);
  return error;
}

/** The command that resumes the run an error cut short, if it has one. */
export const resumeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null ? RESUME.get(error) : undefined;

/**
 * Whether the failed request went to the CDN API (the distribution check, with the CDN key), by the
 * operation the SDK's error states (`error.operation`, from the SDK's one declaration of it). Never by
 * the URL: the CDN check's path is configurable (--cdn-check-path).
 */
export function onCdn(error: unknown): boolean {
  return (error as { operation?: OperationInfo } | null)?.operation?.api === 'cdn';
}
const cdnError =
  <E extends APIError>(Class: Class<E>) =>
  (error: unknown): error is E =>
    error instanceof Class && onCdn(error);
const usageLimit = (error: unknown): error is RateLimitError => error instanceof RateLimitError && error.budgetExceeded;
const retryIn = (error: RateLimitError) =>
  error.resetAt
    ? ` It resets at ${error.resetAt.toISOString()} (in ${Math.ceil((error.retryAfterMs ?? 0) / 1000)} s).`
    : '';
const codesOr = (error: APIError) => error.codes.join(', ') || String(error.status);

/**
 * What to do about a refused token or CDN key: change it where it came from (`source`; `stored` says which
 * profile stored it, and the command that logs in to that profile), said once.
 *
 * @example refusedCredentialHint('token', 'environment') // 'Check LOC_API_TOKEN: the token may be unknown, revoked or expired.'
 */
export function refusedCredentialHint(
  key: 'token' | 'cdnKey',
  source: Source | undefined,
  stored?: Pick<RequestSettings, 'profile' | 'login'>,
): string {
  const what = key === 'token' ? 'token' : 'key';
  const setting = settingToCheck(source, key);
  if (setting) return `Check ${setting}: the ${what} may be unknown, revoked or expired.`;
  if (source === 'profile' && stored)
    return key === 'token'
      ? `The token stored in profile '${stored.profile}' was refused: log in again with \`${stored.login}\`.`
      : `The CDN key stored in profile '${stored.profile}' was refused: store a new one with \`${stored.login} --cdn-key <key>\`.`;
  return key === 'token'
    ? 'Log in again with `loc login`, or check LOC_API_TOKEN.'
    : 'Check --cdn-key or LOC_CDN_KEY: the key may be unknown, revoked or expired.';
}

function refusedCredential(error: APIError, key: 'token' | 'cdnKey'): string {
  const settings = settingsOf(error);
  return refusedCredentialHint(key, key === 'token' ? settings?.tokenSource : settings?.cdnKeySource, settings);
}

/** The address a request went to, the setting that named it and where that came from. */
function addressOf(error: { operation?: OperationInfo | undefined }) {
  const settings = settingsOf(error);
  if (!settings) return undefined;
  const cdn = onCdn(error);
  const key: SettingName = cdn && !settings.cdnBaseUrlIsBase ? 'cdnBaseUrl' : 'baseUrl';
  const source = key === 'cdnBaseUrl' ? settings.cdnBaseUrlSource : settings.baseUrlSource;
  return { url: cdn ? settings.cdnBaseUrl : settings.baseUrl, key, source, settings };
}

/**
 * The network's own words of a connection failure (`ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1`),
 * from the error's cause (the SDK keeps only its code and message there); undefined without one.
 */
function networkReason(error: APIConnectionError): string | undefined {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (typeof cause?.message !== 'string') return undefined;
  if (cause.message === 'bad port') return 'fetch refuses this port (a "bad port" of the Fetch standard): use another';
  return typeof cause.code === 'string' ? `${cause.code}: ${cause.message}` : cause.message;
}

/** What to check when the service could not be reached: the setting that named its address, as it was given. */
function unreachableHint(error: APIConnectionError): string {
  const address = addressOf(error);
  const proxies = 'HTTPS_PROXY / NO_PROXY';
  if (!address)
    return onCdn(error)
      ? `Check your network, ${eitherWay('cdnBaseUrl')} (else ${eitherWay('baseUrl')}), and ${proxies}.`
      : `Check your network, ${eitherWay('baseUrl')}, and ${proxies}.`;
  const { key, source, settings } = address;
  const setting = settingToCheck(source, key);
  if (setting) return `Check your network, ${setting}, and ${proxies}.`;
  if (source === 'profile')
    return `Check your network and ${proxies}; profile '${settings.profile}' stores this base URL (\`${settings.login} --base-url <url>\` stores another).`;
  if (source === 'config') return `Check your network, cdn.baseUrl in loc.config.json, and ${proxies}.`;
  return `Check your network and ${proxies}, or point loc at your service with ${eitherWay(key)}.`;
}

/**
 * The service's own words in an error body (`error_message`, `error`, `detail`, …), not the bare status
 * text a problem body's `detail` repeats ("Unauthorized"); never a body that is not JSON.
 */
function ownWordsOf(error: APIError): string | undefined {
  const body = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  for (const key of ['error_message', 'error', 'message', 'detail', 'title']) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() && value.trim() !== HTTP_STATUS_TEXT[error.status])
      return value.trim().slice(0, 200);
  }
  return undefined;
}

/**
 * A CDN check's 404 without the CDN's codes (`DISTRIBUTION_NOT_FOUND`: the SDK's rule too): nothing serves
 * the check at that host and path (a web server's or an API's own 404), rather than "no such distribution".
 */
export function isCdnRouteMiss(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError && onCdn(error) && error.codes.length === 0;
}

/** What to set when a CDN check went to the wrong host or path (the messages of isCdnRouteMiss). */
export const CDN_ROUTE_HINT = `The service's CDN host takes ${SERVICE_CDN_CHECK_PATH}, other hosts (loc-mock, spec.md) /cdn/check: set --cdn-check-path (LOC_CDN_CHECK_PATH, cdn.checkPath) or --cdn-base-url (LOC_CDN_BASE_URL, cdn.baseUrl) to where the check is served.`;

/**
 * The service's own short message, only from the service's JSON: a body that is not JSON (an HTML page of
 * some other web server or proxy) is never printed as a message.
 */
const detailOf = (error: APIError): string | undefined => (typeof error.body === 'string' ? undefined : error.detail);

/** The code of an answer loc's client refused (net/redirects.ts), looked for along the `cause` chain. */
function refusalOf(error: unknown): (typeof REFUSED)[keyof typeof REFUSED] | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === REFUSED.redirect || code === REFUSED.tooLarge) return code;
  }
  return undefined;
}

/** The SDK's API calls follow no redirect: a redirect answer says so (request/request.ts). */
const isRedirectAnswer = (error: unknown): error is APIConnectionError =>
  error instanceof APIConnectionError && /answered with a redirect/.test(error.message);

/** An API call whose answer the server made wrong: a redirect, or more than loc gathers. Not the network's fault. */
const isRefusedAnswer = (error: unknown): error is APIConnectionError =>
  error instanceof APIConnectionError && (isRedirectAnswer(error) || refusalOf(error) === REFUSED.tooLarge);

/**
 * What a refused answer was, for a message: "a redirect to https://other.example/x" (without user name,
 * password or query), "more than 64 MiB".
 */
export function refusedAnswerOf(error: APIConnectionError): string {
  if (!isRedirectAnswer(error)) return 'more than 64 MiB';
  const location = /redirect to (\S+?);/.exec(error.message)?.[1];
  return location ? `a redirect to ${location.replace(/\/\/[^/@]*@/, '//')}` : 'a redirect';
}

/**
 * An answer that is not the service's: a body that is not JSON on an error status below 500, or a
 * success that is not JSON, a redirect or an endless answer. The base URL reaches some other web server (a proxy, a web site's 404 page).
 * Context.run turns it into a message naming the base URL and where it came from.
 */
export const isForeignAnswer = (error: unknown): error is APIError | ContractError | APIConnectionError =>
  isRefusedAnswer(error) ||
  (error instanceof APIError && error.status < 500 && typeof error.body === 'string' && error.body.trim() !== '') ||
  (error instanceof ContractError && error.issues.some((issue) => /expected JSON/.test(issue.message)));

/**
 * One sentence: the parts joined, ending in exactly one full stop (a service message that ends in its
 * own full stop gives no `..`).
 *
 * @example sentence('Not found (404):', 'Project not found.') // 'Not found (404): Project not found.'
 */
export function sentence(...parts: (string | undefined)[]): string {
  const text = parts
    .filter(Boolean)
    .join(' ')
    .trim()
    .replace(/[.\s]+$/, '');
  return /[?!:]$/.test(text) ? text : `${text}.`;
}

/**
 * The table, first match wins: an error class (or a predicate), its exit code, its message and its hint.
 * A hint names only commands and flags that exist (test/hints.test.ts parses each with the program).
 */
export const ERROR_TABLE = [
  row(
    CliError,
    (e) => e.exitCode,
    (e) => sentence(e.message),
    (e) => e.hint,
  ),
  row(
    CommanderError,
    // --help and --version end with a CommanderError of exit code 0: not a failure.
    (e) => (e.exitCode === 0 ? EXIT.OK : EXIT.USAGE),
    (e) => sentence(e.message.replace(/^error: /, '').split('\n')[0]),
    (e) => {
      const suggestion = /\(Did you mean ([^)]*)\?\)/.exec(e.message)?.[1];
      return suggestion
        ? `Did you mean ${suggestion}? See \`${usageOf(e).command} --help\`.`
        : `See \`${usageOf(e).command} --help\`.`;
    },
  ),
  row(
    isAbort,
    EXIT.INTERRUPTED,
    (e) => (resumeOf(e) ? 'Interrupted; nothing was written.' : 'Interrupted.'),
    (e) => (resumeOf(e) ? `Resume with: ${resumeOf(e)}` : undefined),
  ),
  row(
    cdnError(AuthenticationError),
    EXIT.AUTH,
    // The service's own text, when it said more than the status (`{"error_message": …}`, a problem's detail).
    (e) =>
      sentence(
        `The CDN key was refused (${[e.status, ...e.codes].join(', ')})${ownWordsOf(e) ? ':' : ''}`,
        ownWordsOf(e),
      ),
    (e) => refusedCredential(e, 'cdnKey'),
  ),
  row(
    AuthenticationError,
    EXIT.AUTH,
    (e) => sentence('The API token was refused (401):', detailOf(e) ?? 'not authenticated'),
    (e) => refusedCredential(e, 'token'),
  ),
  row(
    PermissionDeniedError,
    EXIT.PERMISSION,
    (e) => sentence('Permission denied (403):', detailOf(e) ?? `${e.method} ${e.path}`),
    // The permission comes from the operation's one declaration (the SDK's table); the service's own message
    // often says whom to ask already: the advice is given once.
    (e) => {
      const needed = e.operation?.permission;
      const lacks = needed
        ? `Your token lacks ${needed.name} on the ${needed.on}, which ${e.operation?.id} needs`
        : 'Your token lacks the permission for this';
      return /admin/i.test(detailOf(e) ?? '') ? `${lacks}.` : `${lacks}; ask a workspace admin for access.`;
    },
  ),
  row(
    isCdnRouteMiss,
    EXIT.NOT_FOUND,
    (e) => `${e.method} ${e.path} answered 404 without the CDN check's answer: no CDN check is served there.`,
    CDN_ROUTE_HINT,
  ),
  row(
    cdnError(NotFoundError),
    EXIT.NOT_FOUND,
    (e) => `No such distribution (${codesOr(e)}).`,
    'Check --environment and --type, and that your CDN key belongs to the right workspace.',
  ),
  row(
    (e): e is NotFoundError => e instanceof NotFoundError && /\/exports\/[^/]+$/.test(e.path),
    EXIT.NOT_FOUND,
    (e) => sentence('No such export (404):', detailOf(e) ?? e.path),
    'Check the export id, --workspace and --project: an export belongs to the project it was requested for. `loc export --no-wait` requests a new one.',
  ),
  row(
    NotFoundError,
    EXIT.NOT_FOUND,
    (e) => sentence('Not found (404):', detailOf(e) ?? e.path),
    '`loc projects list` shows the workspaces and projects your token reaches.',
  ),
  row(
    (e): e is UnprocessableEntityError | BadRequestError =>
      e instanceof UnprocessableEntityError || e instanceof BadRequestError,
    EXIT.VALIDATION,
    (e) => {
      const fields = e.fieldErrors.map((f) => `${f.field}: ${f.infos.join(', ')}`).join('; ');
      const detail = detailOf(e);
      return sentence(
        `The service refused the request (${e.status}):`,
        detail ?? (fields || 'invalid values'),
        detail && fields ? `(${fields})` : undefined,
      );
    },
    'Fix the values named above and run the command again.',
  ),
  row(
    usageLimit,
    EXIT.RATE_LIMITED,
    'The workspace has used up its CDN usage budget (USAGE_LIMIT_EXCEEDED, 429).',
    (e) =>
      `Raise the budget in the workspace settings, or wait for the next period.${retryIn(e) || ' The service did not say when it resets.'} loc did not repeat the check: each one spends budget.`,
  ),
  row(
    RateLimitError,
    EXIT.RATE_LIMITED,
    (e) => sentence('Too many requests (429):', detailOf(e) ?? 'rate limited'),
    (e) => `Wait and run the command again.${retryIn(e)}`,
  ),
  row(
    InternalServerError,
    EXIT.SERVER,
    (e) =>
      typeof e.body === 'string' && e.body.trim() !== ''
        ? // A page, not the service's JSON: a proxy or gateway in front of it may be the one that failed.
          `${e.method} ${e.path} failed (${e.status}) with a page that is not the service's answer: the service, or a proxy or gateway in front of it, failed.`
        : sentence(`The service failed (${e.status}):`, detailOf(e) ?? `${e.method} ${e.path}`),
    (e) =>
      // What the SDK did, not a rule of ours about what it repeats (Context counts its attempts).
      RETRIED.has(e)
        ? 'loc retried it already; try again later. --verbose shows each request.'
        : 'Try again later. --verbose shows each request.',
  ),
  row(
    isRefusedAnswer,
    EXIT.SERVER,
    (e) =>
      `${e.method} ${e.path} was answered with ${refusedAnswerOf(e)}: the server at the base URL is not the service.`,
    (e) =>
      onCdn(e)
        ? 'Set --cdn-base-url / LOC_CDN_BASE_URL (else --base-url) to the service’s CDN address, or leave both out for the service’s own.'
        : `Set --base-url / LOC_BASE_URL to the service’s address (${SERVICE_API_URL}, the default), or loc-mock’s.`,
  ),
  row(
    APIConnectionError,
    EXIT.SERVER,
    // The SDK's own message names its options (`baseUrl from the option`) and what to check: the CLI says
    // the address, where it came from in loc's terms, and the network's reason, and leaves advice to the hint.
    (e) => {
      const address = addressOf(e);
      const reason = networkReason(e);
      if (!address || !reason) return sentence('Could not reach the service:', e.message);
      const { url, key, source, settings } = address;
      return sentence(
        `Could not reach ${url} (${describeSource(source, key, settings.profile)}) for ${e.method} ${e.path}:`,
        reason,
      );
    },
    unreachableHint,
  ),
  row(
    ContractError,
    EXIT.SERVER,
    (e) => sentence('The service answered in an unexpected shape:', e.message),
    'Update loc; if it persists, report it with the output of --verbose.',
  ),
  row(
    (e): e is TimeoutError => e instanceof TimeoutError && !e.exportId && onCdn(e),
    EXIT.TIMEOUT,
    (e) =>
      `The CDN check got no answer within ${Math.round(e.timeoutMs / 1000)} s. It was not sent again: the service may have counted it against the CDN budget.`,
    'Try again, or allow more time with --timeout.',
  ),
  row(
    TimeoutError,
    EXIT.TIMEOUT,
    (e) => sentence(e.message),
    (e) =>
      e.exportId
        ? resumeOf(e)
          ? `It keeps running on the service. Resume with: ${resumeOf(e)} (or wait longer with --timeout).`
          : 'Allow more time with --timeout.'
        : 'The service was too slow to answer; try again later.',
  ),
  row(
    ExportFailedError,
    EXIT.OPERATION_FAILED,
    (e) => sentence(`Export ${e.exportId} ended ${e.status}:`, e.errorDetails ?? 'no details given'),
    'Check --format, --locale and --file, then request a new export. Nothing was written.',
  ),
  row(
    (e): e is DownloadError => e instanceof DownloadError && refusalOf(e) !== undefined,
    EXIT.SERVER,
    (e) =>
      sentence(
        'The download host answered wrongly:',
        e.message.replace(/^The download from (\S+) failed: (fetch failed: )?/, '$1: '),
      ),
    'Nothing was written. Running the command again will not help: the download host (or a proxy in between) must be fixed; tell the service’s operators.',
  ),
  row(
    DownloadError,
    EXIT.OPERATION_FAILED,
    (e) => sentence('The download failed:', e.message),
    'Nothing was written. Run the command again.',
  ),
  row(
    (e): e is ConfigurationError | InvalidRequestError =>
      e instanceof ConfigurationError || e instanceof InvalidRequestError,
    EXIT.USAGE,
    (e) => sentence(e.message),
    undefined,
  ),
  row(LocError, EXIT.FAILURE, (e) => sentence(e.message), undefined),
  row(
    (_any): _any is unknown => true,
    EXIT.FAILURE,
    (e) => sentence('Unexpected error:', e instanceof Error ? e.message : String(e)),
    'Run again with --verbose for details, and report it if it persists.',
  ),
  // biome-ignore lint/suspicious/noExplicitAny: each row has its own error type, checked where row() builds it.
] as const satisfies readonly Row<any>[];

// biome-ignore lint/suspicious/noExplicitAny: the row's error type is whatever its matcher accepted.
function rowOf(error: unknown): Row<any> {
  // The last row matches everything, so there is always one.
  return ERROR_TABLE.find(([match]) =>
    isClass(match) ? error instanceof match : (match as (e: unknown) => boolean)(error),
  )!;
}

const textOf = <E>(text: Text<E>, error: E) => (typeof text === 'function' ? text(error) : text);

/**
 * What the user reads: what went wrong, and what to do about it. Any URL in either is shown without its
 * user name, password or query (a pre-signed URL's signature), whoever wrote the text: the SDK, a proxy's
 * or a fetch's error that names the URL it failed on.
 */
export function describeError(error: unknown): { message: string; hint: string | undefined } {
  const [, , message, hint] = rowOf(error);
  const shown = textOf(hint, error);
  return {
    message: redactUrls(textOf(message, error) ?? ''),
    hint: shown === undefined ? undefined : redactUrls(shown),
  };
}

/** The exit code an error stands for. Anything unforeseen is 1: never 0. */
export function exitCodeOf(error: unknown): number {
  const [, exitCode] = rowOf(error);
  return typeof exitCode === 'function' ? exitCode(error) : exitCode;
}

/**
 * The id the service gave the failed request (its `x-request-id`, as the SDK's error carries it), looked
 * for along the `cause` chain (a timeout or a foreign answer of the CLI's own wraps the SDK's error).
 */
function requestIdOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof APIError && e.requestId) return e.requestId;
  return undefined;
}

/** The `error` of a --json document: name, message, hint, exit code (and the service's status, codes and request id). */
export function errorDocument(error: unknown) {
  const { message, hint } = describeError(error);
  const requestId = requestIdOf(error);
  return {
    name: error instanceof CommanderError ? 'UsageError' : error instanceof Error ? error.name : 'Error',
    message,
    ...(hint ? { hint } : {}),
    exitCode: exitCodeOf(error),
    ...(error instanceof APIError ? { status: error.status, codes: error.codes } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/**
 * What the error handler needs of the output (ui/output.ts's `Output` is one): the error table is the
 * bottom of loc, below what a person sees, and imports none of it.
 */
interface ErrorOutput {
  readonly json: boolean;
  readonly verbose: boolean;
  readonly hasPrintedJson: boolean;
  printJson(value: unknown): void;
  error(message: string, hint?: string): void;
  debug(text: string): void;
}

/**
 * The one error handler: a line (and hint) on stderr, JSON on stdout with --json; returns the exit code.
 * With --verbose the line ends with the request id the service gave (what its operators ask for).
 */
export function reportError(out: ErrorOutput, error: unknown): number {
  const exitCode = exitCodeOf(error);
  const { message, hint } = describeError(error);
  if (exitCode === EXIT.OK) return exitCode;
  if (out.json && !out.hasPrintedJson) out.printJson({ error: errorDocument(error) });
  const requestId = out.verbose ? requestIdOf(error) : undefined;
  out.error(requestId ? sentence(message.replace(/\.$/, ''), `(request id ${requestId})`) : message, hint);
  if (
    out.verbose &&
    error instanceof Error &&
    error.stack &&
    !(error instanceof GateFailedError) &&
    !(error instanceof OutOfDateError) &&
    !(error instanceof CommanderError)
  ) {
    out.debug(redactUrls(error.stack));
  }
  return exitCode;
}
