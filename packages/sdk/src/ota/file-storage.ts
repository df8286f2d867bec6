import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OtaStorage } from './storage';

/**
 * A store in `dir`, one file per key. Each write goes to a temporary file that is then renamed over the
 * key's file: a reader (another process, or this one after a crash) sees the old value or the new one,
 * never half of one. Keys are encoded into safe file names, so none can leave `dir`.
 *
 * @example createOtaClient({ ...options, storage: fileStorage('.cache/loc-ota') })
 */
export function fileStorage(dir: string): OtaStorage {
  const fileOf = (key: string) => join(dir, `${encodeURIComponent(key).replaceAll('.', '%2E')}.json`);
  return {
    async getItem(key) {
      try {
        return await readFile(fileOf(key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async setItem(key, value) {
      await mkdir(dir, { recursive: true });
      const temporary = `${fileOf(key)}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, value, { flag: 'wx' });
        await rename(temporary, fileOf(key));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async removeItem(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
