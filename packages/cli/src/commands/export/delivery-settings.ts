import { resolve } from 'node:path';
import type { CustomId, ExportRequest } from '@loc/sdk';
import type { LeftOutLocale } from '../../export/locale-threshold';
import type { TypesPlan } from '../../export/types/types-file';
import { lockFolder } from '../../files/folder-lock';
import type { Layout } from '../../files/layout';
import {
  checkOutputFile,
  checkOutputFolder,
  checkWritableFolder,
  rootAllowed,
  writableRoot,
} from '../../files/targets';
import type { Settings } from '../../config/settings';
import type { Context } from '../../context/context';
import { UsageError } from '../../run/errors';
import {
  DEFAULT_EXPORT_TIMEOUT_MS,
  DEFAULT_SUMMARY_KEYS,
  type ExportDownloadOptions,
  type ExportOptions,
} from '../export';
import { layoutSettings } from './layout-settings';

/**
 * What a delivery reads: the download's options, the export's filters when there are some, and, for a
 * target's run, the keys of loc.config.json that set its folder and template (for messages).
 */
type DeliveryOptions = ExportDownloadOptions &
  Partial<ExportOptions> & {
    sources?: Layout['sources'];
    /** A target's run: the --summary of the run of targets, for its resume command. */
    resumeSummary?: string | undefined;
  };

/**
 * Settings of one delivery, flags over loc.config.json over defaults, checked before any request: the
 * template, the locale map, and that the output folder (or the ZIP's path) can be written.
 */
export async function deliverySettings(ctx: Context, options: DeliveryOptions) {
  const loaded = ctx.projectConfig();
  const defaults = loaded?.config.export ?? {};
  const { sources, template, extensions, localeMap, outDir } = await layoutSettings(ctx, options, 'export');
  const zip = options.zip === undefined ? undefined : resolve(ctx.cwd, options.zip);
  // An existing --zip file is replaced only with --force; a dry run reports what a real run would do.
  const zipExists = zip
    ? checkOutputFile(options.zip!, '--zip', { replace: options.force === true || options.dryRun === true }).exists
    : false;
  const root = writableRoot(ctx, outDir);
  if (!zip) {
    checkOutputFolder(outDir, options.out ? '--out' : 'the output folder');
    checkWritableFolder(root, outDir, sources.out, rootAllowed(ctx, outDir, Boolean(options.out)));
  }
  // One run at a time writes into the folder, from reading its record to writing it again. --check and
  // --dry-run write nothing there, not even the lock.
  const types =
    options.types !== undefined || loaded?.config.export?.types !== undefined
      ? await (await import('../../export/types/types-file')).typesFileOf(ctx, options)
      : undefined;
  const status = statusOf(options.status ?? defaults.status, options);
  if (!zip && !options.dryRun && !options.check && options.wait !== false) lockFolder(outDir);
  const layout: Layout = { outDir, template, localeMap, writable: { root, extensions }, sources };
  return { layout, zip, zipExists, types, status, timeoutMs: options.timeout ?? DEFAULT_EXPORT_TIMEOUT_MS };
}
type DeliverySettings = Awaited<ReturnType<typeof deliverySettings>>;

/** The per-file download's filter of each `--status` (`target:filterByStatus`); `all` needs none. */
const STATUS_FILTERS = { approved: 'APPROVED', translated: 'TRANSLATED_AND_APPROVED' } as const;

/**
 * The filter `--status` (or `status` in loc.config.json) asks for, undefined for every translation: each
 * file then comes through the per-file download, so there is no ZIP to keep and no export to leave running.
 */
function statusOf(
  status: string | undefined,
  options: { zip?: string | undefined; wait?: boolean | undefined; status?: string | undefined },
): { name: keyof typeof STATUS_FILTERS; filter: (typeof STATUS_FILTERS)[keyof typeof STATUS_FILTERS] } | undefined {
  if (status === undefined || status === 'all') return undefined;
  const flag = options.status ? `--status ${status}` : `status "${status}" of loc.config.json`;
  if (options.zip !== undefined || options.wait === false)
    throw new UsageError(
      `${flag} fetches each file through the per-file download: there is no ${options.zip !== undefined ? 'ZIP to keep (--zip)' : 'export to wait for later (--no-wait)'}.`,
      `Drop ${options.zip !== undefined ? '--zip' : '--no-wait'}, or ship every translation with --status all.`,
    );
  const name = status as keyof typeof STATUS_FILTERS;
  return { name, filter: STATUS_FILTERS[name] };
}

/**
 * The key-by-key summary a run was asked for (`--summary`, `--summary-keys`), its target checked; its
 * module (and the parsers it loads per format) is loaded only then.
 */
export async function summaryOf(ctx: Context, options: DeliveryOptions) {
  if (options.summary === undefined && options.summaryKeys === undefined) return undefined;
  const [module, markdown] = await Promise.all([
    import('../../export/summary'),
    import('../../export/summary/markdown'),
  ]);
  module.checkSummaryTarget(options.summary, ctx.out.json);
  return {
    compare: (keysShown: number) => new module.Comparison(keysShown),
    prepare: module.prepareReaders,
    summarize: module.summarizeDelivery,
    render: markdown.renderMarkdown,
    write: module.writeSummary,
    file: options.summary,
    keysShown: options.summaryKeys ?? DEFAULT_SUMMARY_KEYS,
  };
}

/** The export request: the spec's three filters, flags over loc.config.json. */
export function requestOf(ctx: Context, options: Partial<ExportOptions>): ExportRequest {
  const defaults = ctx.projectConfig()?.config.export ?? {};
  const filePaths = options.file ?? defaults.files;
  const iso2Slugs = options.locale ?? defaults.locales;
  const exportFormat = options.format ?? defaults.format;
  return {
    ...(filePaths?.length ? { filePaths } : {}),
    ...(iso2Slugs?.length ? { iso2Slugs } : {}),
    ...(exportFormat ? { exportFormat: exportFormat as CustomId } : {}),
  };
}

/** What one run delivers to, and how. */
export interface Target {
  workspace: string;
  project: string;
  options: DeliveryOptions;
  settings: DeliverySettings;
  /** The connection in use (for the resume command's --base-url). */
  connection: Settings | undefined;
  /** Locales left out of the export request for being below a threshold (minTranslated, minApproved). */
  leftOut?: LeftOutLocale[];
  /**
   * An export fetched by its id (`loc export download`): the request that made it is not known here (the
   * service does not say which files or locales were asked for), so whether it is whole is read from it.
   */
  fetchedById?: boolean;
  /** The types file to write from the source locale's files (`--types`), once planned. */
  types?: TypesPlan;
}
