// Unzip safety: malicious archives are crafted here, byte for byte, and must be refused with nothing written.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import yazl from 'yazl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOC_BIN, runLoc, tempDir } from '@loc/test-utils';
import { UnsafeArchiveError } from '../src/run/errors';
import { extractArchive, safeEntryPath } from '../src/files/unzip';
import { planPlacements } from '../src/files/place';

interface ZipEntry {
  name: string;
  data?: string | Buffer;
  mode?: number;
}

/** A ZIP built with yazl; `rename` then swaps names byte for byte (yazl itself refuses unsafe names). */
async function makeZip(entries: ZipEntry[], rename: Record<string, string> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(
      Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? 'x'),
      entry.name,
      entry.mode ? { mode: entry.mode } : {},
    );
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  for (const [from, to] of Object.entries(rename)) {
    expect(Buffer.byteLength(from)).toBe(Buffer.byteLength(to));
    let at = bytes.indexOf(from);
    expect(at).toBeGreaterThan(-1);
    while (at !== -1) {
      bytes.write(to, at);
      at = bytes.indexOf(from, at + 1);
    }
  }
  return bytes;
}

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir('loc-unzip-');
});
afterEach(() => dir.remove());

async function extract(bytes: Buffer, limits?: Parameters<typeof extractArchive>[2]) {
  const zipPath = join(dir.path, 'in.zip');
  writeFileSync(zipPath, bytes);
  const staging = join(dir.path, 'staging');
  mkdirSync(staging);
  return extractArchive(zipPath, staging, limits);
}

