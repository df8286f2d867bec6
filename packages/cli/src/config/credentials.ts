import { chmodSync, existsSync, statSync } from 'node:fs';
import { LocalFileError } from '../errors';

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
const FILE_MODE = 0o600;
/** Group and others: none of their bits may be set on the file. */
const SHARED_BITS = 0o077;

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

/**
 * Credentials stored by `loc login`, with conf: one JSON file only its owner can read and write (0600),
 * in a folder only its owner can enter (0700), in the user's config folder (`configDir`, from
 * LOC_CONFIG_DIR, overrides it). A file found readable by others is made private again, with a warning:
 * its tokens may have been read. conf is loaded only when a command needs stored credentials.
 */
export async function openCredentials(configDir: string | undefined, warn: (text: string) => void) {
  const { default: Conf } = await import('conf');
  let conf: InstanceType<typeof Conf<StoredCredentials>>;
  try {
    conf = privately(
      () =>
        new Conf<StoredCredentials>({
          configName: 'credentials',
          ...(configDir ? { cwd: configDir } : { projectName: 'loc', projectSuffix: '' }),
          configFileMode: FILE_MODE,
          defaults: { profiles: {} },
          clearInvalidConfig: false,
        }),
    );
  } catch (error) {
    throw new LocalFileError(`Cannot read the stored credentials: ${(error as Error).message}`, {
      hint: 'Remove the file and run `loc login` again.',
      cause: error,
    });
  }

  /** Tightens the mode even of a file that existed before with a looser one. */
  const protect = () => {
    if (existsSync(conf.path)) chmodSync(conf.path, FILE_MODE);
  };
  if (existsSync(conf.path) && (statSync(conf.path).mode & SHARED_BITS) !== 0) {
    const mode = (statSync(conf.path).mode & 0o777).toString(8);
    protect();
    warn(
      `${conf.path} was readable by other users (mode ${mode}); it is now readable only by you (600). ` +
        'If someone else could read it, revoke its tokens and run `loc login` again.',
    );
  }
  const write = (work: () => void) => {
    privately(work);
    protect();
  };

  return {
    path: conf.path,
    get(name: string): Profile | undefined {
      return conf.get('profiles')[name];
    },
    current(): string {
      return conf.get('currentProfile') ?? DEFAULT_PROFILE;
    },
    names(): string[] {
      return Object.keys(conf.get('profiles'));
    },
    save(name: string, profile: Profile, makeCurrent: boolean): void {
      write(() => {
        conf.set('profiles', { ...conf.get('profiles'), [name]: profile });
        if (makeCurrent) conf.set('currentProfile', name);
      });
    },
    remove(name: string): boolean {
      const { [name]: removed, ...rest } = conf.get('profiles');
      write(() => {
        conf.set('profiles', rest);
        if (conf.get('currentProfile') === name) conf.delete('currentProfile');
      });
      return removed !== undefined;
    },
    clear(): void {
      write(() => {
        conf.set({ profiles: {} });
        conf.delete('currentProfile');
      });
    },
  };
}
export type CredentialStore = Awaited<ReturnType<typeof openCredentials>>;
