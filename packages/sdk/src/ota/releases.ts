/**
 * The releases a client applies and keeps: a new one is downloaded, verified, unpacked and parsed, stored
 * whole, and only then made current; the stored current one is loaded at start and adopted when another
 * tab or process stored it. Storage keys: `<prefix>current` (the current release's id) and
 * `<prefix>release:<id>` (the release).
 */
import { DownloadError } from '../base/errors';
import type { CdnRelease } from '../schemas/cdn';
import { DEFAULT_MAX_BUNDLE_BYTES, type OtaRelease, type OtaStage } from './client';
import type { ClientContext } from './context';
import { failure } from './events';
import { downloadBundle, sha256Hex } from './http';
import { inflate } from './inflate';
import { type BundleFiles, localeOfPath, readBundle, storedFilesFit } from './parse';
import type { OtaStorage } from './storage';
import { DEFAULT_ZIP_LIMITS, unzipWith } from './zip';

/** A release as the client keeps it. */
export interface StoredRelease extends OtaRelease {
  /** Each locale's JSON files, parsed, in path order: flattened into strings at the locale's first read. */
  files: Record<string, unknown[]>;
}

/** The releases of one client. */
export interface Releases {
  /** The release being served. */
  readonly current: StoredRelease | undefined;
  /**
   * Loads the stored current release, as another tab or process may have just written it; `atStart`: the
   * release stored at start (its pointer as read then), served without an update event.
   */
  load(atStart?: boolean): Promise<void>;
  /** Downloads, verifies, unpacks, parses and stores a release; a failure carries the stage it failed in. */
  apply(release: CdnRelease): Promise<StoredRelease>;
  /** Makes a release that `apply` stored current. */
  serve(release: StoredRelease): void;
}

/**
 * The releases part of a client: serves the stored release at once when the store is synchronous.
 * `onServe` runs whenever another release becomes current (the strings flattened so far are stale).
 *
 * @example const releases = createReleases(context, () => served.clear());
 */
export function createReleases(context: ClientContext, onServe: () => void): Releases {
  const { options, storage, prefix, events } = context;
  const zipLimits = options.zipLimits ?? DEFAULT_ZIP_LIMITS;
  let current: StoredRelease | undefined;

  /**
   * Makes `release` current in memory when it differs from the current one; an update event unless it is
   * the release stored at start (`ready` serves that one: an event would race the app's i18n setup).
   */
  function serve(release: StoredRelease, atStart?: boolean): void {
    if (release.id === current?.id) return;
    current = release;
    onServe();
    if (!atStart) events.update(publicRelease(release));
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

  async function load(atStart?: boolean): Promise<void> {
    try {
      const text = await ((atStart && pointerAtStart) || storage.getItem(`${prefix}current`));
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
      events.report(failure('load', error));
    }
  }

  async function read<T>(key: string): Promise<T | undefined> {
    const text = await storage.getItem(prefix + key);
    return text ? (JSON.parse(text) as T) : undefined;
  }

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

  async function apply(release: CdnRelease): Promise<StoredRelease> {
    let stage: OtaStage = 'download';
    try {
      const bytes = await downloadBundle(
        context.http,
        release.filesUrl,
        options.maxBundleBytes ?? DEFAULT_MAX_BUNDLE_BYTES,
      );
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

  // A synchronous store (localStorage, memoryStorage) serves its release from the first t(), before
  // `ready`; an asynchronous one (IndexedDB, AsyncStorage, files) once `ready` resolves. Neither is an
  // update event. What this read cannot take (a promise, a failure) `ready` reads again and reports.
  let pointerAtStart: ReturnType<OtaStorage['getItem']> | undefined;
  try {
    pointerAtStart = storage.getItem(`${prefix}current`);
    const id: unknown = typeof pointerAtStart === 'string' ? JSON.parse(pointerAtStart) : undefined;
    const text = id === undefined ? undefined : storage.getItem(`${prefix}release:${id}`);
    if (typeof text === 'string') current = storedRelease(id, text);
  } catch {
    pointerAtStart = undefined;
  }

  return {
    get current() {
      return current;
    },
    load,
    apply,
    serve,
  };
}

/** What the app is shown of a stored release. */
export function publicRelease({ id, name, createdAt, locales }: StoredRelease): OtaRelease {
  return { id, name, createdAt, locales };
}
