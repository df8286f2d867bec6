// `loc projects` and `loc status` against the real loc-mock, in human and --json form.
import { describe, expect, it } from 'vitest';
import { TOKENS } from '@loc/test-utils';
import { useMock } from './helpers';

const service = useMock();

describe('loc projects list', () => {
  it('prints a table of the projects the token reaches', async () => {
    const result = await service.loc(['projects', 'list']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/WORKSPACE\s+PROJECT\s+TITLE/);
    expect(result.stdout).toMatch(/acme\s+mobile-ios\s+Mobile iOS/);
    expect(result.stdout).not.toMatch(/globex/);
  });

  it('prints one JSON document with --json', async () => {
    const result = await service.loc(['projects', 'list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { projects } = result.json();
    expect(projects).toContainEqual(
      expect.objectContaining({ workspace: 'acme', project: 'web-frontend', title: 'Web frontend' }),
    );
    expect(result.stderr).toBe('');
  });

  it('shows a collaborator only the project they collaborate on', async () => {
    const result = await service.loc(['projects', 'list', '--json'], { env: { LOC_API_TOKEN: TOKENS.collaborator } });
    expect(result.json().projects.map((p: { project: string }) => p.project)).toEqual(['web-frontend']);
  });

  it('exits 3 with what to do when the token is refused', async () => {
    const result = await service.loc(['projects', 'list'], { env: { LOC_API_TOKEN: 'loc_wrong' } });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/token was refused/);
    // The token came from LOC_API_TOKEN, which wins over a login: that is what to check, said once.
    expect(result.stderr.match(/LOC_API_TOKEN/g)).toHaveLength(1);
    expect(result.stderr).toMatch(/Check LOC_API_TOKEN: the token may be unknown, revoked or expired/);
    expect(result.stderr).not.toMatch(/loc login/);
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace without --verbose
  });

  it('names the request id of a failed request with --verbose, and in --json (issue 44)', async () => {
    const shown = await service.loc(['projects', 'show', 'nope', '-w', 'acme', '--verbose']);
    expect(shown.code, shown.stderr).toBe(5);
    const line = shown.stderr.split('\n').find((l) => l.startsWith('✖'));
    expect(line).toMatch(/^✖ Not found \(404\): .* \(request id req_[0-9a-f]{8}_[0-9a-z]+\)\.$/);
    const id = /request id (\S+)\)/.exec(line ?? '')?.[1];
    // The id is the one loc-mock's journal shows for that request.
    const journal = (await (await fetch(`${service.url}/__admin/requests`)).json()) as {
      requests: { requestId: string; status: number }[];
    };
    expect(journal.requests.find((r) => r.requestId === id)?.status).toBe(404);
    const quiet = await service.loc(['projects', 'show', 'nope', '-w', 'acme']);
    expect(quiet.stderr).not.toMatch(/request id/);
    const json = await service.loc(['projects', 'show', 'nope', '-w', 'acme', '--json']);
    expect(json.json().error.requestId).toMatch(/^req_/);
  });

  it('exits 3 when there is no token at all', async () => {
    const result = await service.loc(['projects', 'list'], { env: { LOC_API_TOKEN: undefined } });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/No API token for http:\/\/127\.0\.0\.1/);
  });
});

describe('loc projects show', () => {
  it('shows details, files and formats', async () => {
    const result = await service.loc(['projects', 'show', 'mobile-ios', '--workspace', 'acme']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Mobile iOS/);
    expect(result.stdout).toMatch(/Resources\/%\{locale\}\.lproj\/Localizable\.strings/);
    expect(result.stdout).toMatch(/strings\.ios/);
  });

  it('exits 5 for a project that does not exist', async () => {
    const result = await service.loc(['projects', 'show', 'nope', '--workspace', 'acme', '--json']);
    expect(result.code, result.stderr).toBe(5);
    expect(result.json().error).toMatchObject({ status: 404, exitCode: 5 });
  });
});

