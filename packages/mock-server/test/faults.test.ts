// Fault injection and reset, as users' tests drive them.
import { APIConnectionError, createClient, InternalServerError } from '@loc/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../src';
import { useServer } from './helpers';

const api = useServer();
const faults = () => api.server.service.faults;
beforeEach(() => api.server.service.reset());
const client = (maxRetries = 0) => createClient({ baseUrl: api.url, token: DEMO.tokens.admin, maxRetries, timeoutMs: 5_000 });

describe('faults', () => {
  it('answer the next N matching requests with a status, then recover', async () => {
    faults().failNext({ status: 503, count: 2, path: '/v1/projects' });
    await expect(client().projects.list()).rejects.toBeInstanceOf(InternalServerError);
    await expect(client().projects.list()).rejects.toBeInstanceOf(InternalServerError);
    expect((await client().projects.list()).members.length).toBeGreaterThan(0);
  });

  it('let the SDK retry through a 503', async () => {
    faults().failNext({ status: 503, count: 1 });
    expect((await client(2).projects.list()).members.length).toBeGreaterThan(0);
  });

  it('drop the connection', async () => {
    faults().dropNext(1);
    await expect(client().projects.list()).rejects.toBeInstanceOf(APIConnectionError);
    expect((await client().projects.list()).members.length).toBeGreaterThan(0);
  });

  it('add latency, which a client timeout cuts short', async () => {
    faults().latency(1_500);
    const slow = createClient({ baseUrl: api.url, token: DEMO.tokens.admin, maxRetries: 0, timeoutMs: 200 });
    await expect(slow.projects.list()).rejects.toThrow(/timed out|timeout/i);
  });

  it('reset() restores the seed: created projects and spent budgets are gone', async () => {
    await client().projects.create('acme', { title: 'Temporary', resourceType: 'json.standard', sourceLanguageCode: 'en' });
    expect((await client().projects.list()).members.map((m) => m.title)).toContain('Temporary');
    api.server.service.reset();
    expect((await client().projects.list()).members.map((m) => m.title)).not.toContain('Temporary');
  });
});
