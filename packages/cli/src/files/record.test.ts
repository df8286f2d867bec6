import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256File, writeRecord } from './record';

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

describe('writeRecord', () => {
  const record = { files: [{ path: 'de/app.json', sha256: 'a'.repeat(64) }] };

  it('leaves a record that says the same as it is, and replaces one that does not', async () => {
    const folder = mkdtempSync(join(dir, 'same-'));
    await writeRecord(folder, '.loc-export.json', record);
    const path = join(folder, '.loc-export.json');
    const first = statSync(path);
    await writeRecord(folder, '.loc-export.json', record);
    const again = statSync(path);
    expect([again.ino, again.mtimeMs]).toEqual([first.ino, first.mtimeMs]);
    const changed = { files: [{ path: 'de/app.json', sha256: 'b'.repeat(64) }] };
    await writeRecord(folder, '.loc-export.json', changed);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(changed);
    expect(statSync(path).ino).not.toBe(first.ino); // replaced whole: a new file renamed over it
  });

  it('still refuses a record that is a link, even to a file that says the same', async () => {
    const folder = mkdtempSync(join(dir, 'link-'));
    const elsewhere = join(dir, 'elsewhere.json');
    writeFileSync(elsewhere, `${JSON.stringify(record, null, 2)}\n`);
    symlinkSync(elsewhere, join(folder, '.loc-export.json'));
    await expect(writeRecord(folder, '.loc-export.json', record)).rejects.toThrow(/symbolic link/);
  });
});
