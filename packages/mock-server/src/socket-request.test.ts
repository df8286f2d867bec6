// The real server's light request and bodiless answers must read, to a handler and to a client, as the
// undici Request and Response they stand for.
import { describe, expect, it } from 'vitest';
import { bytesResponse, delivered, jsonResponse, keptAnswerOf } from './handlers/answers';
import { isSocketRequest, socketRequest } from './socket-request';

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

  it('leave any other Response, and no answer, alone', () => {
    const other = new Response('x');
    expect(delivered(new Request(url), other)).toBe(other);
    expect(delivered(new Request(url), undefined)).toBeUndefined();
  });
});
