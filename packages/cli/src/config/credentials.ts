import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LocalFileError } from '../run/errors';
import { diskFullError } from '../files/disk-full';
import { refuseSymlink } from './atomic-write';

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
 * The user's config folder for loc, where env-paths (conf's default) puts it: `$XDG_CONFIG_HOME/loc` or
 * `~/.config/loc`, `~/Library/Preferences/loc` on macOS, `%APPDATA%\\loc\\Config` on Windows. Named here,
 * so a message can name the file before conf has read it.
 *
 * @example defaultConfigDir({ XDG_CONFIG_HOME: '/tmp/c' }, 'linux') // '/tmp/c/loc'
 */
function defaultConfigDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'loc');
  if (platform === 'win32') return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), 'loc', 'Config');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'loc');
}

/**
 * Runs `work` under umask 077, so whatever conf creates (the config folder, the file, its temporary
 * twin) is private from the start, whatever the user's umask (a umask of 000 would make the folder 777).
 */
function privately<T>(work: () => T): T {
  const previous = process.umask(SHARED_BITS);
  try {
    return work();
  } finally {
    process.umask(previous);
  }
}

/** conf's reader, stricter: a UTF-8 BOM (Windows editors write one) is read, anything but a JSON object refused. */
function deserialize(text: string): StoredCredentials {
  const data = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not a JSON object');
  return data as StoredCredentials;
}

/**
 * Credentials stored by `loc login`, with conf: one JSON file only its owner can read and write (0600),
 * in a folder only its owner can enter (0700), in the user's config folder (`configDir`, from
 * LOC_CONFIG_DIR, overrides it). A file found readable by others is made private again, with a warning:
 * its tokens may have been read. conf is loaded only when a command needs stored credentials.
 *
 * conf reads the file afresh on every read and writes it whole (atomically: a new file renamed over it),
 * but takes no lock, and its writer follows a symbolic link to replace the link's target. So every change
 * is a read-modify-write under a lock file (parallel logins all keep their profiles), and a link in the
 * file's place is refused under that lock, just before conf writes, never written through.
 */
export async function openCredentials(configDir: string | undefined, warn: (text: string) => void) {
  const { default: Conf } = await import('conf');
  const dir = configDir ?? defaultConfigDir();
  const path = join(dir, FILE_NAME);
  const unreadable = (error: unknown) =>
    new LocalFileError(`Cannot read the stored credentials in ${path}: ${(error as Error).message}`, {
      hint: `Remove the file (\`rm ${path}\`) and run \`loc login\` again.`,
      cause: error,
    });
  let instance: InstanceType<typeof Conf<StoredCredentials>> | undefined;
  /** conf, opened on first use: it reads the file as it opens. */
  const conf = () => {
    try {
      instance ??= privately(
        () =>
          new Conf<StoredCredentials>({
            cwd: dir,
            configName: FILE_NAME.replace(/\.json$/, ''),
            configFileMode: FILE_MODE,
            // No defaults: with them conf would write the file as it opens it, outside the lock.
            deserialize,
            clearInvalidConfig: false,
          }),
      );
    } catch (error) {
      throw unreadable(error);
    }
    return instance;
  };

  if (existsSync(path) && !lstatSync(path).isSymbolicLink() && (statSync(path).mode & SHARED_BITS) !== 0) {
    const mode = (statSync(path).mode & 0o777).toString(8);
    chmodSync(path, FILE_MODE);
    warn(
      `${path} was readable by other users (mode ${mode}); it is now readable only by you (600). ` +
        'If someone else could read it, revoke its tokens and run `loc login` again.',
    );
  }

  const read = (): StoredCredentials => {
    // No file, no credentials: conf would create the folder to say so, and fail in a read-only HOME.
    if (!existsSync(path)) return { profiles: {} };
    const store = conf();
    let data: Partial<StoredCredentials>;
    try {
      data = store.store;
    } catch (error) {
      throw unreadable(error);
    }
    return { ...data, profiles: data.profiles && typeof data.profiles === 'object' ? data.profiles : {} };
  };

  /** Changes the stored credentials under the lock: read fresh, change, written whole by conf. */
  const update = (change: (data: StoredCredentials) => void): void => {
    privateFolder(dir);
    withLock(`${path}.lock`, () => {
      const data = read();
      change(data);
      // Here, under the lock and just before conf writes: conf's writer would replace a link's target.
      refuseSymlink(path, 'credentials');
      const store = conf();
      try {
        privately(() => {
          store.store = data;
        });
      } catch (error) {
        throw (
          diskFullError(error, dir) ??
          new LocalFileError(`Cannot write ${path}: ${(error as Error).message}`, { cause: error })
        );
      }
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
