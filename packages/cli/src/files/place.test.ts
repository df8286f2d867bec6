import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitPlacements, holdsBytes, planPlacements, refuseConflicts } from './place';

let root: string;
let out: string;
let staged: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'loc-place-'));
  out = join(root, 'out');
  staged = join(root, 'staged');
  mkdirSync(out);
  mkdirSync(staged);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
function stage(name: string, text: string) {
  writeFileSync(join(staged, name), text);
  return { from: join(staged, name), to: name, source: `zip/${name}`, locale: 'de' };
}

describe('files the user changed', () => {
  it('updates what loc wrote, keeps what someone changed or loc never wrote, unless forced', async () => {
    writeFileSync(join(out, 'ours.txt'), 'old');
    writeFileSync(join(out, 'edited.txt'), 'old, edited by hand');
    writeFileSync(join(out, 'foreign.txt'), 'never written by loc');
    writeFileSync(join(out, 'same.txt'), 'new');
    const written = new Map([
      ['ours.txt', sha('old')],
      ['edited.txt', sha('old')],
      ['legacy.txt', null],
    ]);
    const placements = [
      stage('ours.txt', 'new'),
      stage('edited.txt', 'new'),
      stage('foreign.txt', 'new'),
      stage('same.txt', 'new'),
      stage('fresh.txt', 'new'),
    ];
    const planned = await planPlacements(out, placements, { written });
    expect(Object.fromEntries(planned.map((f) => [f.to, f.status]))).toEqual({
      'ours.txt': 'updated',
      'edited.txt': 'conflict',
      'foreign.txt': 'conflict',
      'same.txt': 'unchanged',
      'fresh.txt': 'created',
    });
    expect(planned.every((f) => f.sha256 === sha('new'))).toBe(true);
    expect(() => refuseConflicts(planned, out)).toThrow(
      /2 files changed since loc wrote them .*edited\.txt, foreign\.txt\. Nothing was written/,
    );
    expect(() => refuseConflicts(planned, out)).toThrow(
      expect.objectContaining({ hint: expect.stringMatching(/--force/), exitCode: 10 }),
    );

    const forced = await planPlacements(out, placements, { written, force: true });
    expect(forced.filter((f) => f.status === 'overwritten').map((f) => f.to)).toEqual(['edited.txt', 'foreign.txt']);
    refuseConflicts(forced);
    await commitPlacements(forced, out, join(root, 'backup'));
    expect(readFileSync(join(out, 'edited.txt'), 'utf8')).toBe('new');
  });

  it('tells whether the folder holds the very bytes, without a link and whatever their size', () => {
    writeFileSync(join(out, 'same.txt'), 'new');
    // Same length as 'new': the bytes decide, not the size.
    writeFileSync(join(out, 'twin.txt'), 'neW');
    mkdirSync(join(out, 'dir.txt'));
    symlinkSync(join(out, 'same.txt'), join(out, 'link.txt'));
    const data = Buffer.from('new');
    expect(holdsBytes(out, 'same.txt', data)).toBe(true);
    for (const rel of ['twin.txt', 'dir.txt', 'link.txt', 'absent.txt', '../out/same.txt'])
      expect(holdsBytes(out, rel, data), rel).toBe(false);
  });

  it('takes a file found unchanged while extracting (no staged copy) as unchanged, if it is still a file', async () => {
    writeFileSync(join(out, 'same.txt'), 'new');
    const found = (to: string) => ({
      from: join(staged, 'never-written'),
      to,
      source: `zip/${to}`,
      locale: 'de',
      sha256: sha('new'),
      unchanged: true,
    });
    const planned = await planPlacements(out, [found('same.txt'), found('gone.txt')]);
    expect(Object.fromEntries(planned.map((f) => [f.to, f.status]))).toEqual({
      'same.txt': 'unchanged',
      'gone.txt': 'created',
    });
  });

  it('treats a file listed without a hash (an older record) as changed', async () => {
    writeFileSync(join(out, 'legacy.txt'), 'old');
    const planned = await planPlacements(out, [stage('legacy.txt', 'new')], {
      written: new Map([['legacy.txt', null]]),
    });
    expect(planned[0]?.status).toBe('conflict');
  });
});

describe('putting files into place', () => {
  it('on a failed move, undoes every move and removes the folders it made', async () => {
    writeFileSync(join(out, 'ours.txt'), 'old');
    const written = new Map([['ours.txt', sha('old')]]);
    const placements = [
      stage('ours.txt', 'new'),
      { ...stage('a.txt', 'a'), to: 'res/de.lproj/a.txt' },
      { ...stage('b.txt', 'b'), to: 'res/fr.lproj/b.txt' },
      // Its staged copy is gone: the move fails after the others were done.
      { ...stage('c.txt', 'c'), to: 'res/it.lproj/c.txt' },
    ];
    const planned = await planPlacements(out, placements, { written });
    expect(planned.map((f) => f.status)).toEqual(['updated', 'created', 'created', 'created']);
    rmSync(join(staged, 'c.txt'));
    await expect(commitPlacements(planned, out, join(root, 'backup'))).rejects.toThrow(/none were changed/);
    expect(readdirSync(out)).toEqual(['ours.txt']);
    expect(readFileSync(join(out, 'ours.txt'), 'utf8')).toBe('old');
  });
});
