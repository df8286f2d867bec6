// Errors name what to check (issue 34): a connection failure names the base URL it tried and where that
// came from (the option, the environment variable, or the default), a port fetch refuses says so in words,
// and a refused credential names its option and variable. Against real loopback sockets, through the
// global fetch, as a user's program meets them; no credential in any message or JSON.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionError, AuthenticationError, createCdnClient, createClient } from '../src/index';
import { resolveConfig } from '../src/request/config';
import { useLoopback } from './loopback';

const TOKEN = 'loc_advice_secret_token_135';
const CDN_KEY = 'lh-cdn_advice_secret_key_246';
const loopback = useLoopback();
const cdnBody = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' } as const;

afterEach(() => {
  vi.unstubAllEnvs();
});

function failureOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: Error) => error,
  );
}

function expectNoSecret(error: Error) {
  expect(error.message).not.toContain(TOKEN);
  expect(error.message).not.toContain(CDN_KEY);
  expect(JSON.stringify(error)).not.toContain(TOKEN);
  const shown = inspect(error, { showHidden: true, depth: 10 });
  expect(shown).not.toContain(TOKEN);
  expect(shown).not.toContain(CDN_KEY);
}

describe('a connection failure names the base URL and where it came from', () => {
  it('given as the baseUrl option', async () => {
    const base = await loopback.refusedBase();
    const error = await failureOf(createClient({ baseUrl: base, token: TOKEN, maxRetries: 0 }).projects.list());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe(
      `GET /v1/projects: could not reach ${base} (baseUrl from the option): ECONNREFUSED: connect ECONNREFUSED ${base.slice('http://'.length)}. Check baseUrl or LOC_BASE_URL.`,
    );
    expectNoSecret(error);
  });

  it('from LOC_BASE_URL', async () => {
    const base = await loopback.refusedBase();
    vi.stubEnv('LOC_BASE_URL', base);
    vi.stubEnv('LOC_API_TOKEN', TOKEN);
    const error = await failureOf(createClient({ maxRetries: 0 }).projects.list());
    expect(error.message).toContain(`could not reach ${base} (baseUrl from LOC_BASE_URL)`);
    expectNoSecret(error);
  });

  it('the CDN check names cdnBaseUrl, and says when it fell back to baseUrl', async () => {
    const base = await loopback.refusedBase();
    vi.stubEnv('LOC_BASE_URL', base);
    const fellBack = await failureOf(createCdnClient({ cdnKey: CDN_KEY, maxRetries: 0 }).check(cdnBody));
    expect(fellBack.message).toContain(`could not reach ${base} (cdnBaseUrl from baseUrl from LOC_BASE_URL)`);
    expect(fellBack.message).toContain('Check cdnBaseUrl or LOC_CDN_BASE_URL.');
    const own = await failureOf(createCdnClient({ cdnBaseUrl: base, cdnKey: CDN_KEY, maxRetries: 0 }).check(cdnBody));
    expect(own.message).toContain(`(cdnBaseUrl from the option)`);
    expectNoSecret(own);
  });

  it('the default, when neither is set', () => {
    vi.stubEnv('LOC_BASE_URL', '');
    expect(resolveConfig({}).from).toMatchObject({
      baseUrl: 'the default',
      cdnBaseUrl: "the service's CDN host for baseUrl from the default",
    });
  });

  it('a port fetch refuses (1) is said in words, not as "bad port"', async () => {
    const error = await failureOf(
      createClient({ baseUrl: 'http://127.0.0.1:1', token: TOKEN, maxRetries: 0 }).projects.list(),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toContain(
      'could not reach http://127.0.0.1:1 (baseUrl from the option): fetch refuses port 1, a "bad port" of the Fetch standard: use another port.',
    );
    expect(error.message).not.toMatch(/\(bad port\)/);
  });
});

describe('a refused credential names its option and variable, never its value', () => {
  it('the CDN key: cdnKey or LOC_CDN_KEY', async () => {
    loopback.script({
      answer: 401,
      body: { status: 401, detail: 'x', errors: [{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }] },
    });
    vi.stubEnv('LOC_CDN_KEY', CDN_KEY);
    const error = await failureOf(createCdnClient({ baseUrl: loopback.base }).check(cdnBody));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toMatch(/ — check cdnKey or LOC_CDN_KEY \(this one from LOC_CDN_KEY\)\.$/);
    expectNoSecret(error);
  });

  it('the API token: token or LOC_API_TOKEN', async () => {
    loopback.script({ answer: 401, body: { error: 'invalid token' } });
    const error = await failureOf(createClient({ baseUrl: loopback.base, token: TOKEN }).projects.list());
    expect(error.message).toMatch(/ — check token or LOC_API_TOKEN \(this one from the option\)\.$/);
    expectNoSecret(error);
  });
});
