// loc.resources on a real socket: an upload is never sent twice, and what it sends is what the service's
// own curl example sends. Loopback servers of this file's own (no msw: the SDK's fetch runs as in production).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, InternalServerError } from '../src/index';
import { fileFromPath } from '../src/node';
import { client, TOKEN } from './fixtures';
import { useLoopback } from './loopback';

const imported = { name: 'translations.en.json', project_locale: 'en' };

describe('an upload is sent once', () => {
  const loopback = useLoopback();
  const upload = (base: string, options: { maxRetries?: number } = {}) =>
    client({ baseUrl: base, maxRetries: 5, ...options }).resources.upload('acme', 'web-frontend', {
      file: '{"a":"b"}',
      name: 'a.json',
    });

  it('is not repeated after a 503, whatever maxRetries says', async () => {
    loopback.script({ answer: 503, body: { error: 'busy' } });
    await expect(upload(loopback.base)).rejects.toBeInstanceOf(InternalServerError);
    expect(loopback.hits).toEqual(['POST /v1/acme/projects/web-frontend/resources']);
  });

  it('is not repeated when the connection drops after its body was sent', async () => {
    loopback.script({ reset: true });
    await expect(upload(loopback.base)).rejects.toBeInstanceOf(APIConnectionError);
    expect(loopback.hits).toHaveLength(1);
  });

  it('is not repeated as a ZIP either', async () => {
    loopback.script({ answer: 502, body: { error: 'bad gateway' } });
    const zip = client({ baseUrl: loopback.base, maxRetries: 5 }).resources.uploadZip('acme', 'web-frontend', {
      file: new Uint8Array([80, 75, 5, 6, ...new Array(18).fill(0)]),
    });
    await expect(zip).rejects.toMatchObject({ status: 502 });
    expect(loopback.hits).toEqual(['POST /v1/acme/projects/web-frontend/resources/zip']);
  });
});

describe("the upload's wire format", () => {
  // The service's own example (docs.lingohub.com, "Resources"): `curl -X POST ".../resources"
  // -F "iso2_slug=en" -F "path=/config/locales" -F "file=@/config/locales/translations.en.json"`. Both
  // requests go to a loopback server that keeps them as they came; what matters to the service must agree.
  const requests: { head: IncomingMessage; body: Buffer }[] = [];
  let base = '';
  const raw = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({ head: req, body: Buffer.concat(chunks) });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(imported));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => raw.close(() => resolve())));

  /** A request's parts, as a server reads them: each part's headers and content. */
  function partsOf({ head, body }: { head: IncomingMessage; body: Buffer }) {
    const boundary = /boundary=(.+)$/.exec(head.headers['content-type']!)![1]!.replace(/^"|"$/g, '');
    const pieces = body.toString('latin1').split(`--${boundary}`);
    expect(pieces.at(-1)).toBe('--\r\n');
    return pieces.slice(1, -1).map((piece) => {
      const [headers, ...content] = piece.slice(2, -2).split('\r\n\r\n');
      const disposition = /^content-disposition: (.*)$/im.exec(headers!)![1]!;
      return { disposition, content: content.join('\r\n\r\n') };
    });
  }

  it("is the service's curl example: the same parts, names, order, file name and bytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loc-curl-'));
    const path = join(dir, 'translations.en.json');
    writeFileSync(path, '{\n  "hello": "Hello \\"world\\"",\n  "bye": "Tschüss"\n}\n');
    await promisify(execFile)('curl', [
      '-sS',
      '-X',
      'POST',
      `${base}/v1/acme/projects/web-frontend/resources`,
      '-H',
      `Authorization: Bearer ${TOKEN}`,
      '-F',
      'iso2_slug=en',
      '-F',
      'path=/config/locales',
      '-F',
      `file=@${path}`,
    ]);
    await client({ baseUrl: base }).resources.upload('acme', 'web-frontend', {
      file: await fileFromPath(path),
      locale: 'en',
      path: '/config/locales',
    });
    const [curl, sdk] = requests as [(typeof requests)[0], (typeof requests)[0]];
    expect(sdk.head.method).toBe(curl.head.method);
    expect(sdk.head.url).toBe(curl.head.url);
    expect(sdk.head.headers.authorization).toBe(curl.head.headers.authorization);
    for (const request of [curl, sdk]) {
      expect(request.head.headers['content-type']).toMatch(/^multipart\/form-data; ?boundary=/);
      expect(Number(request.head.headers['content-length'])).toBe(request.body.byteLength);
    }
    const normal = (parts: ReturnType<typeof partsOf>) =>
      parts.map(({ disposition, content }) => ({ disposition: disposition.replace(/; /g, ';'), content }));
    expect(normal(partsOf(sdk))).toEqual(normal(partsOf(curl)));
    expect(partsOf(sdk).map((p) => p.disposition)).toEqual([
      'form-data; name="iso2_slug"',
      'form-data; name="path"',
      'form-data; name="file"; filename="translations.en.json"',
    ]);
  });
});
