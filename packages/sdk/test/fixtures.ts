import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createClient, type ClientOptions } from '../src/index';

/** Loopback, so that even a request msw failed to intercept would not leave the machine. */
export const BASE = 'http://127.0.0.1:4999';
export const TOKEN = 'loc_test_secret_token_123';
export const CDN_KEY = 'lh-cdn_secret_key_456';

export const project = {
  title: 'Mobile app',
  description: 'iOS strings',
  project_locales: ['en', 'de', 'zh-Hant'],
  owner_email: 'owner@acme.test',
  links: [{ rel: 'self', href: `${BASE}/v1/acme/projects/mobile-app` }],
  created_at: '2026-01-02T03:04:05Z',
  updated_at: '2026-02-03T04:05:06Z',
};

export const projectList = {
  members: [{ title: 'Mobile app', links: [{ rel: 'self', href: `${BASE}/v1/acme/projects/mobile-app` }] }],
};

export const workspaceStatus = [
  {
    title: 'Mobile app',
    projectUrl: 'mobile-app',
    segmentsCount: 10,
    locales: [
      { languageCode: 'de', statuses: { APPROVED: 7, TRANSLATED: 1, NOT_TRANSLATED: 2 } },
      { languageCode: 'fr', statuses: { APPROVED: 10 } },
    ],
  },
];

export const resourceStatus = {
  resourceFiles: [
    {
      uuid: 'rc_12Mgm0CxW9X1-227535',
      basename: 'Localizable.strings',
      filePathWithLocalePlaceholder: 'Resources/%{locale}.lproj/Localizable.strings',
      files: [
        { name: 'Localizable.strings', languageCode: 'de', mimeType: 'text/plain', statuses: { NOT_TRANSLATED: 13 } },
        { name: 'Localizable.strings', iso2Slug: 'fr', statuses: { APPROVED: 13, PREFILLED: 0 } },
      ],
    },
  ],
  supportedExportFormats: [{ id: 'strings.ios', name: 'iOS strings' }],
  repositoryConnections: [
    { provider: 'github', connected: true },
    { provider: 'bitbucket', connected: false },
    { provider: 'gitlab', connected: false },
    { provider: 'azure', connected: false },
  ],
  repositoryConnected: true,
  pushToRepositoryPossible: true,
};

export const release = {
  distributionReleaseId: 'rel_1',
  name: 'Release 1',
  createdAt: '2026-11-01T10:00:00+01:00',
  filesUrl: 'http://127.0.0.1:4998/releases/rel_1.zip?expires=1&signature=abc',
};

export function exportJob(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'reg_18USq6822XIv-19847171',
    status,
    resourceExports: [],
    errorDetails: null,
    filePath: null,
    downloadUrl: null,
    triggerType: 'API_V1',
    createdAt: '2026-11-22T10:00:00Z',
    ...extra,
  };
}

export const cdnProblem = (status: number, detail: string, field?: string, info?: string) => ({
  type: 'about:blank',
  status,
  detail,
  errors: field ? [{ field, infos: [info] }] : [],
});

/** An msw server for one test file, strict about unhandled requests. */
export function useMsw() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export function client(options: ClientOptions = {}) {
  return createClient({ baseUrl: BASE, token: TOKEN, cdnKey: CDN_KEY, ...options });
}

/** A resolver that answers each call with the next response of the list (the last one repeats). */
export function sequence(...responses: (() => Response)[]): HttpResponseResolver & { calls: number } {
  const resolver = Object.assign(() => responses[Math.min(resolver.calls++, responses.length - 1)]!(), { calls: 0 });
  return resolver as unknown as HttpResponseResolver & { calls: number };
}

export { http, HttpResponse };
