import { LocError } from '@loc/sdk';
import { EXIT } from './exit-codes';

/**
 * Errors the CLI raises itself. They extend the SDK's `LocError`, so the CLI has one error hierarchy:
 * every failure, from the SDK or from here, reaches the one handler in `program.ts`.
 */
export class CliError extends LocError {
  override name = 'CliError';
  /** What the user can do about it, printed under the message. */
  readonly hint: string | undefined;
  readonly exitCode: number;
  constructor(message: string, options: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
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

/** `loc status` with a threshold: some locales are below it. */
export class GateFailedError extends CliError {
  override name = 'GateFailedError';
  readonly failing: string[];
  constructor(message: string, failing: string[]) {
    super(message, { exitCode: EXIT.GATE_FAILED });
    this.failing = failing;
  }
}
