// The real server's light request and bodiless answers must read, to a handler and to a client, as the
// undici Request and Response they stand for.
import { describe, expect, it } from 'vitest';
import { bytesResponse, delivered, emptyResponse, jsonResponse, keptAnswerOf } from '../handlers/answers';
import { bodyToRead, isSocketRequest, socketRequest, urlOf } from './socket-request';

const url = new URL('http://127.0.0.1:4010/cdn/check?x=1');
const json = Buffer.from('{"distributionType":"MOBILE_SDK_IOS","name":"Grüße"}');

describe('socketRequest', () => {
  it('has the url, method and headers node:http read, repeated headers included', () => {
    const request = socketRequest(url, 'POST', { authorization: 'Bearer k', 'x-many': ['a', 'b'] }, json);
    expect(request.url).toBe('http://127.0.0.1:4010/cdn/check?x=1');
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe('Bearer k');
    expect(request.headers.get('x-many')).toBe('a, b');
    expect(isSocketRequest(request)).toBe(true);
    expect(isSocketRequest(new Request(url))).toBe(false);
  });

  it('gives its body once, as fetch does, and exactly its own bytes', async () => {
    const request = socketRequest(url, 'POST', {}, json);
    expect(request.bodyUsed).toBe(false);
    const bytes = await request.arrayBuffer();
    expect(bytes.byteLength).toBe(json.byteLength);
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
    expect(await socketRequest(url, 'POST', {}, json).json()).toEqual({
      distributionType: 'MOBILE_SDK_IOS',
      name: 'Grüße',
    });
    expect(await socketRequest(url, 'POST', {}, Buffer.from('\uFEFFhi')).text()).toBe('hi');
  });

  it('gives its body to a reader once, without a copy, and as fetch gives a Request’s', async () => {
    const request = socketRequest(url, 'POST', {}, json);
    expect(await bodyToRead(request)).toBe(json);
    expect(request.bodyUsed).toBe(true);
    await expect(Promise.resolve().then(() => bodyToRead(request))).rejects.toThrow(TypeError);
    await expect(request.arrayBuffer()).rejects.toThrow(TypeError);
    const real = new Request(url, { method: 'POST', body: json });
    expect(Buffer.from(await bodyToRead(real)).equals(json)).toBe(true);
    expect(real.bodyUsed).toBe(true);
  });

  it('reads headers as undici Headers would, and iterates and changes them like one', () => {
    const incoming = { 'content-type': 'application/json', 'x-many': ['a', 'b'], ':authority': 'h2' };
    const headers = socketRequest(url, 'GET', incoming, Buffer.alloc(0)).headers;
    const real = new Headers([
      ['content-type', 'application/json'],
      ['x-many', 'a'],
      ['x-many', 'b'],
    ]);
    for (const name of ['Content-Type', 'x-many', 'missing'])
      expect([name, headers.get(name), headers.has(name)]).toEqual([name, real.get(name), real.has(name)]);
    expect([...headers]).toEqual([...real]);
    const seen: string[] = [];
    headers.forEach((value, key, parent) => {
      seen.push(`${key}=${value}`, String(parent === headers));
    });
    expect(seen).toEqual(['content-type=application/json', 'true', 'x-many=a, b', 'true']);
    headers.set('x-many', 'c');
    headers.delete('content-type');
    expect([headers.get('x-many'), headers.has('content-type')]).toEqual(['c', false]);
    expect(new Headers(headers).get('x-many')).toBe('c');
  });

  it('gives handlers the URL the server parsed; any other request a URL of its own', () => {
    expect(urlOf(socketRequest(url, 'GET', {}, Buffer.alloc(0)))).toBe(url);
    const parsed = urlOf(new Request(url));
    expect(parsed).not.toBe(url);
    expect(parsed.href).toBe(url.href);
  });

  it('has no body on GET, whatever node:http read', async () => {
    const request = socketRequest(url, 'GET', {}, json);
    expect(request.body).toBeNull();
    expect(await request.text()).toBe('');
  });

  it('answers every other member from a real Request, body included', async () => {
    const request = socketRequest(
      url,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      Buffer.from('a=1&b=2'),
    );
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.redirect).toBe('follow');
    const copy = request.clone();
    expect(copy).toBeInstanceOf(Request);
    expect(await copy.text()).toBe('a=1&b=2');
    expect(Object.fromEntries(await request.formData())).toEqual({ a: '1', b: '2' });
    expect(request.bodyUsed).toBe(true);
  });
});

describe('answers', () => {
  it('keep a JSON body beside a bodiless Response, with its type and length', () => {
    const response = jsonResponse({ error: 'Nö' }, 404, { allow: 'GET' });
    expect(response.status).toBe(404);
    expect(response.statusText).toBe('Not Found');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('{"error":"Nö"}')));
    expect(response.headers.get('allow')).toBe('GET');
    expect(keptAnswerOf(response)?.body).toBe('{"error":"Nö"}');
    expect(jsonResponse({}, 200, { 'Content-Type': 'application/problem+json' }).headers.get('content-type')).toBe(
      'application/problem+json',
    );
  });

  it('reach an intercepted client with the body in the Response, and the socket as they are', async () => {
    const answer = jsonResponse({ ok: true }, 201);
    const intercepted = delivered(new Request(url), answer);
    expect(intercepted).not.toBe(answer);
    expect(intercepted.status).toBe(201);
    expect(intercepted.headers.get('content-type')).toBe('application/json');
    expect(await intercepted.json()).toEqual({ ok: true });
    expect(delivered(socketRequest(url, 'GET', {}, Buffer.alloc(0)), answer)).toBe(answer);

    const zip = bytesResponse(new Uint8Array([80, 75, 3, 4]), 200, { 'content-type': 'application/zip' });
    const head = delivered(new Request(url, { method: 'HEAD' }), zip);
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).toBe('4');
    expect(new Uint8Array(await delivered(new Request(url), zip).arrayBuffer())).toEqual(
      new Uint8Array([80, 75, 3, 4]),
    );
  });

  it('are Responses to any reader: instanceof, every member, the body from a real Response', async () => {
    const answer = jsonResponse({ ok: true }, 200);
    expect(answer).toBeInstanceOf(Response);
    expect([answer.ok, answer.type, answer.url, answer.redirected, answer.bodyUsed]).toEqual([
      true,
      'default',
      '',
      false,
      false,
    ]);
    expect(await answer.clone().json()).toEqual({ ok: true });
    expect(await answer.text()).toBe('{"ok":true}');
    expect(answer.bodyUsed).toBe(true);
    const none = emptyResponse(204);
    expect([none.status, none.statusText, none.ok, keptAnswerOf(none)?.body]).toEqual([204, '', true, null]);
    expect(delivered(new Request(url), none).body).toBeNull();
  });

  it('leave any other Response, and no answer, alone', () => {
    const other = new Response('x');
    expect(delivered(new Request(url), other)).toBe(other);
    expect(delivered(new Request(url), undefined)).toBeUndefined();
  });
});
