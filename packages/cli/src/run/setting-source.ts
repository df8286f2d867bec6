/**
 * Where a setting came from, in words, for messages and hints: one module, read by the settings resolver
 * (config/settings.ts), the context and the error table (errors.ts), so that "from LOC_API_TOKEN" is said
 * only of a value that came from LOC_API_TOKEN. Imports nothing: the error table may use it.
 */

/** Where a setting came from (never the value of a credential). */
export type Source = 'flag' | 'environment' | 'config' | 'profile' | 'default';

/** The settings a message can name, each with its flag, variable and loc.config.json key. */
export type SettingName = 'baseUrl' | 'cdnBaseUrl' | 'token' | 'cdnKey';

const NAMES: Record<SettingName, { flag: string; environment: string; config?: string }> = {
  baseUrl: { flag: '--base-url', environment: 'LOC_BASE_URL', config: 'loc.config.json' },
  cdnBaseUrl: { flag: '--cdn-base-url', environment: 'LOC_CDN_BASE_URL', config: 'cdn.baseUrl of loc.config.json' },
  token: { flag: '--token', environment: 'LOC_API_TOKEN' },
  cdnKey: { flag: '--cdn-key', environment: 'LOC_CDN_KEY' },
};

/**
 * Where a setting came from, in words: the flag, the variable, loc.config.json, the profile (by name
 * when `profile` is given), or the default.
 *
 * @example describeSource('config', 'cdnBaseUrl') // 'from cdn.baseUrl of loc.config.json'
 * @example describeSource('profile', 'token', 'work') // "from profile 'work'"
 */
export function describeSource(source: Source, key: SettingName, profile?: string): string {
  if (source === 'profile') return profile ? `from profile '${profile}'` : 'from the stored profile';
  if (source === 'default') return 'the default';
  if (source === 'flag') return `given with ${NAMES[key].flag}`;
  return `from ${source === 'config' ? (NAMES[key].config ?? 'loc.config.json') : NAMES[key].environment}`;
}

/**
 * What the user changes to change a setting of this source: its flag or its variable; undefined for a
 * stored, configured or default value (the caller says what to do then).
 *
 * @example settingToCheck('environment', 'token') // 'LOC_API_TOKEN'
 */
export function settingToCheck(source: Source | undefined, key: SettingName): string | undefined {
  if (source === 'flag') return NAMES[key].flag;
  if (source === 'environment') return NAMES[key].environment;
  return undefined;
}

/** `--base-url / LOC_BASE_URL`: both ways to give a setting. */
export const eitherWay = (key: SettingName) => `${NAMES[key].flag} / ${NAMES[key].environment}`;

/** `loc login` for the default profile, `loc login --profile work` for another. */
export const loginCommand = (profile: string | undefined, defaultProfile: string) =>
  profile && profile !== defaultProfile ? `loc login --profile ${profile}` : 'loc login';
