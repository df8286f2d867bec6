import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * Loads a CommonJS script (dist/program.cjs, and the dist/vendor-*.cjs it requires) through a V8 code
 * cache, as v8-compile-cache does: Node 20 has no module.enableCompileCache (it came in 22.1), and without
 * a cache V8 parses and compiles the bundle on every start (~40 % of `loc cdn check`). The first run of
 * each command saves the code V8 compiled for it (at exit, once the output is written); later runs
 * deserialize it instead. Each script has its own cache file.
 *
 * The cache never changes what runs: V8 rejects data made by another V8 or for another source (the
 * script is then compiled as usual and the cache rewritten), a file that does not match its own length,
 * checksum and the script's size and date is ignored, and a folder that cannot be written only means no
 * cache. It lives in the user's cache folder ({@link defaultCacheDir}); deleting the folder clears it,
 * `NODE_DISABLE_COMPILE_CACHE=1` (Node's own switch for its compile cache) turns it off.
 *
 * @example
 * const program = requireWithCodeCache(join(__dirname, 'program.cjs'), { dir: defaultCacheDir(), tag: VERSION });
 * process.once('exit', program.save);
 * await program.exports.main(process.argv, { onCommand: program.ran });
 */
export function requireWithCodeCache(file: string, options: CodeCacheOptions): CachedModule {
  const run: RunState = { command: undefined, scripts: new Map() };
  const main = loadScript(file, options, run);
  return {
    exports: main.exports,
    accepted: main.accepted,
    ran: (command) => {
      run.command = command;
    },
    save: () => {
      for (const script of run.scripts.values()) script.save(run.command);
    },
  };
}

/** What the scripts of one run share: the command that ran, and each script loaded, by file. */
interface RunState {
  command: string | undefined;
  scripts: Map<string, LoadedScript>;
}

interface LoadedScript {
  exports: Record<string, unknown>;
  accepted: boolean;
  save(command: string | undefined): void;
}

/**
 * One script through its own cache file. `require('../x.cjs')` in it (dist/vendor-*.cjs beside
 * program.cjs) loads that sibling script the same way, once, when the code that needs it runs.
 */
function loadScript(file: string, options: CodeCacheOptions, run: RunState): LoadedScript {
  const source = readFileSync(file, 'utf8');
  const { size, mtimeMs } = statSync(file);
  const identity = `${file}\n${size}\n${mtimeMs}\n${options.tag}`;
  const name = basename(file).replace(/\.[^.]*$/, '');
  const cacheFile = options.dir && join(options.dir, `${name}-${process.version}-${process.arch}-${hash(identity)}.v8`);
  const cached = cacheFile ? readCache(cacheFile, identity) : undefined;
  const script = new Script(Module.wrap(source), {
    filename: file,
    ...(cached ? { cachedData: cached.data } : {}),
  });
  const accepted = cached !== undefined && !script.cachedDataRejected;
  const covered = new Set(accepted ? cached.commands : []);

  const mod = new Module(file);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  const loaded: LoadedScript = {
    exports: mod.exports as Record<string, unknown>,
    accepted,
    save: (command) => {
      // Saved when V8 had nothing usable, or when this command's code is not in it yet (a bounded list).
      if (!cacheFile) return;
      if (accepted && (command === undefined || covered.has(command) || covered.size >= MAX_COMMANDS)) return;
      if (command !== undefined) covered.add(command);
      writeCache(cacheFile, identity, [...covered], () => script.createCachedData());
    },
  };
  run.scripts.set(file, loaded);
  const nodeRequire = Module.createRequire(file);
  const scriptRequire = Object.assign((id: string) => {
    if (!/^\.\/[^/\\]+\.cjs$/.test(id)) return nodeRequire(id);
    const sibling = join(dirname(file), id);
    return (run.scripts.get(sibling) ?? loadScript(sibling, options, run)).exports;
  }, nodeRequire);
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, scriptRequire, mod, file, dirname(file));
  mod.loaded = true;
  loaded.exports = mod.exports as Record<string, unknown>;
  return loaded;
}

