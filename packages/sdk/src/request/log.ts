import { ConfigurationError } from '../base/errors';
import { readEnv } from '../base/env';

/** How much the client logs: each level includes the ones after it; `off` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Where the client's log lines go: `console` fits, and so do pino, winston and most loggers. */
export interface Logger {
  /** Each request, answer, and wait before the next poll of an export. */
  debug: (message: string) => void;
  /** Each poll of an export. */
  info: (message: string) => void;
  /** Each retry, with its reason and wait. */
  warn: (message: string) => void;
  /** Nothing today: a failure is the error the call throws. */
  error: (message: string) => void;
}

const LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error', 'off'];

/** Writes one line at a level (a no-op below the client's level). */
export type Log = (level: Exclude<LogLevel, 'off'>, message: string) => void;

/**
 * The client's log function: `logLevel`, else `LOC_LOG`, else `info` when a `logger` was given and `off`
 * (silent) when none was. Without a `logger`, lines go to `console.error` (standard error). Every line is
 * built from what an error message may show (method, path, status, the error's own message): never a
 * header, a credential, a host or a query string.
 */
export function createLog({ logger, logLevel }: { logger?: Logger | undefined; logLevel?: LogLevel | undefined }): Log {
  const level: string = logLevel ?? readEnv('LOC_LOG') ?? (logger ? 'info' : 'off');
  const threshold = LEVELS.indexOf(level);
  if (threshold < 0) {
    throw new ConfigurationError(
      `logLevel (or LOC_LOG) must be one of ${LEVELS.join(', ')}, got ${JSON.stringify(level)}.`,
    );
  }
  // Without a logger, every line goes to standard error: never to standard output, where a program's own
  // output goes (`loc … --json`).
  return (at, message) => {
    if (LEVELS.indexOf(at) < threshold) return;
    if (logger) logger[at](`@loc/sdk ${message}`);
    else console.error(`@loc/sdk ${message}`);
  };
}
