/** The apps, by name: each imports `@loc/sdk` as a user's code does. */
export declare const BUNDLE_APPS: Record<'cdnCheckApp' | 'clientApp' | 'otaApp' | 'wholeSdk', string>;
/**
 * Bundles one app's source with esbuild and gives its gzipped size in bytes, the files it took in, those
 * of them that left code in the bundle, and the bundle's code.
 */
export declare function bundleApp(
  source: string,
  platform?: 'browser' | 'node',
): Promise<{ gzipped: number; inputs: string[]; carried: string[]; text: string }>;
