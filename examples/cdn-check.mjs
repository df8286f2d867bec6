// Ask the CDN whether a newer release of the app's strings exists, and download it — the job of a
// mobile build step. Exit code 0: downloaded; 20: nothing newer; 1: failed.
//
//   LOC_BASE_URL=http://127.0.0.1:4010 LOC_CDN_KEY=lh-cdn_demo_acme \
//     node examples/cdn-check.mjs 2.1.0 out/release.zip
import { createClient, AuthenticationError, RateLimitError } from '@loc/sdk';
import { downloadRelease } from '@loc/sdk/node';

const [clientVersion = '2.1.0', target = 'out/release.zip', installedRelease] = process.argv.slice(2);
const loc = createClient(); // LOC_BASE_URL and LOC_CDN_KEY from the environment

try {
  const release = await loc.cdn.check({
    distributionEnvironment: 'PRODUCTION',
    distributionType: 'MOBILE_SDK_IOS',
    clientVersion,
    clientRelease: installedRelease,
    clientAgent: 'examples/cdn-check',
  });
  if (!release) {
    console.log('No newer release.');
    process.exitCode = 20;
  } else {
    const file = await downloadRelease(release, target); // verifies filesSha256 when the CDN sends it
    console.log(`Release ${release.name} (${release.distributionReleaseId}) downloaded to ${file.path}`);
  }
} catch (error) {
  if (error instanceof AuthenticationError) console.error('The CDN key was refused: check LOC_CDN_KEY.');
  else if (error instanceof RateLimitError) console.error(`The CDN usage budget is spent (${error.codes.join(', ')}).`);
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
