import { CommanderError } from '@commander-js/extra-typings';
import {
  AbortError,
  APIConnectionError,
  APIError,
  ContractError,
  DownloadError,
  ExportFailedError,
  TimeoutError,
} from '@loc/sdk';
import { describe, expect, it } from 'vitest';
import {
  CliError,
  describeError,
  ERROR_TABLE,
  EXIT,
  exitCodeOf,
  GateFailedError,
  OutOfDateError,
  type RequestSettings,
  RETRIED,
  resumeWith,
  SETTINGS_OF,
  sentence,
  UsageError,
} from './errors';

const api = (status: number, method: string, path: string, body: unknown = { error: 'Project not found.' }) =>
  APIError.from(status, { method, path }, body);

/** An error of a run whose settings came from `sources` (what Context.run marks). */
function ofRun<E extends object>(error: E, sources: Partial<RequestSettings>): E {
  SETTINGS_OF.set(error, {
    baseUrl: 'https://api.lingohub.com',
    baseUrlSource: 'default',
    cdnBaseUrl: 'https://api.lingohub.com',
    cdnBaseUrlSource: 'default',
    cdnBaseUrlIsBase: true,
    tokenSource: undefined,
    cdnKeySource: undefined,
    profile: 'default',
    login: 'loc login',
    ...sources,
  });
  return error;
}

