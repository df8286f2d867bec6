// No credential is reachable from any error the SDK throws: the whole object graph is walked (own and
// inherited properties, enumerable or not, symbols, getters, `cause` chains, iterables such as Headers),
// and util.inspect with showHidden is searched too, for every kind of failure and both credentials.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/index';
import { downloadToFile } from '../src/node';
import { useLoopback, type Behaviour } from './loopback';

const TOKEN = 'loc_graph_secret_token_789';
const CDN_KEY = 'lh-cdn_graph_secret_key_321';
const loopback = useLoopback();

/** Every path from `root` at which a string containing one of `secrets` is reachable. */
export function findSecrets(root: unknown, secrets: string[]): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown, path: string, depth: number): void => {
    if (typeof value === 'string') {
      if (secrets.some((s) => value.includes(s))) found.push(path);
      return;
    }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || depth > 40) return;
    if (seen.has(value)) return;
    seen.add(value);
    for (
      let proto: object | null = value;
      proto !== null && proto !== Object.prototype && proto !== Function.prototype;
      proto = Object.getPrototypeOf(proto)
    ) {
      for (const key of Reflect.ownKeys(proto)) {
        const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
        const at = `${path}.${String(key)}`;
        if (descriptor.get) {
          let got: unknown;
          try {
            got = descriptor.get.call(value);
          } catch {
            continue;
          }
          visit(got, at, depth + 1);
        } else if (proto === value || typeof descriptor.value !== 'function') {
          visit(descriptor.value, at, depth + 1);
        }
      }
    }
    // Headers, Map, Set and the like hold their entries where no property shows them.
    if (
      typeof value !== 'function' &&
      !Array.isArray(value) &&
      typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function'
    ) {
      let index = 0;
      try {
        for (const entry of value as Iterable<unknown>) {
          if (index > 1_000) break;
          visit(entry, `${path}[@@iterator ${index++}]`, depth + 1);
        }
      } catch {
        // not iterable after all
      }
    }
  };
  visit(root, '$', 0);
  return found;
}

function leaks(error: unknown): string[] {
  const shown = [
    inspect(error, { showHidden: true, depth: Infinity, getters: true }),
    String(error),
    (error as Error)?.stack ?? '',
    JSON.stringify(error) ?? '',
  ].join('\n');
  const inText = [TOKEN, CDN_KEY].filter((s) => shown.includes(s)).map((s) => `printed: ${s.slice(0, 8)}…`);
  return [...findSecrets(error, [TOKEN, CDN_KEY]), ...inText];
}

/** An answer's headers that carry the credentials back (a proxy echoing them, a session cookie). */
const SECRET_HEADERS = {
  'x-request-id': 'req_graph_1',
  'set-cookie': `session=${TOKEN}; HttpOnly`,
  'x-echoed-authorization': `Bearer ${TOKEN}`,
  'x-upstream-token': CDN_KEY,
  'x-api-key': CDN_KEY,
  'x-session': TOKEN,
};

const check = { distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS' } as const;
const calls = {
  'API token (GET /v1/projects)': (base: string, signal?: AbortSignal) =>
    createClient({ baseUrl: base, token: TOKEN, cdnKey: CDN_KEY, timeoutMs: 300, maxRetries: 0 }).projects.list({
      signal,
    }),
  'CDN key (POST /cdn/check)': (base: string, signal?: AbortSignal) =>
    createClient({ baseUrl: base, token: TOKEN, cdnKey: CDN_KEY, timeoutMs: 300, maxRetries: 0 }).cdn.check(check, {
      signal,
    }),
};

const answers: Record<string, Behaviour> = {
  reset: { reset: true },
  timeout: { hang: true },
  '401': { answer: 401, body: { error: 'invalid token' } },
  '404': { answer: 404, body: { type: 'about:blank', status: 404, detail: 'Not Found', errors: [] } },
  '500': { answer: 500, body: { error: 'boom' } },
  '503': { answer: 503 },
  'invalid 2xx body (validation)': { answer: 200, body: { unexpected: true, distributionReleaseId: 5 } },
  // The answer's headers are kept on the error (issue 44): never those that may carry a credential.
  '403 with credentials in its headers': { answer: 403, body: { error: 'no' }, headers: SECRET_HEADERS },
};

describe('the walker', () => {
  it('finds a secret in a non-enumerable symbol, behind a getter, in a cause and in Headers', () => {
    const hidden = new Error('outer');
    Object.defineProperty(hidden, Symbol('options'), {
      value: { headers: new Headers({ authorization: `Bearer ${TOKEN}` }) },
      enumerable: false,
    });
    expect(findSecrets(new Error('x', { cause: hidden }), [TOKEN]).length).toBeGreaterThan(0);
    const withGetter = Object.create({
      get secret() {
        return CDN_KEY;
      },
    });
    expect(findSecrets(new Error('x', { cause: withGetter }), [CDN_KEY])).toEqual(['$.cause.secret']);
  });
});

describe.each(Object.entries(calls))('no credential reachable from errors: %s', (_name, call) => {
  it.each(Object.entries(answers))('%s', async (_kind, behaviour) => {
    loopback.script(behaviour);
    const error = await call(loopback.base).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(leaks(error)).toEqual([]);
  });

  it('keeps the request id and the headers that carry no credential', async () => {
    loopback.script({ answer: 404, body: { error: 'gone' }, headers: { ...SECRET_HEADERS, 'retry-after': '3' } });
    const error = (await call(loopback.base).catch((e: unknown) => e)) as {
      requestId?: string;
      headers?: Record<string, string>;
    };
    expect(error.requestId).toBe('req_graph_1');
    expect(error.headers).toMatchObject({ 'x-request-id': 'req_graph_1', 'retry-after': '3' });
    expect(Object.keys(error.headers ?? {})).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/cookie|authorization|token|api-key|session/)]),
    );
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ requestId: 'req_graph_1' });
  });

  it('connection refused', async () => {
    const error = await call(await loopback.refusedBase()).catch((e: unknown) => e);
    expect((error as Error).name).toBe('APIConnectionError');
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(leaks(error)).toEqual([]);
  });

  it('abort while the request is under way', async () => {
    loopback.script({ hang: true });
    const controller = new AbortController();
    const pending = call(loopback.base, controller.signal).catch((e: unknown) => e);
    await loopback.arrived(1);
    controller.abort();
    const error = await pending;
    expect((error as Error).name).toBe('AbortError');
    expect(leaks(error)).toEqual([]);
  });
});

describe('downloads', () => {
  it('a failed download keeps no fetch error (its URL signature stays out)', async () => {
    const error = await downloadToFile(
      `${await loopback.refusedBase()}/file.zip?X-Signature=${TOKEN}`,
      '/tmp/never-written/x.zip',
    ).catch((e: unknown) => e);
    expect((error as Error).name).toBe('DownloadError');
    expect(leaks(error)).toEqual([]);
  });
});
