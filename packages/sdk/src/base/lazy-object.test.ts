import { inspect } from 'node:util';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { lazyObject } from './lazy-object';

describe('lazyObject', () => {
  it('builds the schema once, on first use, and then behaves as it', () => {
    let built = 0;
    const Schema = lazyObject(() => {
      built++;
      return z.looseObject({ id: z.string().check(z.minLength(1)) });
    });
    expect(built).toBe(0);
    expect(Schema.parse({ id: 'a', extra: 1 })).toEqual({ id: 'a', extra: 1 });
    expect(Schema.safeParse({ id: '' }).success).toBe(false);
    expect(Object.keys(Schema.shape)).toEqual(['id']);
    expect(Object.keys(Schema)).toEqual(expect.arrayContaining(['def', 'type']));
    expect(Schema).toBeInstanceOf(z.ZodMiniObject);
    expect(inspect(Schema)).toMatch(/^ZodMiniObject/);
    expect(built).toBe(1);
  });

  it('works inside other schemas and in JSON Schema as the schema it stands for', () => {
    const Inner = lazyObject(() => z.string().check(z.regex(/^x/)));
    const Outer = z.object({ inner: Inner, list: z.array(Inner) });
    expect(Outer.safeParse({ inner: 'xa', list: ['xb'] }).success).toBe(true);
    expect(Outer.safeParse({ inner: 'a', list: [] }).success).toBe(false);
    expect(z.toJSONSchema(Outer)).toEqual(
      z.toJSONSchema(
        z.object({ inner: z.string().check(z.regex(/^x/)), list: z.array(z.string().check(z.regex(/^x/))) }),
      ),
    );
  });
});
