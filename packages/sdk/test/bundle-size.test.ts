// What the SDK costs a web page: the apps of bundle-apps.mjs, bundled the way a user's bundler does it
// (esbuild, browser platform, minified) from the built dist, measured gzipped.
import { describe, expect, it } from 'vitest';
import { BUNDLE_APPS, bundleApp } from './bundle-apps.mjs';

/**
 * Ceilings in gzipped bytes. Issue 23's goals are 10 KB for an app that calls only the CDN check (it stands
 * at ~10.08 KB: no ofetch, since createCdnClient sends over the runtime's fetch) and 14 KB for an app that
 * calls one method of createClient (~16.8 KB); neither is met, so the ceilings sit just above today's sizes
 * (docs/sdk.md, "Size and start-up"). 30 KB is issue 11's goal for the whole root export (~17.6 KB). A
 * change that takes an app past its ceiling fails here.
 */
export const SIZE_LIMITS_GZ = {
  cdnCheckApp: 10.5 * 1024,
  clientApp: 17 * 1024,
  // Issue 24: over-the-air strings with the JSON bundle parser and fflate's inflate (~7.2 KB; docs/ota.md).
  otaApp: 8 * 1024,
  wholeSdk: 30 * 1024,
} as const;

describe('browser bundle size', () => {
  it.each(Object.entries(BUNDLE_APPS))(
    '%s stays under its ceiling, with no Node polyfill or Node module',
    async (name, source) => {
      const { gzipped, inputs } = await bundleApp(source);
      expect(gzipped).toBeLessThanOrEqual(SIZE_LIMITS_GZ[name as keyof typeof SIZE_LIMITS_GZ]);
      expect(inputs.filter((i) => /node-fetch-native|node:/.test(i))).toEqual([]);
    },
  );

  it("sends the CDN check over the runtime's fetch: a CDN-only app carries no ofetch (src/internal/http.ts)", async () => {
    const { carried } = await bundleApp(BUNDLE_APPS.cdnCheckApp);
    expect(carried.filter((file) => /ofetch/.test(file))).toEqual([]);
    expect((await bundleApp(BUNDLE_APPS.clientApp)).carried.filter((file) => /ofetch/.test(file))).not.toEqual([]);
  });

  it('brings no fetch polyfill into a Node bundle either (ofetch is compiled in as its web build)', async () => {
    const { inputs } = await bundleApp(BUNDLE_APPS.cdnCheckApp, 'node');
    expect(inputs.filter((i) => /node-fetch-native/.test(i))).toEqual([]);
  });
});
