/**
 * The over-the-air client: checks the CDN on the official SDKs' schedule (./policy.ts), downloads,
 * verifies, unpacks and parses a new release, stores it whole before it becomes current, and serves the
 * current one synchronously. Nothing it does throws into the app: failures are events.
 */
import { DownloadError, LocError } from '../errors';
import type { CdnRelease, DistributionEnvironment, DistributionType } from '../schemas/cdn';
import { cdnCheckTarget, SERVICE_API_URL } from '../internal/service-hosts';
import { version } from '../../package.json';
import { type CheckAnswer, checkCdn, downloadBundle, type HttpConfig, sha256Hex } from './http';
import { type BundleFiles, flatten, localeOfPath, readBundle, storedFilesFit, type Strings } from './parse';
import { type CheckOutcome, pauseAfter, remainingPause, retryDelayAfterServerError } from './policy';
import { memoryStorage, type OtaStorage } from './storage';
import type { OtaT } from './typed-keys';
import { inflate } from './inflate';
import { DEFAULT_ZIP_LIMITS, unzipWith, type ZipLimits } from './zip';

/** What the client sends as `clientAgent`, as the official SDKs send `<sdk-name>/<version>`. */
export const OTA_CLIENT_AGENT = `@loc/sdk-ota/${version}`;
/** The largest bundle downloaded, in bytes, unless `maxBundleBytes` says otherwise. */
export const DEFAULT_MAX_BUNDLE_BYTES = 16 * 1024 * 1024;
/** The longest a check or a download may take unless `timeoutMs` says otherwise. */
const DEFAULT_TIMEOUT_MS = 60_000;

export interface OtaOptions {
  /** The distribution's CDN key (`lh-cdn_…`). Sent to `baseUrl` only; never in an error or event. */
  cdnKey: string;
  environment: DistributionEnvironment;
  type: DistributionType;
  /** The app's semantic version: only releases made for it are offered. */
  clientVersion?: string | undefined;
  /** The user's language (`clientLanguageCode`) and the default locale of `t()` and `strings()`. */
  languageCode?: string | undefined;
  /** Where the install id, the pause state and the releases are kept. Default: in memory only. */
  storage?: OtaStorage | undefined;
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
  /** The HTTP status of a failed check (a 200 without a release counts as failed). */
  status?: number;
}

/** What `checkNow()` came to. */
export type OtaCheckResult =
  | { status: 'updated'; release: OtaRelease }
  /** 204: nothing newer. */
  | { status: 'current' }
  /** 404 DISTRIBUTION_NOT_FOUND: nothing published yet. */
  | { status: 'none' }
  /** A 429 pause (or, for the schedule, a 5xx one) is on until `until` (ms since the epoch): no request was sent. */
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
   * Checks now, and applies a new release. Never rejects. It ends a 5xx pause early (the CDN may be
   * back), but not a 429 pause: then it answers `paused` and sends nothing.
   */
  checkNow(): Promise<OtaCheckResult>;
  /** Checks when the stored pause ends (at once on a first start), then on the policy's schedule. */
  start(): void;
  /** Stops the schedule; a check under way ends without applying. */
  stop(): void;
}

/** The pause state, stored so that a restart does not reset it. */
interface State {
  user: string;
  /** When the current pause began, its length and why. */
  since: number;
  pauseMs: number;
  reason: 'interval' | 'server-error' | 'rate-limited';
  serverErrors: number;
}

interface StoredRelease extends OtaRelease {
  /** Each locale's JSON files, parsed, in path order: flattened into strings at the locale's first read. */
  files: Record<string, unknown[]>;
}

function uuid(random: () => number): string {
  if (typeof crypto !== 'undefined' && crypto.randomUUID) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) =>
    ((c === 'x' ? random() * 16 : 8 + random() * 4) | 0).toString(16),
  );
}

/** A failure of `stage`: SDK errors as they are; others (a bad ZIP, a full storage) as a LocError that names the stage. */
function failure(stage: OtaStage, error: unknown): OtaFailure {
  if (error instanceof LocError) return { stage, error };
  // A DOMException without a message is named for its meaning (IndexedDB's QuotaExceededError).
  const { name, message } = (error ?? {}) as Partial<Error>;
  return { stage, error: new LocError(`${stage}: ${message || name}`) };
}

