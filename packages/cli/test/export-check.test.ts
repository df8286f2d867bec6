// `loc export --check` end to end: the real built loc against real loc-mocks — one serving the demo seed,
// one serving the same seed with some strings changed — and a real output folder that must not be touched.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_BIN, runLoc, startMock, tempDir, TOKENS, type RunningMock } from '@loc/test-utils';

interface Seed {
  projects: {
    slug: string;
    files: {
      path: string;
      segments: { key: string; source: string; translations: Record<string, { text: string }> }[];
    }[];
  }[];
}

/** The demo seed, and the same seed after translators worked: one text changed, one key added, one removed. */
function seeds(): { demo: Seed; changed: Seed } {
  const demo = JSON.parse(execFileSync(process.execPath, [MOCK_BIN, 'seed'], { encoding: 'utf8' })) as Seed;
  const changed = structuredClone(demo);
  const ios = changed.projects.find((p) => p.slug === 'mobile-ios')!;
  const segments = ios.files[0]!.segments;
  segments[0]!.translations.de!.text = 'Acme Notizbuch';
  segments.push({ key: 'new.key', source: 'New', translations: { de: { text: 'Neu', status: 'APPROVED' } as never } });
  segments.splice(1, 1);
  return { demo, changed };
}

const dir = tempDir('loc-check-');
let demoMock: RunningMock;
let changedMock: RunningMock;
beforeAll(async () => {
  const { demo, changed } = seeds();
  writeFileSync(join(dir.path, 'demo.json'), JSON.stringify(demo));
  writeFileSync(join(dir.path, 'changed.json'), JSON.stringify(changed));
  [demoMock, changedMock] = await Promise.all([
    startMock(['--seed', join(dir.path, 'demo.json'), '--export-delay', '50ms']),
    startMock(['--seed', join(dir.path, 'changed.json'), '--export-delay', '50ms']),
  ]);
});
afterAll(async () => {
  await Promise.all([demoMock?.stop(), changedMock?.stop()]);
  dir.remove();
});

const home = tempDir('loc-check-home-');
afterAll(() => home.remove());
const loc = (mock: RunningMock, args: string[], cwd: string) =>
  runLoc(args, {
    cwd,
    env: { LOC_BASE_URL: mock.url, LOC_API_TOKEN: TOKENS.developer, LOC_CONFIG_DIR: home.path, CI: '1' },
  });

const IOS = ['export', '--workspace', 'acme', '--project', 'mobile-ios', '--out', 'ios'];

/** Every file and folder below `root` with its modification time: what "nothing touched" compares. */
function snapshot(root: string): Record<string, number> {
  if (!existsSync(root)) return {};
  return Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true }).map((e) => {
      const path = join(e.parentPath, e.name);
      return [path.slice(root.length + 1), statSync(path).mtimeMs];
    }),
  );
}

