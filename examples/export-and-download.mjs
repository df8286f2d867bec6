// Export a project's files, wait for the ZIP, and download it — the job a CI pipeline does.
//
//   LOC_BASE_URL=http://127.0.0.1:4010 LOC_API_TOKEN=loc_test_developer \
//     node examples/export-and-download.mjs acme mobile-ios out/strings.zip
import { createClient, ExportFailedError, TimeoutError } from '@loc/sdk';
import { downloadExport } from '@loc/sdk/node';

const [workspace = 'acme', project = 'mobile-ios', target = 'out/export.zip'] = process.argv.slice(2);
const loc = createClient(); // LOC_BASE_URL and LOC_API_TOKEN from the environment

try {
  const job = await loc.exports.create(workspace, project, { iso2Slugs: ['de', 'fr'] });
  console.log(`Export ${job.id} requested`);
  const done = await loc.exports.waitFor(workspace, project, job.id, {
    timeoutMs: 120_000,
    onProgress: (e, { elapsedMs }) => console.log(`  ${e.status} after ${(elapsedMs / 1000).toFixed(1)} s`),
  });
  const file = await downloadExport(done, target);
  console.log(
    `Downloaded ${done.resourceExports.length} files as ${file.path} (${file.bytes} bytes, sha256 ${file.sha256.slice(0, 12)}…)`,
  );
} catch (error) {
  if (error instanceof TimeoutError) console.error(`Still running: resume with export id ${error.exportId}`);
  else if (error instanceof ExportFailedError) console.error(`The export failed: ${error.errorDetails}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
