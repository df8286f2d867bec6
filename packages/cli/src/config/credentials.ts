import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LocalFileError } from '../errors';
import { refuseSymlink, writeFileAtomically } from './atomic-write';

/** One account: the API it belongs to and its credentials. */
export interface Profile {
  baseUrl: string;
  token?: string;
  cdnKey?: string;
  /** Where the CDN key is sent, when that is not `baseUrl` (`loc login --cdn-key … --cdn-base-url …`). */
  cdnBaseUrl?: string;
  savedAt: string;
}

interface StoredCredentials {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
const FILE_NAME = 'credentials.json';
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
/** Group and others: none of their bits may be set on the file. */
const SHARED_BITS = 0o077;
/** Others may write: a folder with this bit lets anyone replace the file or plant a link. */
const OTHERS_WRITE = 0o002;

/**
 * The user's config folder for loc, as env-paths (which conf used) names it: `$XDG_CONFIG_HOME/loc` or
 * `~/.config/loc`, `~/Library/Preferences/loc` on macOS, `%APPDATA%\loc\Config` on Windows.
 *
 * @example defaultConfigDir({ XDG_CONFIG_HOME: '/tmp/c' }, 'linux') // '/tmp/c/loc'
 */
function defaultConfigDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'loc');
  if (platform === 'win32') return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), 'loc', 'Config');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'loc');
}

/**
 * Credentials stored by `loc login`: one JSON file only its owner can read and write (0600), in a folder
 * only its owner can enter (0700), in the user's config folder (`configDir`, from LOC_CONFIG_DIR,
 * overrides it). A file found readable by others is made private again, with a warning: its tokens may
 * have been read. Every change is a read-modify-write under a lock file, written to a new file and
 * renamed over the old one: parallel logins all keep their profiles, and a symbolic link in the file's
 * place is refused, never written through.
 */
export async function openCredentials(configDir: string | undefined, warn: (text: string) => void) {
  const dir = configDir ?? defaultConfigDir();
  const path = join(dir, FILE_NAME);
  const read = (): StoredCredentials => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
      throw unreadable(error);
    }
    try {
      const data = JSON.parse(text.replace(/^\uFEFF/, '')) as Partial<StoredCredentials> | null;
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not a JSON object');
      return { ...data, profiles: data.profiles && typeof data.profiles === 'object' ? data.profiles : {} };
    } catch (error) {
      throw unreadable(error);
    }
  };
  const unreadable = (error: unknown) =>
    new LocalFileError(`Cannot read the stored credentials in ${path}: ${(error as Error).message}`, {
      hint: 'Remove the file and run `loc login` again.',
      cause: error,
    });

  if (existsSync(path) && !lstatSync(path).isSymbolicLink() && (statSync(path).mode & SHARED_BITS) !== 0) {
    const mode = (statSync(path).mode & 0o777).toString(8);
    chmodSync(path, FILE_MODE);
    warn(
      `${path} was readable by other users (mode ${mode}); it is now readable only by you (600). ` +
        'If someone else could read it, revoke its tokens and run `loc login` again.',
    );
  }

  /** Changes the stored credentials under the lock: read fresh, change, write whole. */
  const update = (change: (data: StoredCredentials) => void): void => {
    privateFolder(dir);
    refuseSymlink(path, 'credentials');
    withLock(join(dir, `${FILE_NAME}.lock`), () => {
      const data = read();
      change(data);
      writeFileAtomically(path, `${JSON.stringify(data, null, '\t')}\n`, { mode: FILE_MODE, what: 'credentials' });
    });
  };

  return {
    path,
    get(name: string): Profile | undefined {
      return read().profiles[name];
    },
    current(): string {
      return read().currentProfile ?? DEFAULT_PROFILE;
    },
    names(): string[] {
      return Object.keys(read().profiles);
    },
    save(name: string, profile: Profile, makeCurrent: boolean): void {
      update((data) => {
        data.profiles[name] = profile;
        if (makeCurrent) data.currentProfile = name;
      });
    },
    remove(name: string): boolean {
      let removed = false;
      update((data) => {
        removed = data.profiles[name] !== undefined;
        delete data.profiles[name];
        if (data.currentProfile === name) delete data.currentProfile;
      });
      return removed;
    },
    clear(): void {
      update((data) => {
        data.profiles = {};
        delete data.currentProfile;
      });
    },
  };
}
export type CredentialStore = Awaited<ReturnType<typeof openCredentials>>;

/**
 * Creates the folder only its owner may enter, or checks the one that exists: a folder other users may
 * write (or that another user owns) lets them replace the credentials file, so nothing is stored there.
 */
function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  if (process.platform === 'win32') return;
  const stats = statSync(dir);
  const uid = process.getuid?.();
  if ((stats.mode & OTHERS_WRITE) !== 0 || (uid !== undefined && stats.uid !== uid)) {
    const why =
      (stats.mode & OTHERS_WRITE) !== 0
        ? `other users may write to it (mode ${(stats.mode & 0o777).toString(8)})`
        : `it belongs to another user (uid ${stats.uid})`;
    throw new LocalFileError(`Refused to store credentials in ${dir}: ${why}.`, {
      hint: `Use a folder only you can write: \`chmod 700 ${dir}\` if it is yours, or set LOC_CONFIG_DIR to another folder.`,
    });
  }
}

/** How long a lock may be held before it is taken for one a crashed run left behind. */
const STALE_LOCK_MS = 10_000;
/** How many times a held lock is waited for (a holder keeps it for a few milliseconds). */
const LOCK_ATTEMPTS = 1_000;
const LOCK_WAIT_MS = 10;

/** Runs `work` holding `lockPath` (created exclusively, holding our pid); a stale lock is taken over. */
function withLock(lockPath: string, work: () => void): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockPath, 'wx', FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (staleLock(lockPath)) {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (attempt >= LOCK_ATTEMPTS) {
        throw new LocalFileError(`Another loc run holds ${lockPath}.`, {
          hint: 'Wait for it to finish and run the command again; if no loc runs, remove the lock file.',
        });
      }
      // The lock is held for milliseconds: a short synchronous wait (the store's methods are synchronous).
      Atomics.wait(pause, 0, 0, LOCK_WAIT_MS);
      continue;
    }
    try {
      writeSync(fd, String(process.pid));
      closeSync(fd);
      work();
    } finally {
      rmSync(lockPath, { force: true });
    }
    return;
  }
}

/** A lock whose process is gone, or older than {@link STALE_LOCK_MS}. */
function staleLock(lockPath: string): boolean {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8'));
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
      }
    }
    return Date.now() - statSync(lockPath).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}