describe('loc projects create', () => {
  it('lists every missing flag in CI instead of prompting', async () => {
    const result = await service.loc(['projects', 'create', '--workspace', 'acme']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--title, --resource-type, --source-locale/);
  });

  it('creates a project and derives its slug', async () => {
    const result = await service.loc(
      [
        'projects',
        'create',
        '--workspace',
        'acme',
        '--title',
        'Watch App',
        '--resource-type',
        'strings.ios',
        '--source-locale',
        'en',
        '--target-locale',
        'de,fr',
        '--json',
      ],
      { env: { LOC_API_TOKEN: TOKENS.admin } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.json()).toMatchObject({ workspace: 'acme', project: 'watch-app' });
    expect(result.json().details.projectLocales).toEqual(expect.arrayContaining(['en', 'de', 'fr']));
  });

  it('exits 2 naming a bad language code before sending anything', async () => {
    const result = await service.loc(
      [
        'projects',
        'create',
        '--workspace',
        'acme',
        '--title',
        'Bad',
        '--resource-type',
        'strings.ios',
        '--source-locale',
        'not a locale!',
        '--target-locale',
        'de,xx_YY',
      ],
      { env: { LOC_API_TOKEN: TOKENS.admin, LOC_BASE_URL: 'http://127.0.0.1:9' } },
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/Not a language code: not a locale!, xx_YY\./);
    expect(result.stderr).not.toMatch(/reach/);
  });

  it('exits 6 naming the problem when the service refuses the values', async () => {
    // The same project twice: the second create is the one refused.
    const create = ['projects', 'create', '--workspace', 'acme', '--title', 'Twice'].concat([
      '--resource-type',
      'strings.ios',
      '--source-locale',
      'en',
    ]);
    const env = { LOC_API_TOKEN: TOKENS.admin };
    await service.loc(create, { env });
    const result = await service.loc(create, { env });
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/already exists/);
    expect(result.stderr).not.toMatch(/\.\./);
  });

  it('exits 4 when the role may not create projects', async () => {
    const result = await service.loc(
      [
        'projects',
        'create',
        '--workspace',
        'acme',
        '--title',
        'Nope',
        '--resource-type',
        'strings.ios',
        '--source-locale',
        'en',
      ],
      { env: { LOC_API_TOKEN: TOKENS.viewer } },
    );
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toMatch(/Permission denied/);
    // The permission named from the operation's declaration, not guessed from the URL.
    expect(result.stderr).toMatch(/lacks settingsManage on the workspace, which createProject needs/);
  });
});

describe('loc status', () => {
  it('shows every project of a workspace per locale', async () => {
    const result = await service.loc(['status', '--workspace', 'acme']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/PROJECT\s+LOCALE\s+APPROVED/);
    expect(result.stdout).toMatch(/mobile-ios\s+de\s+\d+(\.\d)? %/);
  });

  it('shows one project per file with --by-file, as JSON', async () => {
    const result = await service.loc([
      'status',
      '--workspace',
      'acme',
      '--project',
      'mobile-ios',
      '--by-file',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const { locales } = result.json();
    const files = new Set(locales.map((l: { file: string }) => l.file));
    expect(files).toEqual(
      new Set(['Resources/%{locale}.lproj/Localizable.strings', 'Resources/%{locale}.lproj/InfoPlist.strings']),
    );
    for (const row of locales) expect(row.counts.APPROVED).toBeLessThanOrEqual(row.segments);
  });

  // A release gate on mobile-ios, run with and without a chosen locale.
  const GATE = ['status', '--workspace', 'acme', '--project', 'mobile-ios', '--min-approved', '95'];

  it('gates a pipeline: exit 11 naming the locales below the threshold', async () => {
    const result = await service.loc(GATE);
    expect(result.code, result.stderr).toBe(11);
    expect(result.stderr).toMatch(/below 95 % approved: de \([\d.]+ %\), fr/);
    expect(result.stderr).not.toMatch(/\ben \(/);
  });

  it('passes the gate when every chosen locale meets it', async () => {
    const result = await service.loc([...GATE, '--locale', 'en']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Every locale meets 95 % approved/);
  });

  it('reports the gate in --json, with exit 11', async () => {
    const result = await service.loc(['status', '--workspace', 'acme', '--min-translated', '80', '--json']);
    expect(result.code, result.stderr).toBe(11);
    const { gate } = result.json();
    expect(gate.passed).toBe(false);
    expect(gate.failing.map((f: { name: string }) => f.name)).toContain('mobile-android/pt-BR');
  });
});