describe('safeEntryPath', () => {
  it.each([
    ['../evil', /reads as "\." or "\.\."/],
    ['a/../../evil', /reads as "\." or "\.\."/],
    ['..\\..\\evil', /reads as "\." or "\.\."/],
    ['/etc/passwd', /absolute/],
    ['C:/Windows/evil', /absolute/],
    ['\\\\host\\share\\evil', /absolute/],
    ['a\u0000b', /control character/],
    ['de/\u009b31mx.json', /control character/],
    ['de/\u202egnp.exe', /control character/],
    ['', /empty/],
    ['.loc-export.json', /loc's own record/],
    ['sub/.LOC-RELEASE.json', /loc's own record/],
  ])('refuses %j', (name, reason) => {
    const result = safeEntryPath(name);
    expect(typeof result).toBe('object');
    expect((result as { refused: string }).refused).toMatch(reason);
  });

  it('normalises harmless names', () => {
    expect(safeEntryPath('./a//b/./c.json')).toBe('a/b/c.json');
  });
});

describe('extractArchive', () => {
  it('extracts regular files', async () => {
    const files = await extract(await makeZip([{ name: 'de/app.json', data: '{"a":"ä"}' }, { name: 'fr/app.json' }]));
    expect(files.map((f) => f.path)).toEqual(['de/app.json', 'fr/app.json']);
    expect(readFileSync(files[0]!.file, 'utf8')).toBe('{"a":"ä"}');
  });

  it('writes a copy only of the entries needsCopy asks for; the others are hashed and marked', async () => {
    const zip = await makeZip([
      { name: 'same.json', data: 'a' },
      { name: 'copy.json', data: 'b' },
      { name: 'none.json' },
    ]);
    const need = { 'same.json': 'same', 'copy.json': 'copy', 'none.json': 'none' } as const;
    const files = await extract(zip, { needsCopy: (path) => need[path as keyof typeof need] });
    expect(files.map((f) => [f.path, f.skipped, existsSync(f.file)])).toEqual([
      ['same.json', 'same', false],
      ['copy.json', undefined, true],
      ['none.json', 'none', false],
    ]);
    expect(files[0]!.sha256).toBe(createHash('sha256').update('a').digest('hex'));
  });

  it.each([
    ['a path with ..', [{ name: 'XX/evil.txt' }], { 'XX/evil.txt': '../evil.txt' }, /reads as "\." or "\.\."/],
    ['an absolute path', [{ name: 'Xetc/passwd' }], { 'Xetc/passwd': '/etc/passwd' }, /absolute path/],
    ['a backslash traversal', [{ name: 'XXXXXXevil' }], { XXXXXXevil: '..\\..\\evil' }, /reads as "\." or "\.\."/],
    ['a symbolic link', [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }], {}, /symbolic link/],
    ['a name listed twice', [{ name: 'a.json' }, { name: 'b.json' }], { 'b.json': 'a.json' }, /twice/],
    ['names that differ only in case', [{ name: 'Strings.json' }, { name: 'strings.json' }], {}, /twice/],
    // Issue 42: names Windows (trailing dots) or macOS (NFD) take for one are one.
    ['names that differ in a trailing dot', [{ name: 'de.json' }, { name: 'de.json.' }], {}, /twice/],
    ['names that differ in their Unicode form', [{ name: 'd\u00e9.json' }, { name: 'de\u0301.json' }], {}, /twice/],
    ['loc’s own record with a trailing dot', [{ name: '.loc-export.json.' }], {}, /loc's own record/],
  ])('refuses %s', async (_, entries, rename, reason) => {
    const error = await extract(await makeZip(entries as ZipEntry[], rename)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeArchiveError);
    expect((error as Error).message).toMatch(reason);
    expect(existsSync(join(dir.path, 'evil.txt'))).toBe(false);
  });

  it('refuses a zip bomb by its ratio', async () => {
    const error = await extract(await makeZip([{ name: 'bomb.json', data: Buffer.alloc(20 * 1024 * 1024) }])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnsafeArchiveError);
    expect((error as Error).message).toMatch(/expands \d+ times/);
  });

  it('refuses an archive beyond the size and entry limits', async () => {
    const bytes = await makeZip([
      { name: 'a', data: 'x'.repeat(600) },
      { name: 'b', data: 'y'.repeat(600) },
    ]);
    await expect(extract(bytes, { limits: { maxEntries: 10, maxTotalBytes: 1000, maxRatio: 1000 } })).rejects.toThrow(
      /beyond the limit of 1000 bytes/,
    );
    dir.remove();
    dir = tempDir('loc-unzip-');
    await expect(extract(bytes, { limits: { maxEntries: 1, maxTotalBytes: 1e9, maxRatio: 1000 } })).rejects.toThrow(
      /more than the limit of 1/,
    );
  });

  it.each([
    ['in memory', undefined],
    ['streamed (archives and entries above the in-memory size)', 10],
  ])('extracts %s, with the SHA-256 of each file computed as it was written', async (_, inMemoryBytes) => {
    const big = Buffer.alloc(200_000, 'y');
    const files = await extract(
      await makeZip([
        { name: 'de/app.json', data: '{"a":"ä"}' },
        { name: 'de/big.json', data: big },
      ]),
      inMemoryBytes === undefined ? undefined : { inMemoryBytes },
    );
    expect(files.map((f) => [f.path, f.bytes])).toEqual([
      ['de/app.json', 10],
      ['de/big.json', big.length],
    ]);
    expect(readFileSync(files[1]!.file).equals(big)).toBe(true);
    expect(files[0]!.sha256).toBe(createHash('sha256').update('{"a":"ä"}').digest('hex'));
    expect(files[1]!.sha256).toBe(createHash('sha256').update(big).digest('hex'));
  });

  it('fails when a file cannot be written, with no write still under way', async () => {
    const zipPath = join(dir.path, 'in.zip');
    writeFileSync(zipPath, await makeZip([{ name: 'a.json' }, { name: 'b.json' }, { name: 'c.json' }]));
    const staging = join(dir.path, 'staging');
    mkdirSync(staging);
    // The second entry's staged name is taken: its write (`wx`) fails while the others go on.
    writeFileSync(join(staging, '1'), 'someone else');
    const error = await extractArchive(zipPath, staging).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeArchiveError);
    expect((error as Error).message).toMatch(/EEXIST/);
    expect(readFileSync(join(staging, '1'), 'utf8')).toBe('someone else');
  });

  it('checks every entry before writing any: an unsafe last entry leaves nothing extracted', async () => {
    const error = await extract(
      await makeZip([{ name: 'a/ok.json' }, { name: 'b/ok.json' }, { name: 'XX/evil.txt' }], {
        'XX/evil.txt': '../evil.txt',
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeArchiveError);
    expect(readdirSync(join(dir.path, 'staging'))).toEqual([]);
  });

  it('refuses an entry that holds more than its header says (inflating stops at the stated size)', async () => {
    const bytes = await makeZip([{ name: 'a.json', data: 'x'.repeat(5000) }]);
    // The central directory's uncompressed size (offset 24 of its record) now says 100 bytes.
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(bytes.readUInt32LE(central + 24)).toBe(5000);
    bytes.writeUInt32LE(100, central + 24);
    const error = await extract(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeArchiveError);
    expect((error as Error).message).toMatch(/damaged/);
  });

  it('refuses what is not a ZIP', async () => {
    await expect(extract(Buffer.from('<html>not a zip</html>'))).rejects.toThrow(/not a readable ZIP/);
  });
});

describe('planPlacements', () => {
  it('refuses to write through a symbolic link that leaves the output folder', async () => {
    const out = join(dir.path, 'out');
    const outside = join(dir.path, 'outside');
    mkdirSync(out);
    mkdirSync(outside);
    symlinkSync(outside, join(out, 'de'));
    const staged = join(dir.path, 'staged.json');
    writeFileSync(staged, '{}');
    await expect(
      planPlacements(out, [{ from: staged, to: 'de/app.json', source: 'de/app.json', locale: 'de' }]),
    ).rejects.toThrow(/symbolic link/);
  });
});

describe('loc export with a malicious ZIP from the service', () => {
  let server: Server;
  let base: string;
  let zip: Buffer;
  let file = 'evil.zip';
  const downloadHeaders: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    // A stand-in for the service whose export points at a hostile archive.
    server = createServer((req, res) => {
      if (req.url?.startsWith('/files/cut')) {
        // A server that dies mid-download: half the promised bytes, then the connection drops.
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
        res.write(zip.subarray(0, zip.length >> 1));
        setTimeout(() => res.destroy(), 50);
        return;
      }
      if (req.url?.startsWith('/files/')) {
        downloadHeaders.push(req.headers);
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
        res.end(zip);
        return;
      }
      const job = {
        id: 'exp_evil',
        status: 'SUCCESS',
        triggerType: 'API_V1',
        createdAt: new Date().toISOString(),
        resourceExports: [],
        errorDetails: null,
        filePath: 'evil.zip',
        downloadUrl: `${base}/files/${file}?signature=abc`,
      };
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(job));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses it, leaves the user’s files as they were and sends no credential to the download', async () => {
    zip = await makeZip([{ name: 'ok/app.json', data: '{"new":true}' }, { name: 'XX/XX/evil.txt' }], {
      'XX/XX/evil.txt': '../../evil.txt',
    });
    const out = join(dir.path, 'project', 'locales');
    mkdirSync(join(out, 'ok'), { recursive: true });
    writeFileSync(join(out, 'ok', 'app.json'), '{"old":true}');
    const result = await runLoc(['export', '-w', 'acme', '-p', 'app', '--out', out], {
      env: { LOC_BASE_URL: base, LOC_API_TOKEN: 'loc_secret_token', CI: '1', LOC_CONFIG_DIR: dir.path },
    });
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/reads as "\." or "\.\."/);
    expect(result.stderr).toMatch(/Nothing was written/);
    expect(readFileSync(join(out, 'ok', 'app.json'), 'utf8')).toBe('{"old":true}');
    expect(readdirSync(out)).toEqual(['ok']);
    expect(existsSync(join(dir.path, 'project', 'evil.txt'))).toBe(false);
    expect(existsSync(join(dir.path, 'evil.txt'))).toBe(false);
    expect(downloadHeaders.length).toBeGreaterThan(0);
    for (const headers of downloadHeaders) expect(headers.authorization).toBeUndefined();
  });

  it('refuses an archive that ships loc’s own record, with nothing written', async () => {
    zip = await makeZip([{ name: 'ok/app.json' }, { name: '.loc-export.json', data: '{"files":[]}' }]);
    file = 'evil.zip';
    const out = join(dir.path, 'locales');
    const result = await runLoc(['export', '-w', 'acme', '-p', 'app', '--out', out], {
      env: { LOC_BASE_URL: base, LOC_API_TOKEN: 'loc_secret_token', CI: '1', LOC_CONFIG_DIR: dir.path },
    });
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/'\.loc-export\.json' has the name of loc's own record/);
    expect(existsSync(out)).toBe(false);
  });

  it('says that a file is too large for the file system (EFBIG), not that the archive is damaged', async () => {
    // 64 KiB of one byte compress to a few hundred: the download fits below `ulimit -f 16` (16 KiB), the entry does not.
    zip = await makeZip([{ name: 'big/app.json', data: Buffer.alloc(64 * 1024, 'x') }]);
    file = 'evil.zip';
    const out = join(dir.path, 'locales');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        'bash',
        [
          '-c',
          'ulimit -f 16; exec "$0" "$@"',
          process.execPath,
          LOC_BIN,
          'export',
          '-w',
          'acme',
          '-p',
          'app',
          '--out',
          out,
        ],
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: dir.path,
            LOC_BASE_URL: base,
            LOC_API_TOKEN: 'loc_secret_token',
            CI: '1',
            LOC_CONFIG_DIR: dir.path,
            NO_COLOR: '1',
          },
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/too large for the file system of .*\(EFBIG\): 64(\.0)? KB were needed/);
    expect(result.stderr).not.toMatch(/damaged|ZIP tool/);
    expect(existsSync(out)).toBe(false);
  });

  it('leaves nothing behind when the server dies mid-download (exit 10)', async () => {
    zip = await makeZip([{ name: 'ok/app.json', data: Buffer.alloc(64 * 1024, 'x') }]);
    file = 'cut.zip';
    const out = join(dir.path, 'locales');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.json'), '{}');
    const result = await runLoc(['export', '-w', 'acme', '-p', 'app', '--out', out], {
      env: { LOC_BASE_URL: base, LOC_API_TOKEN: 'loc_secret_token', CI: '1', LOC_CONFIG_DIR: dir.path },
    });
    expect(result.code, result.stderr).toBe(10);
    expect(result.stderr).toMatch(/download failed/i);
    expect(readdirSync(out)).toEqual(['keep.json']);
  });
});

