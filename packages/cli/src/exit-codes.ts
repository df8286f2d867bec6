import {
  AbortError,
  APIConnectionError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ContractError,
  DownloadError,
  ExportFailedError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
} from '@loc/sdk';

/** The one table of exit codes (docs/cli.md#exit-codes). Build scripts branch on these: never renumber. */
export const EXIT = {
  OK: 0,
  FAILURE: 1,
  USAGE: 2,
  AUTH: 3,
  PERMISSION: 4,
  NOT_FOUND: 5,
  VALIDATION: 6,
  RATE_LIMITED: 7,
  TIMEOUT: 8,
  SERVER: 9,
  OPERATION_FAILED: 10,
  GATE_FAILED: 11,
  NO_RELEASE: 20,
  INTERRUPTED: 130,
} as const;

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
