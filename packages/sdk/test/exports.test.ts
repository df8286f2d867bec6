import { describe, expect, it, vi } from 'vitest';
import { AbortError, ContractError, ExportFailedError, TimeoutError, type ExportRequest } from '../src/index';
import { BASE, HttpResponse, client, exportJob, http, sequence, useMsw } from './fixtures';

const server = useMsw();
const path = `${BASE}/v1/acme/projects/mobile-app/exports`;
const id = 'reg_18USq6822XIv-19847171';
const success = exportJob('SUCCESS', {
  filePath: 'mobile-app.zip',
  downloadUrl: 'http://127.0.0.1:4998/exports/x.zip?signature=s',
  resourceExports: [{ filePath: 'de.lproj/Localizable.strings', iso2Slug: 'de', status: 'SUCCESS', downloadUrl: null }],
});
const fast = { intervalMs: 10, maxIntervalMs: 20 };

describe('exports', () => {
  it('creates an export with the filters and reads PROCESSING', async () => {
    let received: unknown;
    server.use(
      http.post(path, async ({ request }) => {
        received = await request.json();
        return HttpResponse.json(exportJob('PROCESSING'));
      }),
    );
    const filters: ExportRequest = {
      filePaths: ['Resources/%{locale}.lproj/Localizable.strings'],
      iso2Slugs: ['de'],
      exportFormat: 'strings.ios',
    };
    const job = await client().exports.create('acme', 'mobile-app', filters);
    expect(received).toEqual(filters);
    expect(job).toMatchObject({ id, status: 'PROCESSING', triggerType: 'API_V1', downloadUrl: null });
  });

  it('does not retry the create on 503', async () => {
    const resolver = sequence(() => HttpResponse.json({ error: 'x' }, { status: 503 }));
    server.use(http.post(path, resolver));
    await expect(client().exports.create('acme', 'mobile-app')).rejects.toMatchObject({ status: 503 });
    expect(resolver.calls).toBe(1);
  });

  it('raises 404 for an unknown export id or file path', async () => {
    server.use(http.get(`${path}/:id`, () => HttpResponse.json({ error: 'Export not found' }, { status: 404 })));
    await expect(client().exports.get('acme', 'mobile-app', 'nope')).rejects.toMatchObject({
      status: 404,
      detail: 'Export not found',
    });
  });

  it('polls through NEW, SCHEDULED, PROCESSING and unknown states to SUCCESS, reporting progress', async () => {
    const resolver = sequence(
      () => HttpResponse.json(exportJob('NEW')),
      () => HttpResponse.json(exportJob('SCHEDULED')),
      () => HttpResponse.json(exportJob('QUEUED_SOMEWHERE_NEW')),
      () => HttpResponse.json(exportJob('PROCESSING')),
      () => HttpResponse.json(success),
    );
    server.use(http.get(`${path}/${id}`, resolver));
    const onProgress = vi.fn();
    const done = await client().exports.waitFor('acme', 'mobile-app', id, { ...fast, onProgress });
    expect(done.downloadUrl).toBe(success.downloadUrl);
    expect(onProgress.mock.calls.map((c) => c[0].status)).toEqual([
      'NEW',
      'SCHEDULED',
      'QUEUED_SOMEWHERE_NEW',
      'PROCESSING',
      'SUCCESS',
    ]);
    expect(onProgress.mock.calls[4]![1]).toMatchObject({ poll: 5 });
  });

  it('throws ExportFailedError with errorDetails on ERROR', async () => {
    server.use(
      http.get(`${path}/${id}`, () => HttpResponse.json(exportJob('ERROR', { errorDetails: 'Format not supported' }))),
    );
    const error = await client()
      .exports.waitFor('acme', 'mobile-app', id, fast)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExportFailedError);
    expect(error).toMatchObject({ exportId: id, status: 'ERROR', errorDetails: 'Format not supported' });
    expect((error as Error).message).toContain('Format not supported');
  });

  it('treats SKIPPED as the end, without a file', async () => {
    server.use(http.get(`${path}/${id}`, () => HttpResponse.json(exportJob('SKIPPED'))));
    await expect(client().exports.waitFor('acme', 'mobile-app', id, fast)).rejects.toMatchObject({ status: 'SKIPPED' });
  });

  it('throws TimeoutError carrying the export id when the deadline passes', async () => {
    server.use(http.get(`${path}/${id}`, () => HttpResponse.json(exportJob('PROCESSING'))));
    const error = await client()
      .exports.waitFor('acme', 'mobile-app', id, { ...fast, timeoutMs: 150 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).exportId).toBe(id);
    expect((error as Error).message).toContain(id);
  });

  it('backs off between polls: never sooner than the interval (exact sequence: src/request/poll.test.ts)', async () => {
    const times: number[] = [];
    server.use(
      http.get(`${path}/${id}`, () => {
        times.push(Date.now());
        return HttpResponse.json(times.length < 5 ? exportJob('PROCESSING') : success);
      }),
    );
    await client().exports.waitFor('acme', 'mobile-app', id, { intervalMs: 40, maxIntervalMs: 90 });
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Lower bounds only: a busy machine can make a wait longer, never shorter.
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(55);
    expect(gaps[2]).toBeGreaterThanOrEqual(85);
  });

  it('stops polling when the signal aborts', async () => {
    const controller = new AbortController();
    let polls = 0;
    server.use(
      http.get(`${path}/${id}`, () => {
        // Abort from inside the second poll: the loop must not poll a third time.
        if (++polls === 2) controller.abort();
        return HttpResponse.json(exportJob('PROCESSING'));
      }),
    );
    await expect(
      client().exports.waitFor('acme', 'mobile-app', id, { ...fast, signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(polls).toBe(2);
  });

  it('createAndWait creates then polls to SUCCESS', async () => {
    server.use(
      http.post(path, () => HttpResponse.json(exportJob('PROCESSING'))),
      http.get(
        `${path}/${id}`,
        sequence(
          () => HttpResponse.json(exportJob('PROCESSING')),
          () => HttpResponse.json(success),
        ),
      ),
    );
    await expect(client().exports.createAndWait('acme', 'mobile-app', {}, fast)).resolves.toMatchObject({
      status: 'SUCCESS',
    });
  });

  it('raises a ContractError for SUCCESS without downloadUrl, and for a missing id', async () => {
    server.use(http.get(`${path}/${id}`, () => HttpResponse.json(exportJob('SUCCESS'))));
    await expect(client().exports.waitFor('acme', 'mobile-app', id, fast)).rejects.toThrow(/downloadUrl/);
    const { id: _, ...withoutId } = exportJob('PROCESSING');
    server.use(http.get(`${path}/${id}`, () => HttpResponse.json(withoutId)));
    const error = await client()
      .exports.get('acme', 'mobile-app', id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues[0]!.path).toBe('$.id');
  });
});
