// @loc/sdk/ota against the real loc-mock's download faults (POST /__admin/faults): a corrupt, truncated,
// reset or escaping bundle, a wrong SHA-256, a check answer cut in half. The seed gives the web
// distribution two releases: app 1.x gets rel_web_dev (the last good one, applied first), app 2.x gets
// rel_web_next, which each fault spoils. In every case the app keeps serving rel_web_dev, from memory and
// from its store; the failure is one onError event; nothing is thrown; no event or error holds the CDN key.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOtaClient, memoryStorage, type OtaFailure, type OtaStorage } from '@loc/sdk/ota';
import { CDN_KEYS, MOCK_BIN, startMock, type RunningMock } from '@loc/test-utils';

const GOOD = 'rel_web_dev';
const NEXT = 'rel_web_next';
let mock: RunningMock;
let work: string;

/** The demo seed, with a release for app 2.x beside the one for 1.x. */
function seed() {
  const demo = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' }));
  const web = demo.distributions.find((d: { type: string }) => d.type === 'NATIVE_FORMAT');
  web.releases = [
    { ...web.releases[0], id: GOOD, clientVersions: '<2.0.0' },
    { id: NEXT, name: 'Web 2.x', createdAt: '2026-11-21T22:00:00.000Z', clientVersions: '>=2.0.0' },
  ];
  return demo;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'loc-ota-faults-'));
  writeFileSync(join(work, 'seed.json'), JSON.stringify(seed()));
  mock = await startMock(['--seed', join(work, 'seed.json')]);
});
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});
afterEach(async () => {
  await fetch(`${mock.url}/__admin/faults`, { method: 'DELETE' });
});

async function addFault(spec: Record<string, unknown>) {
  const response = await fetch(`${mock.url}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

const client = (storage: OtaStorage, clientVersion: string, timeoutMs?: number) =>
  createOtaClient({
    ...(timeoutMs ? { timeoutMs } : {}),
    cdnKey: CDN_KEYS.acme,
    baseUrl: mock.url,
    environment: 'DEVELOPMENT',
    type: 'NATIVE_FORMAT',
    clientVersion,
    languageCode: 'de',
    storage,
  });

/** A store holding the last good release, applied from the mock as app 1.x. */
async function lastGood(): Promise<OtaStorage> {
  const storage = memoryStorage();
  const result = await client(storage, '1.0.0').checkNow();
  expect(result).toMatchObject({ status: 'updated', release: { id: GOOD } });
  return storage;
}

/** Everything an app could log of a failure: its fields, the error's message, name and stack, and its cause. */
function logged(failures: OtaFailure[]): string {
  return failures
    .map((f) => {
      const cause = (f.error as { cause?: unknown }).cause;
      return `${JSON.stringify(f)} ${f.error.name} ${f.error.message} ${f.error.stack} ${String(cause)} ${JSON.stringify(cause ?? null)}`;
    })
    .join('\n');
}

/**
 * Adds `fault` once the store has app 1.x's good release, runs app 2.x's check on that store, and checks
 * the invariants of every fault.
 */
async function checkSpoiled(fault: Record<string, unknown>, stage: string, timeoutMs?: number) {
  const storage = await lastGood();
  await addFault(fault);
  const app = client(storage, '2.0.0', timeoutMs);
  await app.ready;
  expect(app.currentRelease?.id).toBe(GOOD);
  const failures: OtaFailure[] = [];
  const updates: string[] = [];
  app.onError((f) => failures.push(f));
  app.onUpdate((r) => updates.push(r.id));
  // Awaited as an app would: a rejection fails the test here.
  const result = await app.checkNow();
  expect(result.status).toBe('failed');
  expect(failures.map((f) => f.stage)).toEqual([stage]);
  expect(result).toEqual({ status: 'failed', failure: failures[0] });
  expect(updates).toEqual([]);
  expect(app.currentRelease?.id).toBe(GOOD);
  expect(app.t('app.title')).toBe('Acme Notizen');
  expect(logged(failures)).not.toContain(CDN_KEYS.acme);
  // The store still points at the last good release, whole: the next start serves it.
  const restarted = client(storage, '2.0.0');
  await restarted.ready;
  expect([restarted.currentRelease?.id, restarted.t('checkout.pay')]).toEqual([GOOD, 'Jetzt bezahlen']);
  return { failure: failures[0]!, app };
}

describe('@loc/sdk/ota against loc-mock’s download faults: the last good release stays', () => {
  it('the fault-free path: app 2.x applies rel_web_next over rel_web_dev (the faults below spoil this)', async () => {
    const storage = await lastGood();
    const app = client(storage, '2.0.0');
    expect(await app.checkNow()).toMatchObject({ status: 'updated', release: { id: NEXT } });
    expect(app.t('app.title')).toBe('Acme Notizen');
  });

  it.each([
    ['TRUNCATED_BODY', 'download', /terminated|closed|socket/i],
    ['CONNECTION_RESET_BY_PEER', 'download', /terminated|reset|socket/i],
    // The mock's check names the checksum of the spoiled bundle (the service published it): the ZIP
    // reader, not the SHA-256 test, must refuse it.
    ['CORRUPT_ZIP_CRC', 'unpack', /CRC-32/],
    ['CORRUPT_ZIP_CENTRAL_DIRECTORY', 'unpack', /central directory/],
    ['ZIP_ENTRY_PARENT_PATH', 'unpack', /loc-mock-escaped\.txt.*reads as "\." or "\.\."/],
    ['ZIP_ENTRY_ABSOLUTE_PATH', 'unpack', /absolute path/],
    ['ZIP_ENTRY_SYMLINK', 'unpack', /symbolic link/],
  ])('%s on the bundle download: a %s failure', async (kind, stage, message) => {
    const { failure } = await checkSpoiled({ kind, method: 'GET', pathPattern: `/releases/${NEXT}\\.zip` }, stage);
    expect(failure.error.message).toMatch(message);
  });

  it('STALL_AFTER_BYTES: the download ends at the timeout as a download failure, and the next check runs', async () => {
    // The mock sends half the bundle and then nothing, the connection left open.
    const { failure, app } = await checkSpoiled(
      { kind: 'STALL_AFTER_BYTES', method: 'GET', pathPattern: `/releases/${NEXT}\\.zip` },
      'download',
      1_000,
    );
    expect(failure.error.message).toMatch(/TimeoutError|timed? ?out|aborted/i);
    // The stalled check let go: the next one (the fault used up) applies the release.
    expect(await app.checkNow()).toMatchObject({ status: 'updated', release: { id: NEXT } });
  });

  it('WRONG_SHA256 in the check answer: a verify failure, nothing unpacked or stored', async () => {
    const { failure } = await checkSpoiled({ kind: 'WRONG_SHA256', release: NEXT }, 'verify');
    expect(failure.error.message).toMatch(/SHA-256/);
  });

  it('MALFORMED_JSON: the check answer cut in half is a check failure', async () => {
    const { failure } = await checkSpoiled({ kind: 'MALFORMED_JSON', release: NEXT }, 'check');
    expect(failure.status).toBe(200);
  });
});
