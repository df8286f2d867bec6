// Projects: creation (200 per spec.md §4.1, slugs, 422s) and the two status endpoints with their counts.
import { projectRefOf } from '@loc/sdk';
import { ProjectDetailsSchema, ProjectListSchema, ResourceStatusSchema, WorkspaceStatusSchema } from '@loc/sdk/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClock, DEMO, demoSeed, slugify } from '../src';
import { useServer } from './helpers';

const clock = createClock({ frozen: true, start: Date.parse('2026-11-22T10:00:00Z') });
const api = useServer({ clock });
const token = DEMO.tokens.admin;
beforeEach(() => api.server.service.reset());

const create = (body: unknown, who: string = token) => api.call('POST', '/v1/acme/projects', { token: who, body });
const minimal = { title: 'Checkout Flow', resourceType: 'json.standard', sourceLanguageCode: 'en' };
/** The slug of a created project, as the SDK reads it from the answer. */
const slugOf = (json: unknown) => ProjectDetailsSchema.parse(json).project;

describe('POST /v1/{ws}/projects', () => {
  it('answers 200 with V1DetailedProjectInfo of the new project (spec.md §4.1 states 200, not 201)', async () => {
    const result = await create({
      ...minimal,
      description: 'Payment pages',
      targetLanguageCodes: ['de', 'zh-Hant', 'de', 'en'],
    });
    expect(result.status).toBe(200);
    const project = ProjectDetailsSchema.parse(result.json);
    expect(project).toMatchObject({
      title: 'Checkout Flow',
      description: 'Payment pages',
      ownerEmail: 'admin@acme.test',
      // The source first; duplicates and the source itself are dropped from the targets.
      projectLocales: ['en', 'de', 'zh-Hant'],
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    // The wire keeps the real service's snake_case; the SDK's schema maps it.
    expect(result.json).toMatchObject({ owner_email: 'admin@acme.test', project_locales: ['en', 'de', 'zh-Hant'] });
    expect(projectRefOf(project)).toEqual({ workspace: 'acme', project: 'checkout-flow' });
    expect(project.links.map((l) => l.rel)).toEqual(['self', 'status', 'exports']);
    expect(project.links[0]!.href).toBe(`${api.url}/v1/acme/projects/checkout-flow`);
  });

  it('makes the project visible at once: details, list, workspace status and its own status', async () => {
    await create(minimal);
    const details = await api.call('GET', '/v1/acme/projects/checkout-flow', { token });
    expect(details.status).toBe(200);
    expect(details.json.description).toBeNull();
    const list = ProjectListSchema.parse((await api.call('GET', '/v1/projects', { token })).json);
    expect(list.members.map((m) => m.title)).toContain('Checkout Flow');
    const workspace = WorkspaceStatusSchema.parse((await api.call('GET', '/v1/acme/projects/status', { token })).json);
    expect(workspace.find((p) => p.projectUrl === 'checkout-flow')).toMatchObject({
      segmentsCount: 0,
      locales: [{ languageCode: 'en' }],
    });
    const status = ResourceStatusSchema.parse(
      (await api.call('GET', '/v1/acme/projects/checkout-flow/status', { token })).json,
    );
    expect(status.resourceFiles).toEqual([]);
  });

  it.each([
    ['Checkout Flow', 'checkout-flow'],
    ['  Übersetzungen für Café & Bar!  ', 'ubersetzungen-fur-cafe-bar'],
    ['iOS 2.0 — Release', 'ios-2-0-release'],
    ['---x---', 'x'],
    ['Проект', 'proekt'],
    ['Ελληνικό έργο', 'elliniko-ergo'],
    ['مشروع', 'mshrw'],
    ['פרויקט', 'prvykt'],
    ['プロジェクト', 'purojekuto'],
    ['ちゃっと', 'chatto'],
    ['한국어 프로젝트', 'hangukeo-peurojekteu'],
    ['Straße Øresund', 'strasse-oresund'],
  ])('derives the slug of %j by transliteration: %s', async (title, slug) => {
    const result = await create({ ...minimal, title });
    expect(result.status).toBe(200);
    expect(slugOf(result.json)).toBe(slug);
    expect(result.json.title).toBe(title.trim());
  });

  it.each([
    ['日本語プロジェクト', /^purojekuto-[0-9a-f]{6}$/],
    ['中文项目', /^project-[0-9a-f]{6}$/],
    ['🚀', /^project-[0-9a-f]{6}$/],
    ['👩‍👩‍👧 Family app', /^family-app$/],
    ['!!!', /^project-[0-9a-f]{6}$/],
  ])('makes any title a project: %j gets %s', async (title, slug) => {
    const result = await create({ ...minimal, title });
    expect(result.status).toBe(200);
    const url = slugOf(result.json);
    expect(url).toMatch(slug);
    expect(result.json.title).toBe(title);
    const details = await api.call('GET', `/v1/acme/projects/${url}`, { token });
    expect(details.json.title).toBe(title);
    // Titles whose letters cannot all be transliterated keep distinct slugs.
    expect(slugify('日本語プロジェクト')).not.toBe(slugify('英語プロジェクト'));
  });

  it('gives a title whose slug is taken or reserved the next free one', async () => {
    expect(slugOf((await create({ ...minimal, title: 'Café' })).json)).toBe('cafe');
    expect(slugOf((await create({ ...minimal, title: 'Cafe!' })).json)).toBe('cafe-2');
    expect(slugOf((await create({ ...minimal, title: 'Status' })).json)).toBe('status-2');
  });

  it('cuts long slugs at 60 characters without a dangling dash', async () => {
    const title = `${'a'.repeat(59)} b`;
    expect(slugify(title)).toBe('a'.repeat(59));
    const result = await create({ ...minimal, title });
    expect(slugOf(result.json)).toBe('a'.repeat(59));
    expect((await api.call('GET', `/v1/acme/projects/${'a'.repeat(59)}`, { token })).status).toBe(200);
  });

  it('refuses a second project with the same title, up to case and spacing (422, naming it)', async () => {
    expect((await create(minimal)).status).toBe(200);
    const again = await create({ ...minimal, title: 'checkout  FLOW' });
    expect(again.status).toBe(422);
    expect(again.json.error).toMatch(/'Checkout Flow' \(URL 'checkout-flow'\) already exists/);
    // A seeded project's URL is taken too, and the same title in another workspace is fine.
    expect((await create({ ...minimal, title: 'Web Frontend' })).status).toBe(422);
    const globex = await api.call('POST', '/v1/globex/projects', {
      token: DEMO.tokens.globex,
      body: { ...minimal, title: 'Web Frontend' },
    });
    expect(globex.status).toBe(200);
  });

  it.each([
    ['no title', { resourceType: 'json.standard', sourceLanguageCode: 'en' }, /title/],
    ['an empty title', { ...minimal, title: '   ' }, /title/],
    ['a title too long', { ...minimal, title: 'x'.repeat(256) }, /title/],
    ['no resourceType', { title: 'A', sourceLanguageCode: 'en' }, /resourceType/],
    [
      'an unknown resourceType',
      { ...minimal, resourceType: 'docx' },
      /resourceType: "docx" is unknown; use one of json\.standard/,
    ],
    [
      'stringsdict.ios, an export format but not a resource type',
      { ...minimal, resourceType: 'stringsdict.ios' },
      /resourceType/,
    ],
    ['no sourceLanguageCode', { title: 'A', resourceType: 'json.standard' }, /sourceLanguageCode/],
    [
      'an invalid sourceLanguageCode',
      { ...minimal, sourceLanguageCode: 'english' },
      /sourceLanguageCode: "english" is not a language code/,
    ],
    ['an invalid target code', { ...minimal, targetLanguageCodes: ['de', 'xx_YY'] }, /"xx_YY"/],
    ['a number as title', { ...minimal, title: 42 }, /title/],
    ['targetLanguageCodes not an array', { ...minimal, targetLanguageCodes: 'de' }, /targetLanguageCodes/],
    ['a null description', { ...minimal, description: null }, /description/],
    ['an array as body', [minimal], /body/],
  ])('answers 422 for %s, naming the problem', async (_, body, message) => {
    const result = await create(body);
    expect(result.status).toBe(422);
    expect(result.json.error).toMatch(message);
    expect((await api.call('GET', '/v1/projects', { token })).json.members).toHaveLength(4);
  });

  it('lists every problem of a body at once', async () => {
    const result = await create({
      ...minimal,
      resourceType: 'docx',
      sourceLanguageCode: 'e',
      targetLanguageCodes: ['1'],
    });
    expect(result.status).toBe(422);
    expect(result.json.error).toMatch(/docx.*"e".*"1"/);
  });

  it('accepts language codes with scripts and regions', async () => {
    const result = await create({
      ...minimal,
      sourceLanguageCode: 'en-US',
      targetLanguageCodes: ['zh-Hant', 'pt-BR', 'sr-Latn-RS', 'fil'],
    });
    expect(result.status).toBe(200);
    expect(result.json.project_locales).toEqual(['en-US', 'zh-Hant', 'pt-BR', 'sr-Latn-RS', 'fil']);
  });

  it('answers 400 for malformed JSON and for no body', async () => {
    const malformed = await api.call('POST', '/v1/acme/projects', {
      token,
      raw: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/not valid JSON/);
    expect((await api.call('POST', '/v1/acme/projects', { token })).status).toBe(400);
  });

  it('checks the workspace and the permission before the body', async () => {
    expect((await api.call('POST', '/v1/nowhere/projects', { token, body: {} })).status).toBe(404);
    expect((await create({}, DEMO.tokens.developer)).status).toBe(403);
    expect((await api.call('POST', '/v1/globex/projects', { token, body: minimal })).status).toBe(403);
  });
});

describe('GET /v1/{ws}/projects/status', () => {
  it('lists every project of the workspace with per-locale counts by segment status', async () => {
    const result = await api.call('GET', '/v1/acme/projects/status', { token: DEMO.tokens.viewer });
    expect(result.status).toBe(200);
    const projects = WorkspaceStatusSchema.parse(result.json);
    expect(projects.map((p) => p.projectUrl)).toEqual(['mobile-ios', 'mobile-android', 'web-frontend', 'backend']);
    const web = projects.find((p) => p.projectUrl === 'web-frontend')!;
    expect(web).toMatchObject({ title: 'Web frontend', segmentsCount: 14, appUrl: `${api.url}/app/acme/web-frontend` });
    expect(web.links).toEqual([{ rel: 'self', href: `${api.url}/v1/acme/projects/web-frontend` }]);
    expect(web.locales.map((l) => l.languageCode)).toEqual(['en', 'de', 'fr', 'ja']);
    // common.json (12 segments) and checkout.json (2, all approved), added up.
    const counts = Object.fromEntries(web.locales.map((l) => [l.languageCode, l.statuses]));
    expect(counts.en).toEqual({ NOT_TRANSLATED: 0, DRAFT: 0, TRANSLATED: 0, PREFILLED: 0, APPROVED: 14 });
    expect(counts.de).toEqual({ NOT_TRANSLATED: 1, DRAFT: 1, TRANSLATED: 2, PREFILLED: 0, APPROVED: 10 });
    expect(counts.fr).toEqual({ NOT_TRANSLATED: 6, DRAFT: 1, TRANSLATED: 1, PREFILLED: 1, APPROVED: 5 });
    expect(counts.ja).toEqual({ NOT_TRANSLATED: 8, DRAFT: 1, TRANSLATED: 1, PREFILLED: 0, APPROVED: 4 });
    for (const p of projects)
      for (const l of p.locales) expect(Object.values(l.statuses).reduce((a, b) => a + b, 0)).toBe(p.segmentsCount);
  });

  it('shows only that workspace', async () => {
    const result = await api.call('GET', '/v1/globex/projects/status', { token: DEMO.tokens.globex });
    expect(WorkspaceStatusSchema.parse(result.json).map((p) => p.title)).toEqual(['Storefront']);
  });
});

describe('GET /v1/{ws}/projects/{p}/status', () => {
  it('counts the strings of the seed loaded now: a change shows, and reset() shows the seed again', async () => {
    const zhHantOf = async () => {
      const result = await api.call('GET', '/v1/acme/projects/mobile-ios/status', { token });
      const [localizable] = ResourceStatusSchema.parse(result.json).resourceFiles;
      return localizable!.files.find((f) => f.languageCode === 'zh-Hant')!.statuses;
    };
    const before = await zhHantOf();
    const seed = demoSeed();
    const segment = seed.projects.find((p) => p.slug === 'mobile-ios')!.files![0]!.segments[0]!;
    segment.translations = { ...segment.translations, 'zh-Hant': { text: '已更改', status: 'DRAFT' } };
    api.server.service.store.loadSeed(seed, { remember: false });
    expect(await zhHantOf()).not.toEqual(before);
    expect((await zhHantOf()).DRAFT).toBe(before.DRAFT + 1);
    api.server.service.reset();
    expect(await zhHantOf()).toEqual(before);
  });

  it('gives files, per-locale counts, formats and the four repository providers', async () => {
    const result = await api.call('GET', '/v1/acme/projects/mobile-ios/status', { token: DEMO.tokens.developer });
    expect(result.status).toBe(200);
    const status = ResourceStatusSchema.parse(result.json);
    expect(status.resourceFiles.map((f) => f.filePathWithLocalePlaceholder)).toEqual([
      'Resources/%{locale}.lproj/Localizable.strings',
      'Resources/%{locale}.lproj/InfoPlist.strings',
    ]);
    const [localizable, infoPlist] = status.resourceFiles;
    expect(localizable!.uuid).toMatch(/^rc_[\w-]+-1$/);
    expect(infoPlist!.uuid).toMatch(/^rc_[\w-]+-2$/);
    expect(localizable!.basename).toBe('Localizable.strings');
    expect(localizable!.files.map((f) => f.languageCode)).toEqual(['en', 'de', 'fr', 'ja', 'zh-Hant']);
    const zhHant = localizable!.files.find((f) => f.languageCode === 'zh-Hant')!;
    expect(zhHant.statuses).toEqual({ NOT_TRANSLATED: 10, DRAFT: 0, TRANSLATED: 1, PREFILLED: 0, APPROVED: 1 });
    expect(infoPlist!.files.find((f) => f.languageCode === 'de')!.statuses).toEqual({
      NOT_TRANSLATED: 0,
      DRAFT: 0,
      TRANSLATED: 1,
      PREFILLED: 0,
      APPROVED: 1,
    });
    expect(status.supportedExportFormats.map((f) => f.id)).toEqual(
      expect.arrayContaining(['strings.ios', 'stringsdict.ios', 'json.standard']),
    );
    expect(status.supportedExportFormats.map((f) => f.id)).not.toContain('xml.android.resources');
    expect(status.repositoryConnections.map((c) => c.provider).sort()).toEqual([
      'azure',
      'bitbucket',
      'github',
      'gitlab',
    ]);
    expect(status).toMatchObject({
      repositoryConnected: true,
      pushToRepositoryPossible: true,
      projectType: { id: 'strings.ios' },
    });
  });

  it('says when a connected repository cannot be pushed to', async () => {
    const status = ResourceStatusSchema.parse(
      (await api.call('GET', '/v1/acme/projects/mobile-android/status', { token })).json,
    );
    expect(status.repositoryConnections.find((c) => c.provider === 'gitlab')).toMatchObject({
      connected: true,
      canPush: false,
    });
    expect(status).toMatchObject({ repositoryConnected: true, pushToRepositoryPossible: false, pushType: null });
  });

  it('keeps resource container ids stable across reset()', async () => {
    const ids = async () =>
      (await api.call('GET', '/v1/acme/projects/web-frontend/status', { token })).json.resourceFiles.map(
        (f: { uuid: string }) => f.uuid,
      );
    const before = await ids();
    api.server.service.reset();
    expect(await ids()).toEqual(before);
  });
});
