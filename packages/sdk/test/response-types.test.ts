// Response types name only the known fields, so a misspelt field is a compile error (checked by
// `pnpm typecheck`, which covers this file), while fields the service adds still pass at run time.
import { describe, expect, it } from 'vitest';
import type { CdnRelease, Export, ProjectDetails } from '../src/index';
import { CdnReleaseSchema, ExportSchema, ProjectDetailsSchema } from '../src/schemas/index';

/** Never called: its body is only type-checked. */
export function misspelt(release: CdnRelease, project: ProjectDetails, job: Export): unknown[] {
  return [
    // @ts-expect-error the field is `filesUrl`
    release.fileUrl,
    // @ts-expect-error the field is `ownerEmail` (the wire's `owner_email` is mapped by the schema)
    project.owner_email,
    // @ts-expect-error the field is `downloadUrl`
    job.downloadURL,
    // The right names compile.
    release.filesUrl,
    project.ownerEmail,
    job.downloadUrl,
  ];
}

describe('response types', () => {
  it('keep fields the service adds at run time', () => {
    const release = CdnReleaseSchema.parse({
      distributionReleaseId: 'rel_1',
      name: 'r',
      createdAt: '2026-01-01T00:00:00Z',
      filesUrl: 'https://cdn.test/r.zip',
      region: 'eu',
    });
    expect(release).toMatchObject({ region: 'eu' });
    const project = ProjectDetailsSchema.parse({
      title: 'App',
      project_locales: ['en'],
      owner_email: 'a@b.test',
      links: [{ rel: 'self', href: 'https://api.lingohub.com/v1/acme/projects/app' }],
      created_at: 'x',
      updated_at: 'x',
      archived: false,
    });
    expect(project).toMatchObject({ archived: false });
    const job = ExportSchema.parse({
      id: 'reg_1',
      status: 'PROCESSING',
      triggerType: 'API_V1',
      createdAt: 'x',
      priority: 3,
    });
    expect(job).toMatchObject({ priority: 3 });
  });
});
