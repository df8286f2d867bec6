import * as z from 'zod/mini';
import { WrittenFilesSchema, type WrittenFile } from './record';

/**
 * What `loc cdn check --download` leaves beside the files: which release they are, so the next build can
 * skip it, and each file with its SHA-256, so a file someone changed is never overwritten or removed
 * silently. Its own module, imported only with --download: zod's functions are imported by name here, so
 * the bundle keeps only those (a dynamically imported zod would keep all of it, locales included).
 */
export { RELEASE_RECORD_NAME as MANIFEST_NAME } from './names';

export const ManifestSchema = z.looseObject({
  distributionReleaseId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  files: WrittenFilesSchema,
});

export interface Manifest {
  distributionReleaseId: string;
  name: string;
  createdAt: string;
  files: WrittenFile[];
  [key: string]: unknown;
}
