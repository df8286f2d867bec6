import { chmodSync, existsSync } from 'node:fs';
import { LocalFileError } from '../errors';

/** One account: the API it belongs to and its credentials. */
export interface Profile {
  baseUrl: string;
  token?: string;
  cdnKey?: string;
  savedAt: string;
}

interface StoredCredentials {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
const FILE_MODE = 0o600;

/**
 * Credentials stored by `loc login`, with conf: one JSON file only its owner can read and write (0600),
 * in the user's config folder (`LOC_CONFIG_DIR` overrides it, for tests and CI caches).
 * conf is loaded only when a command needs stored credentials, to keep start-up fast.
 */
export async function openCredentials(configDir = process.env.LOC_CONFIG_DIR) {
  const { default: Conf } = await import('conf');
  let conf: InstanceType<typeof Conf<StoredCredentials>>;
  try {
    conf = new Conf<StoredCredentials>({
      configName: 'credentials',
      ...(configDir ? { cwd: configDir } : { projectName: 'loc', projectSuffix: '' }),
      configFileMode: FILE_MODE,
      defaults: { profiles: {} },
      clearInvalidConfig: false,
    });
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
      conf.set('profiles', { ...conf.get('profiles'), [name]: profile });
      if (makeCurrent) conf.set('currentProfile', name);
      protect();
    },
    remove(name: string): boolean {
      const { [name]: removed, ...rest } = conf.get('profiles');
      conf.set('profiles', rest);
      if (conf.get('currentProfile') === name) conf.delete('currentProfile');
      protect();
      return removed !== undefined;
    },
    clear(): void {
      conf.set({ profiles: {} });
      conf.delete('currentProfile');
      protect();
    },
  };
}
export type CredentialStore = Awaited<ReturnType<typeof openCredentials>>;
