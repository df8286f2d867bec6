import { describe, expect, it } from 'vitest';
import { createMadeCache, identities } from './made-cache';

describe('createMadeCache', () => {
  const sizeOf = (text: string) => text.length;

  it('shares a value being made, and keeps it once made', async () => {
    const cache = createMadeCache(10, sizeOf);
    let finish!: (made: string) => void;
    const making = new Promise<string>((resolve) => (finish = resolve));
    expect(cache.put('a', making)).toBe(making);
    expect(cache.get('a')).toBe(making);
    finish('abc');
    await making;
    expect(await cache.get('a')).toBe('abc');
  });

  it('lets the least recently used go past its bound, and keeps nothing larger than it', async () => {
    const cache = createMadeCache(10, sizeOf);
    await cache.put('a', Promise.resolve('aaaa'));
    await cache.put('b', Promise.resolve('bbbb'));
    await cache.get('a'); // a is now the more recent
    await cache.put('c', Promise.resolve('cccc'));
    expect(cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe('aaaa');
    expect(await cache.get('c')).toBe('cccc');
    await cache.put('big', Promise.resolve('x'.repeat(11)));
    expect(cache.get('big')).toBeUndefined();
  });

  it('keeps no value whose making failed', async () => {
    const cache = createMadeCache(10, sizeOf);
    await cache.put('a', Promise.reject(new Error('no'))).catch(() => {});
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('identities', () => {
  it('gives one number per object, another to another object', () => {
    const id = identities<object>();
    const a = {};
    expect(id(a)).toBe(id(a));
    expect(id({})).not.toBe(id(a));
  });
});
