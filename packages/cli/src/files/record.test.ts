import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256File } from './record';

const dir = mkdtempSync(join(tmpdir(), 'loc-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sha256File', () => {
  // A small file is read whole, a large one streamed: both must give the hash of the bytes.
  it.each([
    ['an empty file', 0],
    ['a resource file', 160_000],
    ['a file above the whole-read size (streamed)', 16 * 1024 * 1024 + 1],
  ])('hashes %s', async (_what, size) => {
    const data = randomBytes(size);
    const path = join(dir, `f${size}`);
    writeFileSync(path, data);
    const expected = createHash('sha256').update(data).digest('hex');
    expect(await sha256File(path)).toBe(expected);
  });
});