export interface CodeCacheOptions {
  /** The cache folder; undefined: no cache (the script is compiled as usual). */
  dir: string | undefined;
  /** Anything else the compiled code depends on (loc's version): another tag is another cache. */
  tag: string;
}

export interface CachedModule {
  exports: Record<string, unknown>;
  /** Whether V8 took the cached code (false: compiled from the source). */
  accepted: boolean;
  /** Tells which command ran: the cache is saved again once for each command it does not cover yet. */
  ran(command: string): void;
  /** Writes the cache if it needs it, with the code compiled so far; call it once the work is done (at exit). */
  save(): void;
}

/** Commands a cache file records as covered; past this it is no longer rewritten (bounded work per run). */
const MAX_COMMANDS = 64;

/**
 * The per-user cache folder, as env-paths (conf's) names it: `$XDG_CACHE_HOME/loc` or `~/.cache/loc`,
 * `~/Library/Caches/loc` on macOS, `%LOCALAPPDATA%\loc\Cache` on Windows. Undefined when
 * `NODE_DISABLE_COMPILE_CACHE` is set.
 *
 * @example defaultCacheDir({ XDG_CACHE_HOME: '/tmp/c' }, 'linux') // '/tmp/c/loc'
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'loc');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'loc', 'Cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'loc');
}

// The file: one line of JSON (what the data is for, its length and CRC-32), then V8's data.
interface CacheHeader {
  identity: string;
  commands: string[];
  length: number;
  crc: number;
}

function readCache(file: string, identity: string): { data: Buffer; commands: string[] } | undefined {
  try {
    if (!ownFolder(dirname(file))) return undefined;
    const bytes = readFileSync(file);
    const end = bytes.indexOf(0x0a);
    if (end < 0) return undefined;
    const header = JSON.parse(bytes.subarray(0, end).toString('utf8')) as Partial<CacheHeader>;
    const data = bytes.subarray(end + 1);
    if (header.identity !== identity || header.length !== data.length || header.crc !== crc32(data)) return undefined;
    return { data, commands: Array.isArray(header.commands) ? header.commands.map(String) : [] };
  } catch {
    return undefined; // missing, unreadable or not ours: compiled as usual
  }
}

function writeCache(file: string, identity: string, commands: string[], serialize: () => Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  let fd: number | undefined;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    if (!ownFolder(dirname(file))) return;
    // Opened before V8 serializes anything: where nothing can be written, a run pays only this attempt.
    fd = openSync(temporary, 'w', 0o600);
    const data = serialize();
    const header: CacheHeader = { identity, commands, length: data.length, crc: crc32(data) };
    writeSync(fd, `${JSON.stringify(header)}\n`);
    writeSync(fd, data);
    closeSync(fd);
    fd = undefined;
    // Whole or not at all: a run that reads it meanwhile sees the old file or the new one.
    renameSync(temporary, file);
    removeStale(file);
  } catch {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written, or it cannot be removed either: the next run ignores it.
    }
  }
}

/**
 * Whether only this user can change the folder's files. Cached code runs as loc itself, so a folder
 * someone else could write into (`XDG_CACHE_HOME` on a shared disk, a folder made by another user) is
 * not used at all. Windows has no owner ids here; its per-user cache folder is private already.
 */
function ownFolder(dir: string): boolean {
  if (typeof process.getuid !== 'function') return true;
  const stats = statSync(dir);
  return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

/** Caches of the same script unused for a month (an older loc or Node): removed when a new one is written. */
const STALE_MS = 30 * 24 * 60 * 60 * 1000;

/** What follows a script's name in its cache file's name: `-v20.20.2-x64-<hash>.v8`. */
const CACHE_NAME_TAIL = /-v\d+\.\d+\.\d+-[^-]+-[0-9a-f]{8}\.v8$/;

function removeStale(file: string): void {
  const dir = dirname(file);
  const script = basename(file).replace(CACHE_NAME_TAIL, '');
  for (const name of readdirSync(dir)) {
    if (name === basename(file) || !CACHE_NAME_TAIL.test(name) || name.replace(CACHE_NAME_TAIL, '') !== script)
      continue;
    const path = join(dir, name);
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
  }
}

/** FNV-1a of a short text, for the file name (the header holds the whole identity). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}