describe('hints name a setting as it was given, once (issue 44)', () => {
  const v1 = { id: 'listProjects', api: 'v1', permission: undefined } as const;
  const cdn = { id: 'checkDistribution', api: 'cdn', permission: undefined } as const;
  const refused = (operation: typeof v1 | typeof cdn) =>
    APIError.from(401, { method: 'GET', path: '/v1/projects', operation }, { error: 'The API token is invalid.' });
  const unreachable = () =>
    new APIConnectionError(
      { method: 'GET', path: '/v1/projects', operation: v1 },
      'could not reach https://api.lingohub.com (baseUrl from the option): ENOTFOUND: getaddrinfo ENOTFOUND api.lingohub.com. Check baseUrl or LOC_BASE_URL.',
      { cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.lingohub.com'), { code: 'ENOTFOUND' }) },
    );

  it.each([
    ['flag', 'Check --token: the token may be unknown, revoked or expired.'],
    ['environment', 'Check LOC_API_TOKEN: the token may be unknown, revoked or expired.'],
    ['profile', "The token stored in profile 'work' was refused: log in again with `loc login --profile work`."],
  ] as const)('a refused token from the %s', (tokenSource, hint) => {
    const error = ofRun(refused(v1), { tokenSource, profile: 'work', login: 'loc login --profile work' });
    expect(describeError(error).hint).toBe(hint);
    expect(`${describeError(error).message} ${hint}`.match(/LOC_API_TOKEN/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('a refused CDN key from the profile: store another there', () => {
    const error = ofRun(refused(cdn), { cdnKeySource: 'profile', profile: 'default', login: 'loc login' });
    expect(describeError(error).hint).toBe(
      "The CDN key stored in profile 'default' was refused: store a new one with `loc login --cdn-key <key>`.",
    );
  });

  it.each([
    [
      'default',
      'https://api.lingohub.com (the default)',
      'or point loc at your service with --base-url / LOC_BASE_URL',
    ],
    ['environment', 'https://api.lingohub.com (from LOC_BASE_URL)', 'Check your network, LOC_BASE_URL, and'],
    ['profile', "https://api.lingohub.com (from profile 'default')", "profile 'default' stores this base URL"],
  ] as const)('a base URL nothing answers at, from the %s', (baseUrlSource, where, hint) => {
    const { message, hint: shown } = describeError(ofRun(unreachable(), { baseUrlSource }));
    expect(message).toBe(
      `Could not reach ${where} for GET /v1/projects: ENOTFOUND: getaddrinfo ENOTFOUND api.lingohub.com.`,
    );
    expect(shown).toContain(hint);
    // The SDK's own advice (its option names) is not repeated beside loc's.
    expect(`${message} ${shown}`).not.toMatch(/from the option|Check baseUrl/);
  });
});

describe('the error table', () => {
  it('takes a request for the CDN check by the operation the SDK states, whatever its path', () => {
    const cdn = { id: 'checkDistribution', api: 'cdn', permission: undefined } as const;
    const keyRefused = { status: 401, errors: [{ field: 'key', infos: ['CDN_KEY_NOT_FOUND'] }] };
    const refused = APIError.from(401, { method: 'POST', path: '/edge/probe', operation: cdn }, keyRefused);
    expect(describeError(refused).hint).toMatch(/--cdn-key/);
    // A path that ends in /check is no sign: only the operation is.
    const v1 = { id: 'listProjects', api: 'v1', permission: undefined } as const;
    expect(describeError(APIError.from(401, { method: 'GET', path: '/v1/check', operation: v1 }, {})).hint).toMatch(
      /loc login/,
    );
  });

  it.each([
    [api(401, 'GET', '/v1/projects'), EXIT.AUTH],
    [
      api(401, 'POST', '/cdn/check', { status: 401, errors: [{ field: 'key', infos: ['CDN_KEY_NOT_FOUND'] }] }),
      EXIT.AUTH,
    ],
    [api(403, 'GET', '/v1/acme/projects/x'), EXIT.PERMISSION],
    [api(404, 'GET', '/v1/acme/projects/x'), EXIT.NOT_FOUND],
    [api(422, 'POST', '/v1/acme/projects'), EXIT.VALIDATION],
    [api(429, 'POST', '/v1/distributions/check'), EXIT.RATE_LIMITED],
    [api(500, 'GET', '/v1/projects'), EXIT.SERVER],
    [new APIConnectionError({ method: 'GET', path: '/v1/projects' }, 'ECONNREFUSED'), EXIT.SERVER],
    [
      new ContractError({ method: 'GET', path: '/v1/projects' }, [{ path: '$.members', message: 'expected array' }]),
      EXIT.SERVER,
    ],
    [new TimeoutError('Export reg_1 was not ready within 10 s', 10_000, 'reg_1'), EXIT.TIMEOUT],
    [new ExportFailedError('reg_1', 'ERROR', 'bad format'), EXIT.OPERATION_FAILED],
    [new DownloadError('cut short'), EXIT.OPERATION_FAILED],
    [new AbortError(), EXIT.INTERRUPTED],
    [new UsageError('bad'), EXIT.USAGE],
    [new GateFailedError('below', ['de']), EXIT.GATE_FAILED],
    [new OutOfDateError('2 files are out of date.', 'Run loc export.'), EXIT.OUT_OF_DATE],
    [new CommanderError(1, 'commander.unknownOption', "error: unknown option '--nope'"), EXIT.USAGE],
    [new CommanderError(0, 'commander.version', '0.1.0'), EXIT.OK],
    [new Error('boom'), EXIT.FAILURE],
    ['a string', EXIT.FAILURE],
  ])('%s → exit %i, with a message', (error, code) => {
    expect(exitCodeOf(error)).toBe(code);
    if (code !== EXIT.OK) expect(describeError(error).message).toMatch(/\S/);
  });

  it('ends with a row that matches anything: an unforeseen error is never exit 0', () => {
    const last = ERROR_TABLE.at(-1)!;
    expect(typeof last[0] === 'function' && (last[0] as (e: unknown) => boolean)(Symbol('x'))).toBe(true);
    expect(exitCodeOf(undefined)).toBe(EXIT.FAILURE);
  });

  it('keeps the SDK’s timeout and abort errors, with the command that resumes the export in the hint', () => {
    const timeout = resumeWith(
      new TimeoutError('Export reg_1 was not ready within 10 s', 10_000, 'reg_1'),
      'loc export download reg_1',
    );
    expect(exitCodeOf(timeout)).toBe(EXIT.TIMEOUT);
    expect(describeError(timeout).hint).toMatch(/Resume with: loc export download reg_1 \(or wait longer/);
    const abort = resumeWith(new AbortError(), 'loc export download reg_1');
    expect(exitCodeOf(abort)).toBe(EXIT.INTERRUPTED);
    expect(describeError(abort)).toEqual({
      message: 'Interrupted; nothing was written.',
      hint: 'Resume with: loc export download reg_1',
    });
  });

  it('says a 5xx was retried only when the SDK retried it (as the context marks it)', () => {
    const retried = api(503, 'GET', '/v1/projects');
    RETRIED.add(retried);
    expect(describeError(retried).hint).toMatch(/retried/);
    expect(describeError(api(503, 'GET', '/v1/projects')).hint).not.toMatch(/retried/);
  });

  it('points a missing export at its id, not at the project list', () => {
    const { message, hint } = describeError(
      api(404, 'GET', '/v1/acme/projects/x/exports/reg_1', { error: 'Export not found.' }),
    );
    expect(message).toBe('No such export (404): Export not found.');
    expect(hint).not.toMatch(/projects list/);
  });

  it('never prints ".." or ". (404)."', () => {
    for (const error of [
      api(404, 'GET', '/v1/acme/projects/x'),
      api(403, 'GET', '/v1/x'),
      api(500, 'GET', '/v1/x', { error: 'Oops.' }),
    ]) {
      expect(describeError(error).message).not.toMatch(/\.\.|\. \(\d+\)/);
    }
    expect(describeError(api(404, 'GET', '/v1/acme/projects/x')).message).toBe('Not found (404): Project not found.');
  });

  it('keeps a CLI error’s own code and hint', () => {
    expect(describeError(new CliError('Nope.', { hint: 'Do this.', exitCode: 10 }))).toEqual({
      message: 'Nope.',
      hint: 'Do this.',
    });
  });
});

describe('sentence', () => {
  it('ends in one full stop', () => {
    expect(sentence('Failed:', 'it broke.')).toBe('Failed: it broke.');
    expect(sentence('Failed:', 'it broke')).toBe('Failed: it broke.');
    expect(sentence('Really?')).toBe('Really?');
  });
});

// Issue 42, point 4: no credential in any message, whoever wrote its text.
describe('messages and hints never show a URL’s query, user name or password', () => {
  it.each([
    new DownloadError('The download from https://files.example/r.zip?X-Amz-Signature=s3cr3t failed: reset'),
    new Error('request to https://u:s3cr3t@files.example/r.zip?sig=s3cr3t failed, reason: ECONNRESET'),
    new UsageError('Bad https://files.example/r.zip#s3cr3t', 'See http://u:s3cr3t@127.0.0.1:1/x?token=s3cr3t'),
  ])('%s', (error) => {
    const { message, hint } = describeError(error);
    expect(`${message} ${hint}`).toMatch(/files\.example\/r\.zip/);
    expect(`${message} ${hint}`).not.toMatch(/s3cr3t/);
  });
});
