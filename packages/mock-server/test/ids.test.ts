// Workspaces and projects have ids of the service's forms besides their slugs (`space_…`, `pr_…`:
// real-service-notes.md), and every path takes either, in any mix. Self links keep the slugs, as the
// service's do. Fault scopes name a project by either.
import { createClient } from '@loc/sdk';
import { describe, expect, it } from 'vitest';
import { createClock, DEMO, demoSeed, parseSeed } from '../src';
import { derivedId } from '../src/seed/ids';
import { useServer } from './helpers';

const clock = createClock({ frozen: true, start: Date.parse('2026-11-22T10:00:00Z') });
const api = useServer({ clock });
const token = DEMO.tokens.admin;
const WS = { slug: 'acme', id: DEMO.workspaceIds.acme };
const PR = { slug: 'web-frontend', id: DEMO.projectIds.web };
const MIXES = [
  [WS.slug, PR.slug],
  [WS.id, PR.slug],
  [WS.slug, PR.id],
  [WS.id, PR.id],
] as const;

describe('ids in paths', () => {
  it.each(['', '/status'])('GET …/projects/{project}%s answers the same for slugs, ids and any mix', async (tail) => {
    const answers = await Promise.all(
      MIXES.map(([ws, pr]) => api.call('GET', `/v1/${ws}/projects/${pr}${tail}`, { token })),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it('self links carry the slugs, whichever the path named', async () => {
    const details = await api.call('GET', `/v1/${WS.id}/projects/${PR.id}`, { token });
    expect(details.json.links[0]).toEqual({ rel: 'self', href: `${api.url}/v1/acme/projects/web-frontend` });
  });

  it('GET /v1/{workspace}/projects/status takes the workspace id', async () => {
    const [bySlug, byId] = await Promise.all([
      api.call('GET', '/v1/acme/projects/status', { token }),
      api.call('GET', `/v1/${WS.id}/projects/status`, { token }),
    ]);
    expect(byId.status).toBe(200);
    expect(byId.text).toBe(bySlug.text);
  });

  it('an export requested by ids is read by slugs and the other way round; its ZIP downloads', async () => {
    const created = await api.call('POST', `/v1/${WS.id}/projects/${PR.id}/exports`, { token, body: {} });
    expect(created.status).toBe(200);
    clock.advance(5_000);
    for (const [ws, pr] of MIXES) {
      const got = await api.call('GET', `/v1/${ws}/projects/${pr}/exports/${created.json.id}`, { token });
      expect([got.status, got.json.status]).toEqual([200, 'SUCCESS']);
    }
    const done = await api.call('GET', `/v1/acme/projects/web-frontend/exports/${created.json.id}`, { token });
    expect((await fetch(done.json.downloadUrl)).status).toBe(200);
    // Another project's path does not reach it, by slug or id.
    const other = await api.call('GET', `/v1/${WS.id}/projects/${DEMO.projectIds.ios}/exports/${created.json.id}`, {
      token,
    });
    expect(other.status).toBe(404);
  });

  it('a project created by the workspace id gets an id of its own, in the state and in its paths', async () => {
    const created = await api.call('POST', `/v1/${WS.id}/projects`, {
      token,
      body: { title: 'Made by id', resourceType: 'json.standard', sourceLanguageCode: 'en' },
    });
    expect(created.status, created.text).toBe(200);
    const state = api.server.service.admin.state({});
    const made = state.projects.find((p) => p.slug === 'made-by-id')!;
    expect(made.id).toMatch(/^pr_[A-Za-z0-9]+-\d+$/);
    expect((await api.call('GET', `/v1/acme/projects/${made.id}`, { token })).status).toBe(200);
    api.server.service.reset();
  });

  it('an unknown id is 404 naming it; another workspace’s project id is not found in this one', async () => {
    const unknown = await api.call('GET', '/v1/space_nope-1/projects/web-frontend', { token });
    expect([unknown.status, unknown.json.error]).toEqual([
      404,
      "Workspace 'space_nope-1' does not exist. Check the workspace's URL slug or id.",
    ]);
    const elsewhere = await api.call('GET', `/v1/${DEMO.workspaceIds.globex}/projects/${PR.id}`, {
      token: DEMO.tokens.globex,
    });
    expect(elsewhere.status).toBe(404);
  });

  it('the state lists each workspace’s and project’s id', () => {
    const state = api.server.service.admin.state({});
    expect(state.workspaces).toContainEqual({ slug: 'acme', id: DEMO.workspaceIds.acme, name: 'Acme Inc.' });
    expect(state.projects.find((p) => p.slug === 'mobile-ios')?.id).toBe(DEMO.projectIds.ios);
  });

  it('a fault scoped to a project by ids takes its slug paths too, and the other way round', async () => {
    const { admin } = api.server.service;
    admin.addFault({ kind: 'STATUS', status: 503, project: `${WS.id}/${PR.id}`, count: 2 });
    expect((await api.call('GET', '/v1/acme/projects/web-frontend', { token })).status).toBe(503);
    expect((await api.call('GET', `/v1/acme/projects/${DEMO.projectIds.ios}`, { token })).status).toBe(200);
    admin.clearFaults({});
    admin.addFault({ kind: 'STATUS', status: 503, project: 'acme/web-frontend' });
    expect((await api.call('GET', `/v1/${WS.id}/projects/${PR.id}/status`, { token })).status).toBe(503);
    admin.clearFaults({});
  });
});

describe('the SDK with ids', () => {
  it('lists, reads the status, exports and downloads with ids only; answers name the slugs', async () => {
    const loc = createClient({ baseUrl: api.url, token, maxRetries: 0 });
    const details = await loc.projects.get(WS.id, PR.id);
    expect([details.workspace, details.project]).toEqual(['acme', 'web-frontend']);
    const status = await loc.projects.status(WS.id, PR.id);
    expect(status.resourceFiles.length).toBeGreaterThan(0);
    expect((await loc.projects.workspaceStatus(WS.id)).map((p) => p.projectUrl)).toContain('web-frontend');
    const created = await loc.exports.create(WS.id, PR.id, { iso2Slugs: ['de'] });
    clock.advance(5_000);
    const done = await loc.exports.get(WS.id, PR.id, created.id);
    expect(done.status).toBe('SUCCESS');
    expect((await fetch(done.downloadUrl!)).status).toBe(200);
  });
});

describe('ids in seeds', () => {
  it('are made from the slugs when a seed gives none: the same every run', () => {
    const seed = demoSeed();
    delete (seed.workspaces[0] as { id?: string }).id;
    delete (seed.projects[0] as { id?: string }).id;
    const parsed = parseSeed(seed);
    expect(parsed.workspaces[0]!.id).toBe(derivedId('space', 'acme'));
    expect(parsed.projects[0]!.id).toBe(derivedId('pr', 'acme/mobile-ios'));
    expect(derivedId('pr', 'acme/mobile-ios')).toMatch(/^pr_[A-Za-z0-9]{12}-\d{5}$/);
  });

  it('refuses an id of another form, and one given twice, naming where', () => {
    const bad = demoSeed();
    (bad.projects[0] as { id?: string }).id = 'space_x-1';
    expect(() => parseSeed(bad)).toThrow(/\$\.projects\[0\]\.id: expected a project id such as pr_18JCETCbT9NW-31003/);
    const twice = demoSeed();
    (twice.projects[1] as { id?: string }).id = DEMO.projectIds.ios;
    expect(() => parseSeed(twice)).toThrow(
      /\$\.projects\[1\]\.id: 'pr_18JCETCbT9NW-31003' is the id of \$\.projects\[0\]/,
    );
  });
});