describe('loc export whose per-file listing names a path out of the folder', () => {
  // A stand-in for the service whose finished export lists one file, with a URL of its own (what loc
  // downloads file by file), at a path the rule of relative paths refuses: the same rule as a ZIP entry's.
  let server: Server;
  let base: string;
  let listed = '../evil.json';
  const downloads: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/files/')) {
        downloads.push(req.url);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"evil":true}');
        return;
      }
      const job = {
        id: 'exp_paths',
        status: 'SUCCESS',
        triggerType: 'API_V1',
        createdAt: new Date().toISOString(),
        resourceExports: [
          { filePath: listed, iso2Slug: 'de', status: 'SUCCESS', downloadUrl: `${base}/files/evil.json` },
        ],
        errorDetails: null,
        filePath: 'paths.zip',
        downloadUrl: `${base}/files/paths.zip`,
      };
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(job));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    [
      '../evil.json',
      /'\.\.\/evil\.json' \(de\) of the project would be written to .*, which leads outside the repository/,
    ],
    ['de/\u001b[31mx.json', /gives 'de\/\\u001b\[31mx\.json' .*a control or bidirectional-override character/],
  ])(
    'refuses %j before downloading it (a usage error: where it would go), naming the path, with nothing written',
    async (path, message) => {
      listed = path;
      downloads.length = 0;
      const out = join(dir.path, 'per-file');
      const result = await runLoc(['export', '-w', 'acme', '-p', 'app', '--out', out], {
        env: { LOC_BASE_URL: base, LOC_API_TOKEN: 'loc_secret_token', CI: '1', LOC_CONFIG_DIR: dir.path },
      });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(downloads).toEqual([]);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(join(dir.path, 'evil.json'))).toBe(false);
    },
  );
});
