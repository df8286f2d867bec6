/**
 * The over-the-air client: checks the CDN once a day per install by default (@loc's policy, ./policy.ts),
 * downloads, verifies, unpacks and parses a new release, stores it whole before it becomes current, and
 * serves the current one synchronously. Nothing it does throws into the app: failures are events.
 */
// This file is what an app meets of it: its options, its interface, what a check comes to, what a failure
// says. createOtaClient (./create-client.ts) puts it together from parts a reader can take one at a time:
// when it checks (./schedule.ts), one check (./check.ts), the releases it applies and stores
// (./releases.ts), the strings it serves and t() (./strings.ts), and its events (./events.ts).
import type { LocError } from '../base/errors';
import type { DistributionEnvironment, DistributionType } from '../schemas/cdn';
import { version } from '../../package.json';
import type { Strings } from './parse';
import type { OtaStorage } from './storage';
import type { OtaT } from './typed-keys';
import type { ZipLimits } from './zip';

/** What the client sends as `clientAgent`, as the official SDKs send `<sdk-name>/<version>`. */
export const OTA_CLIENT_AGENT = `@loc/sdk-ota/${version}`;
/** The largest bundle downloaded, in bytes, unless `maxBundleBytes` says otherwise. */
export const DEFAULT_MAX_BUNDLE_BYTES = 16 * 1024 * 1024;

export interface OtaOptions {
  /** The distribution's CDN key (`lh-cdn_…`). Sent to `baseUrl` only; never in an error or event. */
  cdnKey: string;
  environment: DistributionEnvironment;
  type: DistributionType;
  /** The app's semantic version: only releases made for it are offered. */
  clientVersion?: string | undefined;
  /** The user's language (`clientLanguageCode`) and the default locale of `t()` and `strings()`. */
  languageCode?: string | undefined;
  /**
   * Where the install id, the time of the last check and the releases are kept: tabs of one origin and
   * restarts that share it check once a day between them. Default: in memory only.
   */
  storage?: OtaStorage | undefined;
  /**
   * The least time between two checks of the schedule, in ms, stretched by a random 0–20 %
   * (`OTA_CHECK_JITTER`). Default a day (`OTA_CHECK_INTERVAL_MS`), the official SDKs' sample apps'; from a
   * minute (`OTA_MIN_CHECK_INTERVAL_MS`) to a week (`OTA_MAX_PAUSE_MS`). Each check spends one unit of the
   * workspace's CDN budget: docs/ota.md, "What a shorter interval costs".
   */
  checkIntervalMs?: number | undefined;
  /** Base URL of the CDN check. Default `https://cdn.lingohub.com`, the service's CDN host. */
  baseUrl?: string | undefined;
  /** Path of the check below `baseUrl`. Default `/v1/distributions/check` on the service's CDN host, else `/cdn/check`. */
  checkPath?: string | undefined;
  /**
   * Strings shipped with the app, by locale (flat, or nested as i18next's JSON files are): served until a
   * release arrives, and for keys it lacks.
   */
  fallback?: Record<string, Record<string, unknown>> | undefined;
  /** Prefix of every storage key; two clients of different distributions sharing a store need two. */
  storageKey?: string | undefined;
  /** The locale of a bundle file from its path. Default: a path segment named like a locale. */
  localeOf?: ((path: string) => string | undefined) | undefined;
  maxBundleBytes?: number | undefined;
  /** Longest a check or a download may take, in ms, body included; then it fails and is reported. Default 60 000. */
  timeoutMs?: number | undefined;
  zipLimits?: ZipLimits | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  /** The clock (ms since the epoch). Tests and simulations pass their own. */
  now?: (() => number) | undefined;
  /** Random numbers in [0, 1): the interval's jitter, the 5xx retry's wait, the install id's fallback. */
  random?: (() => number) | undefined;
}

/** The release being served. */
export interface OtaRelease {
  id: string;
  name: string;
  createdAt: string;
  /** The locales it has strings for. */
  locales: string[];
}

/** Where a failure happened; the app keeps serving its last good release in every case. */
export type OtaStage = 'check' | 'download' | 'verify' | 'unpack' | 'store' | 'load';

export interface OtaFailure {
  stage: OtaStage;
  /** An SDK error (`LocError`): its message names the problem, never the CDN key. */
  error: LocError;
  /**
   * The HTTP status of a failed check (a 200 without a release counts as failed; a 404 is
   * `DISTRIBUTION_NOT_FOUND`: nothing published for the client's environment, type and version).
   */
  status?: number;
}

/** What `checkNow()` came to. */
export type OtaCheckResult =
  | { status: 'updated'; release: OtaRelease }
  /** 204: nothing newer. */
  | { status: 'current' }
  /**
   * A 429 pause (or, for the schedule, any pause: the interval, another tab's check) is on until `until`
   * (ms since the epoch): no request was sent.
   */
  | { status: 'paused'; until: number }
  | { status: 'failed'; failure: OtaFailure }
  /** `stop()` was called. */
  | { status: 'stopped' };

/**
 * The client of {@link createOtaClient}. `Keys`: the `LocKeys` of a file that `loc export --types` wrote,
 * which types `t()`; without it `t()` takes any key.
 */
export interface OtaClient<Keys = never> {
  /**
   * Resolves once the stored release (if any) is loaded; never rejects. A synchronous store
   * (`localStorage`, `memoryStorage()`) serves it from the first `t()` already. Loading it is not an
   * update: no `onUpdate` event, which would race the app's i18n setup.
   */
  readonly ready: Promise<void>;
  readonly currentRelease: OtaRelease | undefined;
  /** Strings of `locale` (default: `languageCode`), the release's over the fallback's; `{}` when none. */
  strings(locale?: string): Readonly<Strings>;
  /**
   * The text of `key`: the release's, else the fallback's, else the key itself. Never throws. With typed
   * keys (`createOtaClient<LocKeys>()`), the keys whose text needs no value; `typedT(ota)` takes the others.
   */
  readonly t: OtaT<Keys>;
  /** Called with each new release once it is current. Returns a function that removes the listener. */
  onUpdate(listener: (release: OtaRelease) => void): () => void;
  /** Called with each failure. Returns a function that removes the listener. */
  onError(listener: (failure: OtaFailure) => void): () => void;
  /**
   * Checks now, and applies a new release. Never rejects. It does not wait for the interval and ends a 5xx
   * pause early (the CDN may be back), but not a 429 pause: then it answers `paused` and sends nothing.
   * Each call that sends is one more check against the CDN budget.
   */
  checkNow(): Promise<OtaCheckResult>;
  /**
   * Checks when the stored pause ends (at once on a first start), then once per `checkIntervalMs`,
   * whichever tab or process sharing the storage sends the check.
   */
  start(): void;
  /** Stops the schedule; a check under way ends without applying. */
  stop(): void;
}
