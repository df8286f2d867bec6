import type { ResourceExportFile } from '@loc/sdk';
import type { ExportRequestSchema } from '@loc/sdk/schemas';
import type { z } from 'zod';
import type { ParsedSeed, Role } from '../seed/schema';

export type Permission = 'generalView' | 'resourcesView' | 'settingsManage';
export type SeedProject = ParsedSeed['projects'][number];
export type SeedFile = SeedProject['files'][number];
export type Segment = SeedFile['segments'][number];

/**
 * A resource file as the store keeps it: the seed's shape (its `segments` are the active ones, what every
 * export, count and release reads), and the segments an import deactivated, kept aside with their
 * translations so that a later upload of the key brings them back (docs/decisions.md, "Resources"). The
 * store never changes one in place: an import makes a new file object, so what is cached by file (its
 * texts, its counts, the ZIPs made of it) stays right for the old one and is made anew for the new.
 */
export interface ProjectFile extends SeedFile {
  deactivated?: readonly Segment[];
}
export type SeedDistribution = ParsedSeed['distributions'][number];
export type SeedRelease = SeedDistribution['releases'][number];

export interface User {
  email: string;
  workspaceRoles: Record<string, Role>;
  projects: string[];
}

export interface Project extends SeedProject {
  files: ProjectFile[];
  updatedAt: string;
  /** Stable resource container ids, one per file. */
  fileIds: string[];
}

export interface ExportJob {
  id: string;
  workspace: string;
  project: string;
  request: z.output<typeof ExportRequestSchema>;
  createdAt: number;
  readyAt: number;
  /** Set by fault injection: the job ends in ERROR with this message. */
  forcedError?: string;
  result?:
    | { status: 'SUCCESS'; files: (Pick<ResourceExportFile, 'filePath'> & { iso2Slug: string })[]; zipName: string }
    | { status: 'ERROR'; errorDetails: string };
}
