// The service takes a workspace's and a project's id wherever it takes their slugs (real-service-notes.md):
// the built `loc` against the real `loc-mock`, with ids only, the whole way — list, status, export, download.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '@loc/mock-server';
import { tempDir } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock(['--export-delay', '20ms']);
const WS = DEMO.workspaceIds.acme;
const WEB = DEMO.projectIds.web;
let work: ReturnType<typeof tempDir>;
beforeEach(() => {
  work = tempDir('loc-ids-');
});
afterEach(() => work.remove());
const loc = (args: string[]) => service.loc(args, { cwd: work.path });

describe('ids only', () => {
  it('list → status → export → download', async () => {
    const listed = await loc(['projects', 'list', '--workspace', WS, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    // The service's self links carry the slugs: the list shows them, whichever the flag named.
    expect(
      listed
        .json()
        .projects.map((p: { project: string }) => p.project)
        .sort(),
    ).toEqual(['backend', 'mobile-android', 'mobile-ios', 'web-frontend']);

    const status = await loc(['status', '--workspace', WS, '--project', WEB, '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json()).toMatchObject({ workspace: WS, project: WEB });
    expect(JSON.stringify(status.json())).toContain('"locale":"de"');

    const requested = await loc(['export', '--workspace', WS, '--project', WEB, '--no-wait']);
    expect(requested.code, requested.stderr).toBe(0);
    const id = requested.stdout.trim();
    expect(id).toMatch(/^reg_/);
    expect(requested.stderr).toContain(`loc export status ${id} --workspace ${WS} --project ${WEB}`);

    const downloaded = await loc(['export', 'download', id, '--workspace', WS, '--project', WEB, '--out', 'out']);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    const common = JSON.parse(readFileSync(join(work.path, 'out', 'locales', 'de', 'common.json'), 'utf8'));
    expect(common['app.title']).toBe('Acme Notizen');
  });

  it('loc export waits and delivers with ids in loc.config.json, and --project shows the project by id', async () => {
    writeFileSync(
      join(work.path, 'loc.config.json'),
      JSON.stringify({ workspace: WS, project: WEB, export: { out: 'web' } }),
    );
    const exported = await loc(['export']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readdirSync(join(work.path, 'web', 'locales')).sort()).toEqual(['de', 'en', 'fr', 'ja']);
    const shown = await loc(['projects', 'show', '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.json().details).toMatchObject({ title: 'Web frontend', workspace: 'acme', project: 'web-frontend' });
  });

  it('an id no workspace has is "not found", and lists nothing', async () => {
    const listed = await loc(['projects', 'list', '--workspace', 'space_nope-1', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json().projects).toEqual([]);
    const status = await loc(['status', '--workspace', 'space_nope-1', '--project', WEB]);
    expect(status.code).toBe(5);
    expect(status.stderr).toMatch(/Workspace 'space_nope-1' does not exist/);
    expect(existsSync(join(work.path, 'out'))).toBe(false);
  });
});
