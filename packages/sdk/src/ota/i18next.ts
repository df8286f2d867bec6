import type { OtaClient } from './client';
import type { Strings } from './parse';

/**
 * An i18next backend that reads each language from an over-the-air client: the release's strings over
 * the `fallback` strings the app ships with (so the first render has text, offline too). Each language is
 * one namespace (`translation` unless you name another); keys with dots resolve as i18next resolves nested
 * keys. Pair it with `ota.onUpdate(() => i18next.reloadResources())` so that a new release shows at once.
 *
 * @example
 * import i18next from 'i18next';
 * import { createOtaClient, i18nextBackend } from '@loc/sdk/ota';
 * const ota = createOtaClient({ ...options, fallback: { de: bundledGerman } });
 * await i18next.use(i18nextBackend(ota)).init({ lng: 'de', fallbackLng: 'de' });
 * ota.onUpdate(() => i18next.reloadResources());
 * ota.start();
 */
export function i18nextBackend(ota: Pick<OtaClient, 'ready' | 'strings'>) {
  return {
    type: 'backend' as const,
    init() {},
    read(language: string, _namespace: string, callback: (error: Error | null, strings: Strings | null) => void) {
      // `ready` never rejects: the stored release, when there is one, is served from the first read.
      void ota.ready.then(() => callback(null, { ...ota.strings(language) }));
    },
  };
}