describe('loc export --check', () => {
  it('exits 12 when nothing was exported yet, and creates nothing', async () => {
    const repo = tempDir('loc-check-repo-');
    try {
      const result = await loc(demoMock, [...IOS, '--check', '--json'], repo.path);
      expect(result.code, result.stderr).toBe(12);
      const { check, changes } = result.json();
      expect(check).toMatchObject({ upToDate: false, added: 10, changed: 0, removed: 0 });
      expect(changes).toContainEqual(
        expect.objectContaining({ change: 'added', path: 'Resources/de.lproj/Localizable.strings' }),
      );
      expect(snapshot(repo.path)).toEqual({});
    } finally {
      repo.remove();
    }
  });

  it('exits 0 right after an export and 12 once the strings changed, touching no file either time', async () => {
    const repo = tempDir('loc-check-repo-');
    try {
      const exported = await loc(demoMock, IOS, repo.path);
      expect(exported.code, exported.stderr).toBe(0);
      const before = snapshot(repo.path);
      expect(Object.keys(before)).toContain(join('ios', '.loc-export.json'));

      const upToDate = await loc(demoMock, [...IOS, '--check'], repo.path);
      expect(upToDate.code, upToDate.stderr).toBe(0);
      expect(upToDate.stderr).toMatch(/Up to date: the 10 files of the export match ios/);
      expect(snapshot(repo.path)).toEqual(before);

      const stale = await loc(changedMock, [...IOS, '--check'], repo.path);
      expect(stale.code, stale.stderr).toBe(12);
      expect(stale.stdout).toMatch(/changed\s+ios\/Resources\/de\.lproj\/Localizable\.strings/);
      expect(stale.stdout).toMatch(/changed\s+ios\/Resources\/en\.lproj\/Localizable\.strings/);
      expect(stale.stdout).not.toMatch(/InfoPlist/);
      expect(stale.stderr).toMatch(/files are out of date \(\d+ changed\)/);
      expect(stale.stderr).toMatch(/without --check to update them/);
      expect(snapshot(repo.path)).toEqual(before);

      const json = await loc(changedMock, [...IOS, '--check', '--json'], repo.path);
      expect(json.code).toBe(12);
      expect(json.json().check).toMatchObject({ upToDate: false, added: 0, removed: 0, compared: 10 });
      expect(snapshot(repo.path)).toEqual(before);
    } finally {
      repo.remove();
    }
  });

  it('lists a file loc wrote that the export no longer holds as removed', async () => {
    const repo = tempDir('loc-check-repo-');
    try {
      expect((await loc(demoMock, IOS, repo.path)).code).toBe(0);
      const record = join(repo.path, 'ios', '.loc-export.json');
      const recorded = JSON.parse(readFileSync(record, 'utf8'));
      recorded.files.push({ path: 'Resources/old.lproj/Gone.strings', sha256: null });
      // A hostile record: paths out of the folder are never read nor listed.
      recorded.files.push({ path: '../secret.strings', sha256: null });
      writeFileSync(join(repo.path, 'secret.strings'), '"token" = "s3cret";\n');
      writeFileSync(record, JSON.stringify(recorded));
      mkdirSync(join(repo.path, 'ios/Resources/old.lproj'), { recursive: true });
      writeFileSync(join(repo.path, 'ios/Resources/old.lproj/Gone.strings'), '"a" = "b";\n');
      const result = await loc(demoMock, [...IOS, '--check', '--json'], repo.path);
      expect(result.code, result.stderr).toBe(12);
      expect(result.json().changes).toEqual([
        expect.objectContaining({ change: 'removed', path: 'Resources/old.lproj/Gone.strings' }),
      ]);
      const summarized = await loc(demoMock, [...IOS, '--check', '--summary', '-'], repo.path);
      expect(summarized.stdout).toMatch(/removed \(1\): `a`/);
      expect(summarized.stdout + summarized.stderr).not.toMatch(/s3cret|secret\.strings/);
      // A filtered export says nothing about the files it left out.
      const filtered = await loc(demoMock, [...IOS, '--check', '--locale', 'de'], repo.path);
      expect(filtered.code, filtered.stderr).toBe(0);
    } finally {
      repo.remove();
    }
  });

  it('says which changed files hold local edits, which the update stops on, and that --force overwrites them', async () => {
    const repo = tempDir('loc-check-edited-');
    try {
      expect((await loc(demoMock, IOS, repo.path)).code).toBe(0);
      const edited = readdirSync(join(repo.path, 'ios'), { recursive: true, encoding: 'utf8' }).find((f) =>
        f.endsWith('.strings'),
      )!;
      writeFileSync(join(repo.path, 'ios', edited), '"mine" = "edited by hand";\n');
      const result = await loc(demoMock, [...IOS, '--check', '--json'], repo.path);
      expect(result.code, result.stderr).toBe(12);
      expect(result.json().changes).toEqual([
        expect.objectContaining({ change: 'changed', path: edited, editedLocally: true }),
      ]);
      expect(result.stderr).toMatch(/stops on it unless given --force, which overwrites it/);
      // What the hint says is what happens: the update stops (exit 10), and --force overwrites.
      expect((await loc(demoMock, IOS, repo.path)).code).toBe(10);
      expect((await loc(demoMock, [...IOS, '--force'], repo.path)).code).toBe(0);
      const after = await loc(demoMock, [...IOS, '--check'], repo.path);
      expect(after.code, after.stderr).toBe(0);
    } finally {
      repo.remove();
    }
  });

  it.each([
    ['--force', /--check cannot be combined with --force/],
    ['--dry-run', /--check cannot be combined with --dry-run/],
    ['--no-wait', /--check cannot be combined with --no-wait/],
  ])('refuses --check with %s (exit 2) before any request', async (flag, message) => {
    const result = await loc(demoMock, [...IOS, '--check', flag], dir.path);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('an export that changes nothing touches no file, its record included', async () => {
    const repo = tempDir('loc-check-same-');
    try {
      expect((await loc(demoMock, IOS, repo.path)).code).toBe(0);
      const before = snapshot(repo.path);
      const again = await loc(demoMock, [...IOS, '--json'], repo.path);
      expect(again.code, again.stderr).toBe(0);
      expect(again.json().summary).toMatchObject({ unchanged: 10, created: 0, updated: 0 });
      // Files only: the run stages its download in a folder inside ios/ (one file system), which changes
      // the folder's time.
      const files = (times: Record<string, number>) =>
        Object.fromEntries(Object.entries(times).filter(([path]) => statSync(join(repo.path, path)).isFile()));
      expect(files(snapshot(repo.path))).toEqual(files(before));
      expect(Object.keys(files(before))).toContain(join('ios', '.loc-export.json'));
    } finally {
      repo.remove();
    }
  });

  // A ZIP lists each entry's size and CRC-32, and a file with both equal could be taken as unchanged without
  // inflating it (docs/decisions.md, "Unchanged files are compared byte for byte"): anyone who can edit the
  // repository can give an edit both, so loc must compare the bytes.
  it('finds a local edit that keeps the size and the CRC-32 of the export’s file, whatever the record claims', async () => {
    const repo = tempDir('loc-check-forged-');
    try {
      expect((await loc(demoMock, IOS, repo.path)).code).toBe(0);
      const path = 'Resources/de.lproj/Localizable.strings';
      const file = join(repo.path, 'ios', path);
      const original = readFileSync(file);
      const forged = sameCrc(editedInPlace(original), crc32(original));
      expect(forged.length).toBe(original.length);
      expect(crc32(forged)).toBe(crc32(original));
      expect(forged.equals(original)).toBe(false);
      writeFileSync(file, forged);

      const check = await loc(demoMock, [...IOS, '--check', '--json'], repo.path);
      expect(check.code, check.stderr).toBe(12);
      expect(check.json().changes).toEqual([expect.objectContaining({ change: 'changed', path, editedLocally: true })]);
      expect((await loc(demoMock, IOS, repo.path)).code).toBe(10); // the user's edit: not overwritten silently
      expect(readFileSync(file).equals(forged)).toBe(true);

      // A hostile record that calls the edit loc's own: the file is updated to the service's, never kept.
      const record = join(repo.path, 'ios', '.loc-export.json');
      const recorded = JSON.parse(readFileSync(record, 'utf8')) as { files: { path: string; sha256: string }[] };
      recorded.files.find((f) => f.path === path)!.sha256 = createHash('sha256').update(forged).digest('hex');
      writeFileSync(record, JSON.stringify(recorded));
      const lied = await loc(demoMock, [...IOS, '--check', '--json'], repo.path);
      expect(lied.code, lied.stderr).toBe(12);
      expect(lied.json().changes).toEqual([expect.objectContaining({ change: 'changed', path })]);
      const updated = await loc(demoMock, [...IOS, '--json'], repo.path);
      expect(updated.code, updated.stderr).toBe(0);
      expect(updated.json().files).toContainEqual(expect.objectContaining({ path, status: 'updated' }));
      expect(readFileSync(file).equals(original)).toBe(true);
    } finally {
      repo.remove();
    }
  });

  it('refuses --check with --zip (exit 2)', async () => {
    const result = await loc(demoMock, [...IOS, '--check', '--zip', 'x.zip'], dir.path);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--check cannot be combined with --zip/);
    expect(existsSync(join(dir.path, 'x.zip'))).toBe(false);
  });
});

/** `bytes` with its first translated text changed (a letter swapped for another), the same length. */
function editedInPlace(bytes: Buffer): Buffer {
  const edited = Buffer.from(bytes);
  const at = edited.indexOf('= "') + 3;
  edited[at] = edited[at] === 0x58 ? 0x59 : 0x58; // 'X' or 'Y'
  return edited;
}

/**
 * `bytes` with letters' case flipped (bit 5 of ASCII letters) so that its CRC-32 becomes `target`: CRC-32 is
 * linear over GF(2), so the flips that reach a given CRC are a linear system, solved by elimination.
 */
function sameCrc(bytes: Buffer, target: number): Buffer {
  const letters: number[] = [];
  for (let i = bytes.length - 1; i >= 0 && letters.length < 96; i--)
    if (/[A-Za-z]/.test(String.fromCharCode(bytes[i]!))) letters.push(i);
  const base = crc32(bytes);
  const flipped = (at: number) => {
    const copy = Buffer.from(bytes);
    copy[at]! ^= 0x20;
    return (crc32(copy) ^ base) >>> 0;
  };
  // Rows: each flip's effect on the CRC, with the set of flips that makes it.
  const rows = letters.map((at, i) => ({ effect: flipped(at), flips: new Set([i]) }));
  let want = (base ^ target) >>> 0;
  const chosen = new Set<number>();
  for (let bit = 31; bit >= 0; bit--) {
    const mask = 1 << bit;
    const pivot = rows.findIndex((r) => (r.effect & mask) !== 0);
    if (pivot < 0) continue;
    const [row] = rows.splice(pivot, 1);
    for (const r of rows) {
      if ((r.effect & mask) === 0) continue;
      r.effect = (r.effect ^ row!.effect) >>> 0;
      for (const f of row!.flips) r.flips.has(f) ? r.flips.delete(f) : r.flips.add(f);
    }
    if ((want & mask) !== 0) {
      want = (want ^ row!.effect) >>> 0;
      for (const f of row!.flips) chosen.has(f) ? chosen.delete(f) : chosen.add(f);
    }
  }
  const out = Buffer.from(bytes);
  for (const i of chosen) out[letters[i]!]! ^= 0x20;
  return out;
}
