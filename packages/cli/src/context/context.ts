import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import {
  APIConnectionError,
  APIError,
  createClient,
  DEFAULT_BASE_URL,
  TimeoutError,
  type ClientHooks,
  type LocClient,
} from '@loc/sdk/internal';
import {
  findConfigFile,
  isYamlConfig,
  loadConfigFile,
  type LoadedConfig,
  type YamlModule,
} from '../config/project-config';
import { DEFAULT_PROFILE, openCredentials, type CredentialStore } from '../config/credentials';
import {
  CDN_ROUTE_HINT,
  CliError,
  CredentialsError,
  EXIT,
  isCdnRouteMiss,
  isForeignAnswer,
  onCdn,
  type RequestSettings,
  RETRIED,
  refusedAnswerOf,
  resumeOf,
  SETTINGS_OF,
} from '../run/errors';
import { createHttpFetch } from '../net/http-fetch';
import { proxyFetch } from '../net/proxy';
import { Output } from '../ui/output';
import type { GlobalOptions, OptionSource } from '../options/shared-options';
import { readEnvironment, type Environment } from '../options/environment';
import { checkProxyVariables, resolveSettings, type Settings } from '../config/settings';
import { describeSource, loginCommand, type Source } from '../run/setting-source';
import { formatElapsed } from '../ui/progress';
import { VERSION } from '../startup/version';

/** Where the CDN check's path came from, in words, as describeSource says a base URL's. */
function pathSource(source: Source | undefined): string {
  if (source === 'flag') return 'given with --cdn-check-path';
  if (source === 'environment') return 'from LOC_CDN_CHECK_PATH';
  if (source === 'config') return 'from cdn.checkPath of loc.config.json';
  return 'the default for that host';
}

interface ContextInit {
  options: GlobalOptions;
  sourceOf: (key: keyof GlobalOptions) => OptionSource;
  /** Aborted by Ctrl-C. */
  signal: AbortSignal;
  /** The command that runs, for messages: `loc export status`. */
  command: string;
  /** The whole program, for `loc completion`. */
  program: CommandUnknownOpts;
  /** The command's overall deadline (its --timeout), when the context applies it. */
  deadlineMs?: number;
  environment?: Environment;
  /** Where the output goes (default: the process's stdout and stderr). */
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** The folder the command runs in (default: the process's). */
  cwd?: string;
  /** The output is read back, not shown: one JSON document on stdout, nothing else (whatever the options say). */
  readBack?: boolean;
}

/**
 * Everything a command needs from its surroundings: the output, whether a person is there to answer
 * prompts, the signal (Ctrl-C or the command's deadline), the project config and a client built from
 * the settings resolver.
 *
 * It is assembled here from the features, ui and options below it, so none of them imports it: each module
 * there that takes the context declares the part it reads (ui/prompts.ts's `PromptContext`,
 * files/targets.ts's `FolderContext`, export/targets.ts's `TargetsContext`, …), and a Context is one of each
 * by its shape. Imports run down (docs/development.md, "Layers"), and a signature says what a feature uses.
 */
export class Context {
  readonly out: Output;
  /** A person at a terminal: prompts and animated spinners are allowed. */
  readonly interactive: boolean;
  /** Why no prompt can be shown (for messages), or undefined when one can. */
  readonly noPromptReason: string | undefined;
  /** Aborts on Ctrl-C and when the command's deadline passes. */
  readonly signal: AbortSignal;
  readonly options: GlobalOptions;
  readonly environment: Environment;
  readonly command: string;
  readonly program: CommandUnknownOpts;
  readonly cwd: string;
  private readonly interrupt: AbortSignal;
  private readonly deadline: AbortSignal | undefined;
  private readonly deadlineMs: number | undefined;
  /** `METHOD /path` → the last attempt the SDK made of it (0: the first), from its onRequest hook. */
  private readonly attempts = new Map<string, number>();
  private readonly sourceOf: ContextInit['sourceOf'];
  private loadedConfig: LoadedConfig | undefined | null = null;
  /** The YAML reader, loaded before the handler runs when the config file is YAML (projectConfig() is synchronous). */
  private yaml: YamlModule | undefined;
  private store: CredentialStore | undefined;
  private proxiedFetch: Promise<typeof fetch | undefined> | undefined;
  /** Where requests go and where that and the credentials came from, for the messages of their errors. */
  private connection: RequestSettings | undefined;

