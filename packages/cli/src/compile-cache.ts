import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * Loads a CommonJS script (dist/program.cjs) through a V8 code cache, as v8-compile-cache does: Node 20
 * has no module.enableCompileCache (it came in 22.1), and without a cache V8 parses and compiles the
 * bundle on every start (~40 % of `loc cdn check`). The first run of each command saves the code V8
 * compiled for it (at exit, once the output is written); later runs deserialize it instead.
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
  const source = readFileSync(file, 'utf8');
  const { size, mtimeMs } = statSync(file);
  const identity = `${file}\n${size}\n${mtimeMs}\n${options.tag}`;
  const cacheFile = options.dir && join(options.dir, `program-${process.version}-${process.arch}-${hash(identity)}.v8`);
  const cached = cacheFile ? readCache(cacheFile, identity) : undefined;
  const script = new Script(Module.wrap(source), {
    filename: file,
    ...(cached ? { cachedData: cached.data } : {}),
  });
  const accepted = cached !== undefined && !script.cachedDataRejected;
  const covered = new Set(accepted ? cached.commands : []);
  let current: string | undefined;

  const mod = new Module(file);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, dirname(file));
  mod.loaded = true;
  return {
    exports: mod.exports as Record<string, unknown>,
    accepted,
    ran: (command) => {
      current = command;
    },
    save: () => {
      // Saved when V8 had nothing usable, or when this command's code is not in it yet (a bounded list).
      if (!cacheFile) return;
      if (accepted && (current === undefined || covered.has(current) || covered.size >= MAX_COMMANDS)) return;
      if (current !== undefined) covered.add(current);
      writeCache(cacheFile, identity, [...covered], () => script.createCachedData());
    },
  };
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
  } catch {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written, or it cannot be removed either: the next run ignores it.
    }
  }
}

/** FNV-1a of a short text, for the file name (the header holds the whole identity). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}
