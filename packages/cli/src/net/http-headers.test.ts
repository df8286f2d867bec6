import { describe, expect, it } from 'vitest';
import { HttpHeaders } from './http-headers';

// Node's own Headers (undici's) is the reference: the same operations must give the same answers.
type AnyHeaders = HttpHeaders | Headers;
const both = (init?: [string, string][] | Record<string, string>) =>
  [new HttpHeaders(init), new Headers(init)] as const;
const view = (headers: AnyHeaders) => [...headers];

describe('HttpHeaders', () => {
  it('answers like the platform’s Headers', () => {
    const [ours, platform] = both();
    for (const headers of [ours, platform] as AnyHeaders[]) {
      headers.append('Z', '1');
      headers.append('a', '2');
      headers.set('A', '3');
      headers.delete('z');
    }
    expect(view(ours)).toEqual(view(platform));
    const [a, b] = both({ Accept: 'application/json', 'X-B': ' padded\t' });
    for (const headers of [a, b] as AnyHeaders[]) {
      headers.append('accept', 'text/plain');
      headers.append('set-cookie', 'a=1, b');
      headers.append('Set-Cookie', 'c=2');
    }
    expect(view(a)).toEqual(view(b));
    expect(a.get('ACCEPT')).toBe(b.get('ACCEPT'));
    expect(a.get('x-b')).toBe('padded');
    expect(a.getSetCookie()).toEqual(b.getSetCookie());
    expect([a.has('Set-Cookie'), a.has('nope'), a.get('nope')]).toEqual([true, false, null]);
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect([...a.values()]).toEqual([...b.values()]);
    const seen: string[] = [];
    a.forEach((value, name) => {
      seen.push(`${name}=${value}`);
    });
    const expected: string[] = [];
    b.forEach((value, name) => {
      expected.push(`${name}=${value}`);
    });
    expect(seen).toEqual(expected);
  });

  it('is made from pairs, a record, another Headers or node:http’s header object', () => {
    expect(view(new HttpHeaders([['X-One', '1']]))).toEqual([['x-one', '1']]);
    expect(view(new HttpHeaders(new Headers({ 'X-Two': '2' })))).toEqual([['x-two', '2']]);
    expect(view(new HttpHeaders({ 'set-cookie': ['a=1', 'b=2'], 'x-three': '3', gone: undefined }))).toEqual([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['x-three', '3'],
    ]);
  });

  it('refuses what the platform refuses: bad names, line breaks in values (header injection)', () => {
    for (const bad of [
      () => new HttpHeaders({ 'bad name': 'x' }),
      () => new HttpHeaders([['x', 'a\r\nInjected: 1']]),
    ]) {
      expect(bad).toThrow(TypeError);
    }
    expect(() => new Headers({ 'bad name': 'x' })).toThrow(TypeError);
    expect(() => new Headers([['x', 'a\r\nInjected: 1']])).toThrow(TypeError);
  });
});