  constructor(init: ContextInit) {
    this.options = init.options;
    this.sourceOf = init.sourceOf;
    this.command = init.command;
    this.program = init.program;
    this.environment = init.environment ?? readEnvironment();
    this.cwd = init.cwd ?? process.cwd();
    this.out = new Output({
      json: init.readBack === true || init.options.json === true,
      quiet: init.readBack === true || init.options.quiet === true,
      verbose: init.options.verbose === true,
      color: init.options.color !== false,
      environment: this.environment,
      ...(init.stdout ? { stdout: init.stdout } : {}),
      ...(init.stderr ? { stderr: init.stderr } : {}),
    });
    this.noPromptReason = this.environment.ci
      ? 'CI is set'
      : this.out.json
        ? 'no prompts with --json'
        : process.stdin.isTTY !== true
          ? 'stdin is not a terminal'
          : this.out.stdout.isTTY !== true
            ? 'stdout is not a terminal'
            : undefined;
    this.interactive = this.noPromptReason === undefined;
    this.interrupt = init.signal;
    this.deadlineMs = init.deadlineMs;
    this.deadline = init.deadlineMs === undefined ? undefined : AbortSignal.timeout(init.deadlineMs);
    this.signal = this.deadline ? AbortSignal.any([init.signal, this.deadline]) : init.signal;
  }

  /**
   * The context of work this command runs inside itself (one target of `loc export`, docs/cli.md#several-targets):
   * the same options, settings, config, credential store, proxy and Ctrl-C; its own output, read back
   * (JSON), and its own deadline (within this command's).
   */
  inner(init: Pick<ContextInit, 'stdout' | 'stderr' | 'deadlineMs'>): Context {
    const inner = new Context({
      ...init,
      readBack: true,
      options: this.options,
      sourceOf: this.sourceOf,
      signal: this.signal,
      command: this.command,
      program: this.program,
      environment: this.environment,
      cwd: this.cwd,
    });
    inner.loadedConfig = this.loadedConfig;
    inner.yaml = this.yaml;
    inner.store = this.store;
    inner.proxiedFetch = this.proxiedFetch;
    return inner;
  }

  /** Whether an option was given on the command line (not by its environment variable). */
  given(key: keyof GlobalOptions): boolean {
    return this.sourceOf(key) === 'flag';
  }

  /**
   * Runs the handler. When the deadline passed and no one pressed Ctrl-C, whatever the handler made of
   * the abort is a timeout (exit 8) naming the command; a hint of its own (the command that resumes)
   * is kept.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      await this.loadConfigReader();
      return await work();
    } catch (error) {
      if (error instanceof APIError && (this.attempts.get(`${error.method} ${error.path}`) ?? 0) > 0)
        RETRIED.add(error);
      if (this.connection && typeof error === 'object' && error !== null && !SETTINGS_OF.has(error))
        SETTINGS_OF.set(error, this.connection);
      if (isForeignAnswer(error) && this.connection) throw this.foreignAnswer(error, this.connection);
      if (isCdnRouteMiss(error) && this.connection) throw this.cdnRouteMiss(error, this.connection);
      if (this.deadline?.aborted && !this.interrupt.aborted && this.deadlineMs !== undefined) {
        // A timeout of its own (an export not ready in time) already says what to do.
        if (
          (error instanceof CliError && error.exitCode === EXIT.TIMEOUT) ||
          (error instanceof TimeoutError && error.exportId)
        )
          throw error;
        const resume = resumeOf(error) ? `Resume with: ${resumeOf(error)}, or ` : '';
        throw new CliError(`${this.command} did not finish within ${formatElapsed(this.deadlineMs)}.`, {
          exitCode: EXIT.TIMEOUT,
          hint: `${resume ? resume : 'Try again, or '}allow more time with --timeout.`,
          cause: error,
        });
      }
      throw error;
    }
  }

  /** Records where requests go (`loc login` builds its own client), for {@link Context.run}'s messages. */
  useConnection(baseUrl: string, source: Source, profile: string): void {
    this.connection = {
      baseUrl,
      baseUrlSource: source,
      cdnBaseUrl: baseUrl,
      cdnBaseUrlSource: source,
      cdnBaseUrlIsBase: true,
      tokenSource: undefined,
      cdnKeySource: undefined,
      profile,
      login: loginCommand(profile, DEFAULT_PROFILE),
    };
  }

