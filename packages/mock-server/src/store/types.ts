import type { ParsedSeed, Role } from '../seed/schema';

export type Permission = 'generalView' | 'resourcesView' | 'settingsManage';
export type SeedProject = ParsedSeed['projects'][number];
export type SeedFile = SeedProject['files'][number];
export type SeedDistribution = ParsedSeed['distributions'][number];

export interface User {
  email: string;
  workspaceRoles: Record<string, Role>;
  projects: string[];
}

export interface Project extends SeedProject {
  updatedAt: string;
  /** Stable resource container ids, one per file. */
  fileIds: string[];
}

export interface ExportJob {
  id: string;
  workspace: string;
  project: string;
  request: { filePaths?: string[]; iso2Slugs?: string[]; exportFormat?: string };
  createdAt: number;
  readyAt: number;
  /** Set by fault injection: the job ends in ERROR with this message. */
  forcedError?: string;
  result?:
    | { status: 'SUCCESS'; files: { filePath: string; iso2Slug: string }[]; zipName: string }
    | { status: 'ERROR'; errorDetails: string };
}

export interface CdnLogEntry {
  at: string;
  workspace: string;
  status: number;
  distributionEnvironment?: unknown;
  distributionType?: unknown;
  clientVersion?: unknown;
  clientRelease?: unknown;
  clientUser?: unknown;
  clientAgent?: unknown;
  clientLanguageCode?: unknown;
}
