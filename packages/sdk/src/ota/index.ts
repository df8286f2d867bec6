/**
 * Over-the-air strings for web, React Native, Electron and Node apps: {@link createOtaClient} checks the
 * CDN once a day per install (as the official SDKs' sample apps do; an app may ask for more), verifies and
 * unpacks each new release in memory, keeps it in a storage adapter and serves it synchronously
 * (docs/ota.md).
 *
 * @example
 * import { browserStorage, createOtaClient } from '@loc/sdk/ota';
 * const ota = createOtaClient({ cdnKey: 'lh-cdn_…', environment: 'PRODUCTION', type: 'NATIVE_FORMAT',
 *   languageCode: 'de', storage: browserStorage() });
 * ota.start();
 *
 * @module @loc/sdk/ota
 */
export {
  DEFAULT_MAX_BUNDLE_BYTES,
  OTA_CLIENT_AGENT,
  type OtaCheckResult,
  type OtaClient,
  type OtaFailure,
  type OtaOptions,
  type OtaRelease,
  type OtaStage,
} from './client';
export { createOtaClient } from './create-client';
export { i18nextBackend } from './i18next';
export { indexedDbStorage } from './indexeddb-storage';
export { MAX_NESTING_DEPTH, localeOfPath, parseBundle, type Strings } from './parse';
export {
  OTA_CHECK_INTERVAL_MS,
  OTA_CHECK_JITTER,
  OTA_MAX_PAUSE_MS,
  OTA_MAX_SERVER_ERROR_PAUSE_MS,
  OTA_MIN_CHECK_INTERVAL_MS,
  OTA_RATE_LIMIT_PAUSE_MS,
  OTA_SERVER_ERROR_PAUSE_MS,
  OTA_WAKE_SPREAD_MS,
  pauseAfter,
  remainingPause,
  type CheckOutcome,
  type Pause,
} from './policy';
export { browserStorage, memoryStorage, type OtaStorage } from './storage';
export type { OtaT, OtaValue, OtaValues, TypedT } from './typed-keys';
export { typedT } from './typed-t';
export { DEFAULT_ZIP_LIMITS, unsafeName, unzip, type ZipLimits } from './zip';
