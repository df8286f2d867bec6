// Bad numeric options fail at once with a ConfigurationError naming the option and its range, before any
// request is sent: a bare RangeError (AbortSignal.timeout) or a back-to-back poll loop is what they gave.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createClient, TimeoutError } from '../src/index';
import { pollUntil } from '../src/internal';
import { downloadToFile } from '../src/node';
import { useLoopback } from './loopback';

const loopback = useLoopback();
const loc = () => createClient({ baseUrl: loopback.base, token: 't', cdnKey: 'lh-cdn_k' });
const bad = [-1, 0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '100' as unknown as number];

describe('option validation', () => {
  it.each(bad)('client timeoutMs %s', (timeoutMs) => {
    expect(() => createClient({ timeoutMs })).toThrow(ConfigurationError);
    expect(() => createClient({ timeoutMs })).toThrow(
      /^timeoutMs must be a number of milliseconds from 1 to 2147483647/,
    );
  });

  it.each([-1, 1.5, Number.NaN, 11, Number.POSITIVE_INFINITY])('client maxRetries %s', (maxRetries) => {
    expect(() => createClient({ maxRetries })).toThrow(/^maxRetries must be a whole number from 0 to 10, got/);
  });

  it.each(bad)('per-call timeoutMs %s: nothing is sent', async (timeoutMs) => {
    loopback.script({ answer: 200, body: { members: [] } });
    const error = await loc()
      .projects.list({ timeoutMs })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/^timeoutMs must be a number of milliseconds from 1 to 2147483647/);
    expect(loopback.hits).toEqual([]);
  });

  it('per-call maxRetries -1: nothing is sent', async () => {
    await expect(loc().projects.list({ maxRetries: -1 })).rejects.toThrow(
      /^maxRetries must be a whole number from 0 to 10, got -1/,
    );
    expect(loopback.hits).toEqual([]);
  });

  it.each([
    ['intervalMs', 0],
    ['intervalMs', -5],
    ['intervalMs', Number.NaN],
    ['maxIntervalMs', 0],
    ['timeoutMs', Number.POSITIVE_INFINITY],
    ['timeoutMs', -1],
  ])('poll %s %s: no poll is made', async (name, value) => {
    let polls = 0;
    const error = await pollUntil(
      async () => ++polls,
      () => false,
      { [name]: value, onTimeout: (ms) => new TimeoutError('t', ms) },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(new RegExp(`^${name} must be a number of milliseconds from 1 to`));
    expect(polls).toBe(0);
  });

  it('exports.waitFor with intervalMs 0 sends nothing', async () => {
    await expect(loc().exports.waitFor('acme', 'app', 'e1', { intervalMs: 0 })).rejects.toThrow(/^intervalMs must be/);
    expect(loopback.hits).toEqual([]);
  });

  it('exports.createAndWait with a bad poll option starts no export', async () => {
    await expect(loc().exports.createAndWait('acme', 'app', {}, { maxIntervalMs: -1 })).rejects.toThrow(
      /^maxIntervalMs must be/,
    );
    expect(loopback.hits).toEqual([]);
  });

  it('downloads: idleTimeoutMs and maxBytes', async () => {
    await expect(
      downloadToFile(`${loopback.base}/x.zip`, '/tmp/loc-never/x.zip', { idleTimeoutMs: 0 }),
    ).rejects.toThrow(/^idleTimeoutMs must be/);
    await expect(downloadToFile(`${loopback.base}/x.zip`, '/tmp/loc-never/x.zip', { maxBytes: -1 })).rejects.toThrow(
      /^maxBytes must be a whole number ≥ 0, got -1/,
    );
    expect(loopback.hits).toEqual([]);
  });
});
