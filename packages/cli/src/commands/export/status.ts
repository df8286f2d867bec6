import { resolveProject } from '../../project/resolve-project';
import type { Context } from '../../context/context';
import type { ExportStatusOptions } from '../export';

/** `loc export status <id>`: the state of an export; exit code 10 when it failed. */
export async function exportStatus(ctx: Context, id: string, options: ExportStatusOptions): Promise<void> {
  const { client } = await ctx.client();
  const { workspace, project } = await resolveProject(
    ctx,
    client,
    options,
    `loc export status ${id} --workspace acme --project mobile-ios`,
  );
  const job = await client.exports.get(workspace, project, id, { signal: ctx.signal });
  ctx.out.result({ export: job, workspace, project }, () => {
    ctx.out.line(`${job.id}  ${colorStatus(ctx, job.status)}  created ${job.createdAt}`);
    for (const file of job.resourceExports)
      ctx.out.line(`  ${file.filePath}${file.iso2Slug ? ` (${file.iso2Slug})` : ''}  ${file.status}`);
    if (job.status === 'SUCCESS')
      ctx.out.info(`Fetch it with: loc export download ${job.id} --workspace ${workspace} --project ${project}`);
  });
  if (job.status === 'ERROR' || job.status === 'SKIPPED') {
    // The SDK's error for an export that ended without a file: the error table gives its exit code and advice.
    const { ExportFailedError } = await import('@loc/sdk');
    throw new ExportFailedError(job.id, job.status, job.errorDetails ?? null);
  }
}

function colorStatus(ctx: Context, status: string): string {
  const { c } = ctx.out;
  if (status === 'SUCCESS') return c.green(status);
  if (status === 'ERROR' || status === 'SKIPPED') return c.red(status);
  return c.yellow(status);
}
