import { mkdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Turns on Node's own compile cache (`module.enableCompileCache`) in loc's folder of the user's cache, for
 * the scripts loaded after it (dist/program.cjs and the dist/vendor-*.cjs it requires): without it V8
 * parses and compiles the bundle on every start (~40 % of `loc cdn check`). Node writes what it compiled
 * at exit and checks each entry against the script's source and its own version, so the cache never changes
 * what runs. Returns the folder, or undefined when there is no cache: `NODE_DISABLE_COMPILE_CACHE` set, a
 * folder that cannot be made, or one someone else could write into (cached code runs as loc).
 *
 * @example enableLocCompileCache() // '/home/me/.cache/loc'
 */
export function enableLocCompileCache(
  env: NodeJS.ProcessEnv = process.env,
  enable: (dir: string) => { directory?: string } = enableCompileCache,
): string | undefined {
  const dir = defaultCacheDir(env);
  if (!dir) return undefined;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!ownFolder(dir)) return undefined;
    return enable(dir).directory;
  } catch {
    return undefined; // an unwritable cache folder only means no cache
  }
}

/**
 * The per-user cache folder, as env-paths (conf's) names it: `$XDG_CACHE_HOME/loc` or `~/.cache/loc`,
 * `~/Library/Caches/loc` on macOS, `%LOCALAPPDATA%\loc\Cache` on Windows. Undefined when
 * `NODE_DISABLE_COMPILE_CACHE` is set (Node's own switch, which Node would honour anyway: so no folder is
 * made for nothing).
 *
 * @example defaultCacheDir({ XDG_CACHE_HOME: '/tmp/c' }, 'linux') // '/tmp/c/loc'
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'loc');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'loc', 'Cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'loc');
}

/**
 * Whether only this user can change the folder's files: a folder someone else could write into
 * (`XDG_CACHE_HOME` on a shared disk, a folder made by another user) is not used at all. Windows has no
 * owner ids here; its per-user cache folder is private already.
 */
function ownFolder(dir: string): boolean {
  if (typeof process.getuid !== 'function') return true;
  const stats = statSync(dir);
  return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}