/**
 * An over-the-air strings client for web, React Native, Electron and Node apps.
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
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const storage = options.storage ?? memoryStorage();
  const prefix = `${options.storageKey ?? 'loc-ota'}:${options.type}:${options.environment}:`;
  // The SDK's one rule (internal/service-hosts.ts): `baseUrl` here is the CDN host, the service's by default.
  const target = cdnCheckTarget({
    baseUrl: SERVICE_API_URL,
    cdnBaseUrl: options.baseUrl,
    cdnCheckPath: options.checkPath,
  });
  const checkPath = target.cdnCheckPath;
  const checkUrl = `${target.cdnBaseUrl}${checkPath}`;
  const http: HttpConfig = {
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    checkUrl,
  };
  const zipLimits = options.zipLimits ?? DEFAULT_ZIP_LIMITS;
  const updateListeners = new Set<(release: OtaRelease) => void>();
  const errorListeners = new Set<(failure: OtaFailure) => void>();
  let current: StoredRelease | undefined;
  const merged = new Map<string, Strings>();
  let state: State | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;
  let inFlight: Promise<OtaCheckResult> | undefined;

  const emit = <T>(listeners: Set<(value: T) => void>, value: T) => {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch {
        // A listener's bug is the app's to find; it must not stop the others or the client.
      }
    }
  };
  const report = (f: OtaFailure) => {
    emit(errorListeners, f);
    return f;
  };

  async function read<T>(key: string): Promise<T | undefined> {
    const text = await storage.getItem(prefix + key);
    return text ? (JSON.parse(text) as T) : undefined;
  }

  /**
   * Makes `release` current in memory when it differs from the current one; an update event unless it is
   * the release stored at start (`ready` serves that one: an event would race the app's i18n setup).
   */
  function serve(release: StoredRelease, atStart?: boolean): void {
    if (release.id === current?.id) return;
    current = release;
    merged.clear();
    if (!atStart) emit(updateListeners, publicRelease(release));
  }

  /**
   * Stored release `id` from its stored text; undefined when it is missing, damaged or beyond unpacking's
   * limits (too deep: an older client stored it). (strings() takes only arrays from `files`: whatever
   * else a damaged store holds there reads as no strings.)
   */
  function storedRelease(id: unknown, text: string | null | undefined): StoredRelease | undefined {
    const release = text ? (JSON.parse(text) as StoredRelease) : undefined;
    return release && release.id === id && storedFilesFit(release.files, zipLimits.maxTotalBytes) ? release : undefined;
  }

  /** The stored current release, as another tab or process may have just written it (`pointer`: its id, read). */
  async function loadCurrent(pointer?: ReturnType<OtaStorage['getItem']>, atStart?: boolean): Promise<void> {
    try {
      const text = await (pointer ?? storage.getItem(`${prefix}current`));
      const id: unknown = text ? JSON.parse(text) : undefined;
      if (id === undefined || id === current?.id) return;
      const release = storedRelease(id, await storage.getItem(`${prefix}release:${id}`));
      // A pointer whose release is missing or damaged is ignored: the release in memory stays.
      if (!release) return;
      const replaced = current?.id;
      serve(release, atStart);
      // Another tab or process replaced this one's release (or won a race with it): nothing points at it now.
      if (replaced) await storage.removeItem(`${prefix}release:${replaced}`);
    } catch (error) {
      report(failure('load', error));
    }
  }

  async function loadState(): Promise<State> {
    if (state) return state;
    let stored: Partial<State> | undefined;
    try {
      stored = await read<State>('state');
    } catch (error) {
      report(failure('load', error));
    }
    state = {
      user: typeof stored?.user === 'string' && stored.user ? stored.user : uuid(random),
      since: Number(stored?.since) || 0,
      pauseMs: Number(stored?.pauseMs) || 0,
      reason: stored?.reason ?? 'interval',
      serverErrors: Number(stored?.serverErrors) || 0,
    };
    if (!stored?.user) await saveState();
    return state;
  }

  /**
   * Writes the pause state. A failure is reported unless `quiet`: a check whose release could not be stored
   * has reported its store failure already, and a full store refuses the state write right after it too (in
   * Chromium, whether it does depends on when its quota bookkeeping catches up), so one failed store would
   * otherwise be reported once or twice by timing.
   */
  async function saveState(quiet = false): Promise<void> {
    try {
      await storage.setItem(`${prefix}state`, JSON.stringify(state));
    } catch (error) {
      if (!quiet) report(failure('store', error));
    }
  }

  // A synchronous store (localStorage, memoryStorage) serves its release from the first t(), before
  // `ready`; an asynchronous one (IndexedDB, AsyncStorage, files) once `ready` resolves. Neither is an
  // update event. What this read cannot take (a promise, a failure) `ready` reads again and reports.
  let pointer: ReturnType<OtaStorage['getItem']> | undefined;
  try {
    pointer = storage.getItem(`${prefix}current`);
    const id: unknown = typeof pointer === 'string' ? JSON.parse(pointer) : undefined;
    const text = id === undefined ? undefined : storage.getItem(`${prefix}release:${id}`);
    if (typeof text === 'string') current = storedRelease(id, text);
  } catch {
    pointer = undefined;
  }
  const ready = (async () => {
    await loadCurrent(pointer, true);
    await loadState();
  })();

  /**
   * Stores release `id` whole (`text`, its stored form), then points `current` at it; the previous one is
   * removed only after.
   */
  async function store(id: string, text: string): Promise<void> {
    const previous = await read<string>('current').catch(() => undefined);
    const items: [string, string][] = [
      [`${prefix}release:${id}`, text],
      [`${prefix}current`, JSON.stringify(id)],
    ];
    // One atomic write where the store has one; else the release first, so the pointer never leads nowhere.
    if (storage.multiSet) await storage.multiSet(items);
    else for (const [key, value] of items) await storage.setItem(key, value);
    // Another tab or process may have pointed `current` elsewhere meanwhile: remove only what nothing points
    // at, the one replaced, or this one when the other write came last (it lost: nothing will load it).
    const now = await read<string>('current');
    const unused = now === id ? previous : now === undefined ? undefined : id;
    if (unused && unused !== now) await storage.removeItem(`${prefix}release:${unused}`);
  }

  /** Downloads, verifies, unpacks, parses and stores a release; a failure carries the stage it failed in. */
  async function apply(release: CdnRelease): Promise<StoredRelease> {
    let stage: OtaStage = 'download';
    try {
      const bytes = await downloadBundle(http, release.filesUrl, options.maxBundleBytes ?? DEFAULT_MAX_BUNDLE_BYTES);
      stage = 'verify';
      // WebCrypto hashes off the main thread (Node's thread pool, a browser's own): the bundle is unpacked
      // meanwhile, within the ZIP limits, and nothing of it is kept unless the digest matches.
      const digest = release.filesSha256 ? sha256Hex(bytes) : undefined;
      let bundle: BundleFiles | undefined;
      let unpackError: unknown;
      try {
        bundle = readBundle(
          await unzipWith(bytes, zipLimits, inflate),
          options.localeOf ?? localeOfPath,
          zipLimits.maxTotalBytes,
        );
      } catch (error) {
        unpackError = error;
      }
      // String(): the answer is untrusted, and a number there must fail as a mismatch, not as a TypeError.
      if (digest && (await digest) !== String(release.filesSha256).toLowerCase())
        throw new DownloadError('The bundle does not have the SHA-256 the CDN announced');
      stage = 'unpack';
      if (!bundle) throw unpackError;
      const meta: OtaRelease = {
        id: release.distributionReleaseId,
        name: release.name,
        createdAt: release.createdAt,
        locales: Object.keys(bundle.values),
      };
      stage = 'store';
      // The files as their texts came (bundle.json), not JSON.stringify of what they parsed to.
      await store(meta.id, `{"files":${bundle.json},${JSON.stringify(meta).slice(1)}`);
      return { ...meta, files: bundle.values };
    } catch (error) {
      throw { stage, error };
    }
  }

  /** One check, with the 5xx retry, then the download of what it offered (and one fresh check if its URL expired). */
  async function check(asked: boolean): Promise<OtaCheckResult> {
    await ready;
    const s = await loadState();
    await loadCurrent();
    const left = pauseLeft(s);
    // A person's refresh (`asked`: checkNow) may end a 5xx pause early: the CDN may be back. Never a 429's:
    // that is the service's budget, which every install's early check would spend.
    if (left > 0 && (s.reason === 'rate-limited' || (s.reason === 'server-error' && !asked)))
      return { status: 'paused', until: now() + left };
    // The request as the official SDKs send it; clientRelease is read again for the fresh check.
    const ask = () =>
      checkCdn(http, checkUrl, checkPath, options.cdnKey, {
        distributionEnvironment: options.environment,
        distributionType: options.type,
        clientVersion: options.clientVersion,
        clientUser: s.user,
        clientAgent: OTA_CLIENT_AGENT,
        clientRelease: current?.id,
        clientLanguageCode: options.languageCode,
      });
    let outcome: CheckOutcome = { kind: 'ok' };
    let result: OtaCheckResult;
    for (let fresh = 0; ; fresh++) {
      let answer: CheckAnswer | undefined;
      try {
        answer = await ask();
        if (answer.kind === 'error' && answer.status >= 500) {
          const delay = retryDelayAfterServerError(answer.retryAfterMs, random);
          if (delay !== undefined && !stopped) {
            await new Promise((resolve) => setTimeout(resolve, delay));
            answer = await ask();
          }
        }
      } catch (error) {
        // No answer (offline, refused redirect): pauses as a 5xx does, the stored release stays.
        outcome = { kind: 'server-error' };
        result = { status: 'failed', failure: report(failure('check', error)) };
        break;
      }
      if (answer.kind === 'current') result = { status: 'current' };
      else if (answer.kind === 'none') result = { status: 'none' };
      else if (answer.kind === 'error') {
        const { status } = answer;
        outcome =
          status === 429
            ? { kind: 'rate-limited', retryAfterMs: answer.retryAfterMs }
            : status >= 500
              ? { kind: 'server-error' }
              : { kind: 'client-error' };
        result = { status: 'failed', failure: report({ ...failure('check', answer.error), status }) };
      } else {
        try {
          const stored = await apply(answer.release);
          if (stopped) return { status: 'stopped' };
          serve(stored);
          result = { status: 'updated', release: publicRelease(stored) };
        } catch (thrown) {
          const { stage, error } = thrown as { stage: OtaStage; error: unknown };
          const status = (error as { status?: number }).status;
          // A pre-signed URL that expired answers 4xx: the check is asked once more for a fresh one.
          if (stage === 'download' && status! >= 400 && status! < 500 && fresh === 0) continue;
          result = { status: 'failed', failure: report(failure(stage, error)) };
        }
      }
      break;
    }
    const pause = pauseAfter(outcome, s.serverErrors, random);
    state = { ...s, since: now(), ...pause };
    // One check reports one store failure, however many of its writes the store refused.
    await saveState(result.status === 'failed' && result.failure.stage === 'store');
    return result;
  }

  /**
   * What is left of the stored pause. A pause that began in the future (the clock was set back since) is
   * taken to begin now, once: it lasts its length from here, neither 0 nor the clock's jump longer.
   */
  function pauseLeft(s: State): number {
    const t = now();
    if (s.since > t) s.since = t;
    return remainingPause(s.since, s.pauseMs, t);
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      timer = undefined;
      await checkNow(false);
      if (running) schedule(state ? pauseLeft(state) : 0);
    }, delayMs);
    // The schedule alone does not keep a Node process alive (a script that is done can exit).
    (timer as { unref?: () => void }).unref?.();
  }

  function checkNow(asked = true): Promise<OtaCheckResult> {
    if (stopped) return Promise.resolve({ status: 'stopped' });
    inFlight ??= check(asked)
      .catch((error: unknown) => ({ status: 'failed' as const, failure: report(failure('check', error)) }))
      .finally(() => {
        inFlight = undefined;
        // The schedule counts from the pause this check left, not from the one it may have ended.
        if (asked && running && state) schedule(pauseLeft(state));
      });
    return inFlight;
  }

  function strings(locale = options.languageCode ?? ''): Strings {
    let texts = merged.get(locale);
    if (!texts) {
      // Flattened at the locale's first read: the first file (by path) wins a key two files define, and the
      // fallback, flattened too, fills the keys the release lacks (a nested fallback does not shadow a
      // release's `a.b`). No prototype: `constructor` is a key like any other.
      texts = Object.create(null) as Strings;
      // A stored release's `files` has a prototype (and may be damaged): only an array is a locale's files.
      const values = current?.files[locale];
      if (Array.isArray(values)) for (const value of values) flatten(value, texts);
      merged.set(locale, flatten(options.fallback?.[locale], texts));
    }
    return texts;
  }

  return {
    ready,
    get currentRelease() {
      return current && publicRelease(current);
    },
    strings,
    // No `this`: `const { t } = ota` works too.
    t: ((key: string, locale?: string) => {
      const text = strings(locale)[key];
      return typeof text === 'string' ? text : key;
    }) as OtaT<Keys>,
    onUpdate(listener) {
      updateListeners.add(listener);
      return () => updateListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    checkNow: () => checkNow(),
    start() {
      if (running || stopped) return;
      running = true;
      void ready.then(async () => {
        const s = await loadState();
        if (running) schedule(pauseLeft(s));
      });
    },
    stop() {
      running = false;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

function publicRelease({ id, name, createdAt, locales }: StoredRelease): OtaRelease {
  return { id, name, createdAt, locales };
}
