/**
 * createOtaClient: the over-the-air client put together from its parts, each of which a reader can take
 * one at a time: when it checks (./schedule.ts), what a check does (./check.ts), how a release is applied
 * and stored (./releases.ts), the strings it serves and t() (./strings.ts), and its events (./events.ts).
 * Nothing it does throws into the app: failures are events.
 */
import { cdnCheckTarget, SERVICE_API_URL } from '../base/service-hosts';
import type { OtaClient, OtaOptions } from './client';
import type { ClientContext } from './context';
import { createEvents } from './events';
import { OTA_MAX_PAUSE_MS, OTA_MIN_CHECK_INTERVAL_MS } from './policy';
import { createReleases, publicRelease } from './releases';
import { createSchedule } from './schedule';
import { memoryStorage } from './storage';
import { servedStrings } from './strings';
import type { OtaT } from './typed-keys';

/** The longest a check or a download may take unless `timeoutMs` says otherwise. */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * An over-the-air strings client for web, React Native, Electron and Node apps. Throws a `RangeError` for
 * a `checkIntervalMs` out of range (as Node's own APIs do for an option out of range); nothing else it
 * does throws.
 *
 * @example
 * import { createOtaClient, browserStorage } from '@loc/sdk/ota';
 * const ota = createOtaClient({ cdnKey: 'lh-cdn_…', environment: 'PRODUCTION', type: 'NATIVE_FORMAT',
 *   clientVersion: '2.4.0', languageCode: 'de', storage: browserStorage(), fallback: { de: bundledGerman } });
 * ota.onUpdate(() => rerender());
 * ota.start();
 * ota.t('checkout.title');
 * // Typed keys (`loc export --types src/loc-keys.d.ts`):
 * // const typed = createOtaClient<LocKeys>(options); typedT<LocKeys>(typed)('cart.items', { count: 2 });
 */
export function createOtaClient<Keys = never>(options: OtaOptions): OtaClient<Keys> {
  const interval = options.checkIntervalMs;
  // A mistake of units (seconds for milliseconds) would spend the CDN budget a thousand times as fast.
  if (interval !== undefined && !(interval >= OTA_MIN_CHECK_INTERVAL_MS && interval <= OTA_MAX_PAUSE_MS))
    throw new RangeError(
      `checkIntervalMs ${interval}: not ${OTA_MIN_CHECK_INTERVAL_MS} (a minute) to ${OTA_MAX_PAUSE_MS} (a week) ms`,
    );
  const now = options.now ?? Date.now;
  // The SDK's one rule (base/service-hosts.ts): `baseUrl` here is the CDN host, the service's by default.
  const target = cdnCheckTarget({
    baseUrl: SERVICE_API_URL,
    cdnBaseUrl: options.baseUrl,
    cdnCheckPath: options.checkPath,
  });
  const checkPath = target.cdnCheckPath;
  const context: ClientContext = {
    options,
    now,
    random: options.random ?? Math.random,
    storage: options.storage ?? memoryStorage(),
    prefix: `${options.storageKey ?? 'loc-ota'}:${options.type}:${options.environment}:`,
    http: {
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      now,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      checkUrl: `${target.cdnBaseUrl}${checkPath}`,
      checkPath,
    },
    events: createEvents(),
  };
  const served = servedStrings(() => releases.current?.files, options.fallback, options.languageCode);
  const releases = createReleases(context, served.clear);
  const schedule = createSchedule(context, releases);

  return {
    ready: schedule.ready,
    get currentRelease() {
      return releases.current && publicRelease(releases.current);
    },
    strings: served.strings,
    t: served.t as OtaT<Keys>,
    onUpdate: context.events.onUpdate,
    onError: context.events.onError,
    checkNow: () => schedule.checkNow(),
    start: schedule.start,
    stop: schedule.stop,
  };
}
