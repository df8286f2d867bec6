import { statfsSync } from 'node:fs';
import { CliError, LocalFileError } from '../run/errors';
import { formatBytes } from '../ui/quantities';

/** The code of a file system error, looked for along the `cause` chain (the SDK wraps what it catches). */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') return code;
  }
  return undefined;
}

function freeBytes(where: string): number | undefined {
  try {
    const { bavail, bsize } = statfsSync(where);
    return Number(bavail) * Number(bsize);
  } catch {
    return undefined;
  }
}

/**
 * The error to report when `error` is a full disk (ENOSPC), a used-up quota (EDQUOT) or a file larger than
 * the file system takes (EFBIG) while writing into `where`: the cause, the place and how much was needed,
 * not a damaged archive or a network failure. Undefined for any other error.
 */
export function diskFullError(error: unknown, where: string, neededBytes?: number): LocalFileError | undefined {
  // Said already, by the step that knew more (how much an archive needed).
  if (error instanceof CliError) return undefined;
  const code = codeOf(error);
  if (!code) return undefined;
  const needed = neededBytes === undefined ? '' : ` ${formatBytes(neededBytes)} were needed`;
  if (code === 'EFBIG') {
    return new LocalFileError(
      `A file is too large for the file system of ${where} (EFBIG)${needed ? `:${needed}` : ''}. Nothing was changed.`,
      { hint: 'Write to a file system without that size limit, or raise the limit (ulimit -f).', cause: error },
    );
  }
  const free = freeBytes(where);
  const detail = [needed.trim(), free === undefined ? '' : `${formatBytes(free)} ${free === 1 ? 'is' : 'are'} free`]
    .filter(Boolean)
    .join(', ');
  return new LocalFileError(
    `The disk holding ${where} is full (${code === 'EDQUOT' ? 'EDQUOT, the disk quota is used up' : 'ENOSPC'})${detail ? `: ${detail}` : ''}. Nothing was changed.`,
    { hint: 'Free some space (or choose an output folder on another disk) and run the command again.', cause: error },
  );
}
