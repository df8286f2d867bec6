import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  ContractError,
  DownloadError,
  ExportFailedError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  BadRequestError,
  LocError,
  AbortError,
  ConfigurationError,
  InvalidRequestError,
} from '@loc/sdk';
import { CliError } from './errors';
import { EXIT } from './exit-codes';
import type { Output } from './output';

/** What the user reads: what went wrong, and what to do about it. */
export function describeError(error: unknown): { message: string; hint: string | undefined } {
  if (error instanceof CliError) return { message: error.message, hint: error.hint };
  const cdn = error instanceof APIError && /\/(cdn|distributions)\/check$/.test(error.path);
  if (error instanceof AuthenticationError) {
    return cdn
      ? { message: `The CDN key was refused (${error.codes.join(', ') || '401'}).`, hint: 'Check --cdn-key or LOC_CDN_KEY: the key may be unknown, revoked or expired.' }
      : { message: `The API token was refused: ${error.detail ?? 'not authenticated'} (401).`, hint: 'Run `loc login` again, or check LOC_API_TOKEN.' };
  }
  if (error instanceof PermissionDeniedError) {
    return { message: `Permission denied: ${error.detail ?? `${error.method} ${error.path}`} (403).`, hint: 'Your token lacks the permission for this; ask a workspace admin for access.' };
  }
  if (error instanceof NotFoundError) {
    return cdn
      ? { message: `No such distribution (${error.codes.join(', ') || '404'}).`, hint: 'Check --environment and --type, and that your CDN key belongs to the right workspace.' }
      : { message: `Not found: ${error.detail ?? error.path} (404).`, hint: '`loc projects list` shows the workspaces and projects your token reaches.' };
  }
  if (error instanceof UnprocessableEntityError || error instanceof BadRequestError) {
    const fields = error.fieldErrors.map((f) => `${f.field}: ${f.infos.join(', ')}`).join('; ');
    return { message: `The service refused the request: ${error.detail ?? (fields || 'invalid values')} (${error.status}).${fields && error.detail ? ` ${fields}` : ''}`, hint: 'Fix the values named above and run the command again.' };
  }
  if (error instanceof RateLimitError) {
    const wait = error.retryAfterMs !== undefined ? ` Try again in ${Math.ceil(error.retryAfterMs / 1000)} s.` : '';
    return error.codes.includes('USAGE_LIMIT_EXCEEDED')
      ? { message: 'The workspace has used up its CDN usage budget (USAGE_LIMIT_EXCEEDED, 429).', hint: `Raise the budget in the workspace settings, or wait for the next period.${wait}` }
      : { message: `Too many requests (429): ${error.detail ?? 'rate limited'}.`, hint: `Wait and run the command again.${wait}` };
  }
  if (error instanceof InternalServerError) {
    return { message: `The service failed (${error.status}): ${error.detail ?? `${error.method} ${error.path}`}.`, hint: 'It was retried already; try again later. --verbose shows each request.' };
  }
  if (error instanceof APIConnectionError) {
    return { message: `Could not reach the service: ${error.message}.`, hint: 'Check your network, --base-url / LOC_BASE_URL, and HTTPS_PROXY / NO_PROXY.' };
  }
  if (error instanceof ContractError) {
    return { message: `The service answered in an unexpected shape: ${error.message}`, hint: 'Update loc; if it persists, report it with the output of --verbose.' };
  }
  if (error instanceof TimeoutError) {
    return { message: error.message, hint: 'The service was too slow; try again, or allow more time with --timeout.' };
  }
  if (error instanceof ExportFailedError) {
    return { message: `Export ${error.exportId} ended ${error.status}: ${error.errorDetails ?? 'no details given'}.`, hint: 'Check --format, --locale and --file, then request a new export. Nothing was written.' };
  }
  if (error instanceof DownloadError) {
    return { message: `The download failed: ${error.message}`, hint: 'Nothing was written. Run the command again.' };
  }
  if (error instanceof Error && error.name === 'AbortError') return { message: 'Interrupted.', hint: undefined };
  if (error instanceof LocError) return { message: error.message, hint: undefined };
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Unexpected error: ${message}`, hint: 'Run again with --verbose for details, and report it if it persists.' };
}

/** The one error handler: a line (and hint) on stderr, JSON on stdout with --json; returns the exit code. */
export function reportError(out: Output, error: unknown): number {
  const exitCode = exitCodeOf(error);
  const { message, hint } = describeError(error);
  if (out.json && !out.hasPrintedJson) {
    out.printJson({
      error: {
        name: error instanceof Error ? error.name : 'Error',
        message,
        ...(hint ? { hint } : {}),
        exitCode,
        ...(error instanceof APIError ? { status: error.status, codes: error.codes } : {}),
      },
    });
  }
  out.error(message, hint);
  if (out.verbose && error instanceof Error && error.stack && exitCode !== EXIT.GATE_FAILED) out.debug(error.stack);
  return exitCode;
}

/** The exit code an error stands for. Anything unforeseen is 1: never 0. */
export function exitCodeOf(error: unknown): number {
  if (error && typeof error === 'object' && 'exitCode' in error && typeof error.exitCode === 'number') {
    return error.exitCode;
  }
  if (error instanceof AbortError || (error instanceof Error && error.name === 'AbortError')) return EXIT.INTERRUPTED;
  if (error instanceof AuthenticationError) return EXIT.AUTH;
  if (error instanceof PermissionDeniedError) return EXIT.PERMISSION;
  if (error instanceof NotFoundError) return EXIT.NOT_FOUND;
  if (error instanceof UnprocessableEntityError || error instanceof BadRequestError) return EXIT.VALIDATION;
  if (error instanceof InvalidRequestError) return EXIT.USAGE;
  if (error instanceof RateLimitError) return EXIT.RATE_LIMITED;
  if (error instanceof TimeoutError) return EXIT.TIMEOUT;
  if (error instanceof InternalServerError || error instanceof APIConnectionError || error instanceof ContractError) {
    return EXIT.SERVER;
  }
  if (error instanceof ExportFailedError || error instanceof DownloadError) return EXIT.OPERATION_FAILED;
  if (error instanceof ConfigurationError) return EXIT.USAGE;
  return EXIT.FAILURE;
}
