import type { ResourceImport } from '@loc/sdk';
import type { Layout } from '../files/layout';
import type { LocalFile } from './local-files';
import type { PushPlan } from './plan';

// What `loc push` works on and what it reports: the types its handler (commands/push/push.ts) makes and its
// report (commands/push/report.ts) reads, below both.

/** One project's push: where its files are, and which of them. */
export interface PushTarget {
  /** The target's name in loc.config.json, when the push is one of its targets. */
  name?: string | undefined;
  workspace: string;
  project: string;
  layout: Layout;
  format: string | undefined;
  /** Only these files of the project (placeholder form), and with --translations only these locales. */
  files: string[] | undefined;
  locales: string[] | undefined;
  /** The folder may be the repository's root (files/targets.ts, rootAllowed). */
  allowRoot: boolean;
}

/** What a push did, or (--dry-run, --check) would do, to one file. */
export interface FileOutcome {
  file: Omit<LocalFile, 'bytes' | 'text' | 'entries'>;
  /** The switches it is (or would be) sent with, for its side. */
  switches: { createNew: boolean; updateExisting: boolean; deactivateMissing: boolean };
  /** Key by key, against the file the service has now (when it was fetched). */
  keys?: KeyOutcome | undefined;
  /** What the service says the import did (a real push; null when it answered no body). */
  imported?: ResourceImport | null | undefined;
}

/** The keys of a file: what a push adds, changes and deactivates, and what it leaves as the service has it. */
export interface KeyOutcome {
  added: string[];
  changed: string[];
  deactivated: string[];
  kept: string[];
  /** Why the kept keys are kept, when there are some. */
  keptBecause?: string | undefined;
}

/** A project's push, done or planned. */
export interface PushResult {
  target: PushTarget;
  sourceLocale: string;
  plan: Pick<PushPlan, 'missing' | 'unmatched' | 'later'>;
  files: FileOutcome[];
  dryRun: boolean;
  check: boolean;
}

/** Whether a push would change the service's file. */
export function changes(outcome: FileOutcome): boolean {
  const keys = outcome.keys;
  return (
    outcome.file.created ||
    (keys !== undefined && keys.added.length + keys.changed.length + keys.deactivated.length > 0)
  );
}
