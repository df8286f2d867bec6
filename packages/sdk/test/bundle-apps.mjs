// What the SDK costs an app: small apps bundled from node_modules the way a user's bundler does it (esbuild,
// minified), measured gzipped. test/bundle-size.test.ts checks them against ceilings; bench/run.mjs reports
// them. Runs against the built dist.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The apps, by name: each imports `@loc/sdk` as a user's code does. */
export const BUNDLE_APPS = {
  /** A web page or edge function that asks for its newest release: the CDN client alone. */
  cdnCheckApp: `import { createCdnClient } from '@loc/sdk';
    const cdn = createCdnClient({ cdnKey: 'lh-cdn_k' });
    cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'NATIVE_FORMAT' }).then(console.log);`,
  /** The full client, one method called: every area comes along (createClient builds them all). */
  clientApp: `import { createClient } from '@loc/sdk';
    createClient({ token: 't' }).projects.list().then(console.log);`,
  /** A web app that takes its strings over the air (@loc/sdk/ota): check, download, verify, unzip, JSON. */
  otaApp: `import { browserStorage, createOtaClient } from '@loc/sdk/ota';
    const ota = createOtaClient({ cdnKey: 'lh-cdn_k', environment: 'PRODUCTION', type: 'NATIVE_FORMAT',
      languageCode: 'de', storage: browserStorage(), fallback: { de: { hello: 'Hallo' } } });
    ota.onUpdate(() => console.log(ota.t('hello')));
    ota.onError((failure) => console.warn(failure.error.message));
    ota.start();`,
  /** Everything the main entry exports. */
  wholeSdk: `export * from '@loc/sdk';`,
};

/**
 * Bundles one app's source with esbuild (minified ESM, for `platform`) and gives its gzipped size in bytes,
 * the files it took in, those of them that left code in the bundle (`carried`), and the bundle (`text`).
 *
 * @example const { gzipped } = await bundleApp(BUNDLE_APPS.cdnCheckApp);
 */
export async function bundleApp(source, platform = 'browser') {
  const result = await build({
    stdin: { contents: source, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  const carried = Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([file]) => file);
  return {
    gzipped: gzipSync(code, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs),
    carried,
    text: result.outputFiles[0].text,
  };
}