  /**
   * An answer from some other web server: says so, with the base URL used and where it came from. Never
   * the body (an HTML page is no message), never the command that just failed as advice.
   */
  private foreignAnswer(error: Parameters<typeof isForeignAnswer>[0], connection: NonNullable<Context['connection']>) {
    const { method, path } = error as { method: string; path: string };
    const cdn = onCdn(error);
    const url = cdn ? connection.cdnBaseUrl : connection.baseUrl;
    const source = cdn ? connection.cdnBaseUrlSource : connection.baseUrlSource;
    const status = 'status' in (error as object) ? ` ${(error as { status: number }).status}` : '';
    const body = (error as { body?: unknown }).body;
    const kind =
      error instanceof APIConnectionError
        ? refusedAnswerOf(error)
        : typeof body === 'string' && /^\s*</.test(body)
          ? 'an HTML page'
          : 'something that is not JSON';
    const from = describeSource(
      source,
      cdn && !connection.cdnBaseUrlIsBase ? 'cdnBaseUrl' : 'baseUrl',
      connection.profile,
    );
    return new CliError(
      `${url} does not look like the loc ${cdn ? 'CDN check' : 'service'}: ${method} ${path} answered${status} with ${kind}.`,
      {
        exitCode: EXIT.SERVER,
        hint: cdn
          ? `The CDN base URL (${from}) and the path (${pathSource(connection.cdnCheckPathSource)}) must be where the check is served, or a proxy in between (HTTPS_PROXY) answered instead. ${CDN_ROUTE_HINT}`
          : `The base URL (${from}) must be the service's address (${DEFAULT_BASE_URL} unless you set another) or loc-mock's; or a proxy in between (HTTPS_PROXY) answered instead.`,
        cause: error,
      },
    );
  }

  /** A CDN check's 404 that is not the CDN's answer: which host and path were asked, and where each came from. */
  private cdnRouteMiss(error: APIError, connection: NonNullable<Context['connection']>) {
    const from = describeSource(
      connection.cdnBaseUrlSource,
      connection.cdnBaseUrlIsBase ? 'baseUrl' : 'cdnBaseUrl',
      connection.profile,
    );
    return new CliError(
      // The error's path is the URL's whole path (the base URL's own path included).
      `${error.method} ${new URL(connection.cdnBaseUrl).origin}${error.path} answered 404 without the CDN check's answer: no CDN check is served at that host and path.`,
      {
        exitCode: EXIT.NOT_FOUND,
        hint: `Host ${connection.cdnBaseUrl} (${from}), path ${connection.cdnCheckPath ?? error.path} (${pathSource(connection.cdnCheckPathSource)}). ${CDN_ROUTE_HINT}`,
        cause: error,
      },
    );
  }

  /** The nearest loc.config.json, .yaml or .yml (or the file of --config), read once. */
  projectConfig(): LoadedConfig | undefined {
    if (this.loadedConfig === null) {
      const path = this.configPath();
      this.loadedConfig = path ? loadConfigFile(path, this.yaml) : undefined;
      if (this.loadedConfig) this.out.debug(`config: ${this.loadedConfig.path}`);
    }
    return this.loadedConfig;
  }

  private configPath(): string | undefined {
    return this.options.config ?? findConfigFile(this.cwd);
  }

  /**
   * The yaml package, when the config file is YAML: loaded before the handler, so that projectConfig()
   * can stay synchronous. A problem in finding the file is left to projectConfig(), for the commands that
   * read it (`loc login` works beside a broken config).
   */
  private async loadConfigReader(): Promise<void> {
    if (this.yaml || this.loadedConfig !== null) return;
    let path: string | undefined;
    try {
      path = this.configPath();
    } catch {
      return;
    }
    if (path && isYamlConfig(path)) this.yaml = await import('yaml');
  }

  async credentials(): Promise<CredentialStore> {
    this.store ??= await openCredentials(this.environment.configDir, (warning) => this.out.warn(warning));
    return this.store;
  }

  /** The settings of this run (docs/cli.md#credentials-login-logout-profiles). */
  settings(needs: 'token' | 'cdnKey' | 'none' = 'none'): Promise<Settings> {
    return resolveSettings({
      options: this.options,
      sourceOf: this.sourceOf,
      config: needs === 'cdnKey' ? this.projectConfig()?.config : undefined,
      openStore: () => this.credentials(),
      needs,
      debug: (text) => this.out.debug(text),
    });
  }

  /** A client for the API. `needs` names the credential the command cannot go without. */
  async client(needs: 'token' | 'cdnKey' | 'none' = 'token'): Promise<{ client: LocClient; settings: Settings }> {
    const settings = await this.settings(needs);
    this.connection = { ...settings, login: loginCommand(settings.profile, DEFAULT_PROFILE) };
    if (needs === 'token' && !settings.token) {
      throw new CredentialsError(
        `No API token for ${settings.baseUrl}.`,
        'Run `loc login`, or set LOC_API_TOKEN (in CI, from a secret).',
      );
    }
    if (needs === 'cdnKey' && !settings.cdnKey) {
      throw new CredentialsError(
        `No CDN key for ${settings.cdnBaseUrl}.`,
        'Pass --cdn-key, set LOC_CDN_KEY, or store one with `loc login --cdn-key <key>`.',
      );
    }
    // Without a proxy, API calls go over node:http (net/http-fetch.ts: Node's fetch cost ~150 ms of
    // start-up per command); downloads keep the SDK's own node:http path (`this.fetch()` is undefined).
    const fetch = (await this.fetch()) ?? createHttpFetch();
    const client = createClient({
      baseUrl: settings.baseUrl,
      cdnBaseUrl: settings.cdnBaseUrl,
      cdnCheckPath: settings.cdnCheckPath,
      ...(settings.token ? { token: settings.token } : {}),
      ...(settings.cdnKey ? { cdnKey: settings.cdnKey } : {}),
      fetch,
      headers: { 'User-Agent': `loc-cli/${VERSION} node/${process.versions.node}` },
      hooks: this.hooks(),
    });
    this.out.debug(
      `base URL ${settings.baseUrl} (${settings.baseUrlSource}); token: ${settings.tokenSource ?? 'none'}; CDN key: ${settings.cdnKeySource ?? 'none'}; profile ${settings.profile}` +
        (needs === 'cdnKey' ? `; CDN check ${settings.cdnBaseUrl}${settings.cdnCheckPath}` : ''),
    );
    return { client, settings };
  }

  /**
   * The proxy-aware fetch, when a proxy is configured; used for API calls and downloads alike. Made once
   * per command, so calls and downloads share one proxy agent (and its connections).
   */
  fetch(): Promise<typeof fetch | undefined> {
    this.proxiedFetch ??= (() => {
      checkProxyVariables(this.environment.raw);
      const variable = this.environment.proxyVariable;
      if (variable) this.out.debug(`using the proxy of ${variable} (NO_PROXY honoured)`);
      return variable ? proxyFetch() : Promise.resolve(undefined);
    })();
    return this.proxiedFetch;
  }

  /**
   * Each request's last attempt (0 for the first) is noted for Context.run; with --verbose, each request,
   * response and retry goes to stderr. The SDK never shows hooks a header or a query.
   */
  private hooks(): ClientHooks {
    const noteAttempt = (e: { method: string; url: string; attempt: number }) =>
      this.attempts.set(`${e.method} ${new URL(e.url).pathname}`, e.attempt);
    if (!this.out.verbose) return { onRequest: noteAttempt };
    return {
      onRequest: (e) => {
        noteAttempt(e);
        this.out.debug(`→ ${e.method} ${e.url}${e.attempt ? ` (retry ${e.attempt})` : ''}`);
      },
      onResponse: (e) => this.out.debug(`← ${e.status} ${e.method} ${e.url} ${Math.round(e.durationMs)} ms`),
      onRetry: (e) => this.out.debug(`↻ ${e.method} ${e.url}: ${e.reason}; retrying in ${Math.round(e.delayMs)} ms`),
    };
  }
}
