import { DEFAULT_PROFILE } from '../../config/credentials';
import { cdnHostOf, checkCredentialText, normalizeBaseUrl } from '../../config/settings';
import { reachableProjects } from '../../project/resolve-project';
import { CredentialsError, refusedCredentialHint, UsageError } from '../../run/errors';
import { describeSource, loginCommand, settingToCheck, type Source } from '../../run/setting-source';
import { askSecret } from '../../ui/prompts';
import { AuthenticationError, createClient, DEFAULT_BASE_URL } from '@loc/sdk/internal';
import { text } from 'node:stream/consumers';
import type { Context } from '../../context/context';
import type { LoginOptions, LogoutOptions, WhoamiOptions } from '../auth';
import { counted } from '../../ui/quantities';

/**
 * `loc login`: verifies a token with a real call, then stores it (with the base URL it belongs to) in
 * the profile. The token comes from --token, from stdin with --with-token, or from a hidden prompt.
 * With --cdn-key and no token, only the CDN key is stored (beside the profile's token, if any): nothing
 * asks for the API token again. Environment variables (LOC_API_TOKEN, LOC_CDN_KEY) are never stored.
 */
export async function login(ctx: Context, options: LoginOptions): Promise<void> {
  const globals = ctx.options;
  const store = await ctx.credentials();
  // An empty variable (LOC_PROFILE=) counts as unset, as in config/settings.ts.
  const profile = globals.profile || DEFAULT_PROFILE;
  const existing = store.get(profile);
  const baseUrlSource = globals.baseUrl
    ? ctx.given('baseUrl')
      ? ('flag' as const)
      : ('environment' as const)
    : existing
      ? ('profile' as const)
      : ('default' as const);
  const baseUrl = normalizeBaseUrl(globals.baseUrl || existing?.baseUrl || DEFAULT_BASE_URL);
  ctx.useConnection(baseUrl, baseUrlSource, profile);
  const sameHost = existing?.baseUrl === baseUrl;
  const cdnKey = ctx.given('cdnKey') ? globals.cdnKey : undefined;
  // The origin the stored key will be sent to: --cdn-base-url (or LOC_CDN_BASE_URL) when it is not the CDN
  // host the base URL implies (the service's CDN host for the service), never loc.config.json's cdn.baseUrl,
  // which a cloned repository chooses.
  const keyHost = cdnKey && globals.cdnBaseUrl ? normalizeBaseUrl(globals.cdnBaseUrl) : undefined;
  const impliedCdnHost = cdnHostOf(baseUrl);
  const keyBinding = keyHost && keyHost !== impliedCdnHost ? { cdnBaseUrl: keyHost } : {};

  let token = ctx.given('token') ? globals.token : undefined;
  if (!token && options.withToken) token = (await text(process.stdin)).trim();
  if (cdnKey) checkCredentialText(cdnKey, 'The CDN key (--cdn-key)');
  if (!token && cdnKey) {
    // Only the CDN key: keep the profile's token for this host. The key is not checked (a check would
    // spend the workspace's CDN budget); `loc cdn check` uses it.
    const kept = sameHost ? existing?.token : undefined;
    store.save(
      profile,
      { baseUrl, ...(kept ? { token: kept } : {}), cdnKey, ...keyBinding, savedAt: new Date().toISOString() },
      true,
    );
    const keyFor = keyHost ?? impliedCdnHost;
    ctx.out.result(
      {
        profile,
        baseUrl,
        cdnBaseUrl: keyFor,
        credentialsFile: store.path,
        cdnKeyStored: true,
        tokenStored: Boolean(kept),
      },
      () => {
        ctx.out.success(
          `Stored the CDN key for ${keyFor} (profile ${profile}); it is sent to no other host.${kept ? ' The API token stays as it was.' : ''}`,
        );
        ctx.out.info(`Stored in ${store.path}, readable only by you.`);
      },
    );
    return;
  }
  if (!token && ctx.interactive) token = await askSecret(ctx, `API token for ${baseUrl}`);
  if (!token) {
    throw new UsageError(
      `No token to log in with (${ctx.noPromptReason ?? 'none given'}).`,
      'Pass it on stdin: `loc login --with-token < token.txt`; in CI set LOC_API_TOKEN instead, no login needed.',
    );
  }

  checkCredentialText(
    token,
    `The API token (${ctx.given('token') ? '--token' : options.withToken ? 'stdin' : 'typed'})`,
  );
  const fetch = await ctx.fetch();
  const client = createClient({ baseUrl, token, ...(fetch ? { fetch } : {}) });
  let reachable: number;
  try {
    reachable = (await client.projects.list({ signal: ctx.signal })).members.length;
  } catch (error) {
    if (error instanceof AuthenticationError) {
      throw new CredentialsError(
        `${baseUrl} refused the token (401). Nothing was stored.`,
        'Copy the token again from your account settings.',
      );
    }
    throw error;
  }

  const keptKey = cdnKey ?? (sameHost ? existing?.cdnKey : undefined);
  const keptBinding = cdnKey ? keyBinding : sameHost && existing?.cdnBaseUrl ? { cdnBaseUrl: existing.cdnBaseUrl } : {};
  store.save(
    profile,
    {
      baseUrl,
      token,
      ...(keptKey ? { cdnKey: keptKey, ...keptBinding } : {}),
      savedAt: new Date().toISOString(),
    },
    true,
  );
  ctx.out.result(
    { profile, baseUrl, reachableProjects: reachable, credentialsFile: store.path, cdnKeyStored: Boolean(keptKey) },
    () => {
      ctx.out.success(`Logged in to ${baseUrl} (profile ${profile}): ${counted(reachable, 'project')} reachable.`);
      ctx.out.info(`Stored in ${store.path}, readable only by you.${keptKey ? ' The CDN key is stored too.' : ''}`);
    },
  );
}

/** `loc logout`: forgets the stored credentials of one profile, or of all. */
export async function logout(ctx: Context, options: LogoutOptions): Promise<void> {
  const store = await ctx.credentials();
  if (options.all) {
    const names = store.names();
    store.clear();
    ctx.out.result({ removed: names }, () =>
      ctx.out.success(
        names.length ? `Removed ${counted(names.length, 'profile')}: ${names.join(', ')}.` : 'No profile was stored.',
      ),
    );
    return;
  }
  const profile = ctx.options.profile || store.current();
  const removed = store.remove(profile);
  ctx.out.result({ removed: removed ? [profile] : [] }, () =>
    removed
      ? ctx.out.success(`Logged out: removed profile ${profile}.`)
      : ctx.out.info(`Not logged in: no profile ${profile} is stored.`),
  );
  if (ctx.options.token && !ctx.given('token'))
    ctx.out.warn('LOC_API_TOKEN is still set in your environment; commands keep using it.');
}

/**
 * `loc whoami`: the profile, base URL and credentials in use (where each came from, never their value),
 * and what the token reaches. The API has no "current user" call: the token is identified by the
 * workspaces and projects it reaches (GET /v1/projects).
 */
export async function whoami(ctx: Context, _options: WhoamiOptions): Promise<void> {
  const settings = await ctx.settings('token');
  const identity = {
    profile: settings.profile,
    baseUrl: settings.baseUrl,
    baseUrlSource: settings.baseUrlSource,
    token: settings.tokenSource ?? null,
    cdnKey: settings.cdnKeySource ?? null,
    cdnCheckUrl: `${settings.cdnBaseUrl}${settings.cdnCheckPath}`,
  };
  let reach: { accepted: boolean; workspaces: string[]; projects: number } | null = null;
  if (settings.token) {
    const { client } = await ctx.client('token');
    try {
      const projects = await reachableProjects(client, ctx.signal);
      reach = { accepted: true, workspaces: [...new Set(projects.map((p) => p.workspace))], projects: projects.length };
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      reach = { accepted: false, workspaces: [], projects: 0 };
    }
  }
  ctx.out.result(
    {
      ...identity,
      ...(reach
        ? { tokenAccepted: reach.accepted, workspaces: reach.workspaces, projects: reach.projects }
        : { tokenAccepted: null }),
    },
    () => {
      const { c } = ctx.out;
      ctx.out.line(`Profile    ${settings.profile}`);
      ctx.out.line(`Base URL   ${settings.baseUrl} ${c.dim(`(${settings.baseUrlSource})`)}`);
      const from = (source: Source | undefined, key: 'token' | 'cdnKey') =>
        source
          ? settingToCheck(source, key)
            ? `from ${settingToCheck(source, key)}`
            : describeSource(source, key, settings.profile)
          : 'none';
      ctx.out.line(`Token      ${from(settings.tokenSource, 'token')}`);
      ctx.out.line(`CDN key    ${from(settings.cdnKeySource, 'cdnKey')}`);
      ctx.out.line(`CDN check  ${identity.cdnCheckUrl}`);
      if (reach?.accepted)
        ctx.out.line(
          `Reaches    ${counted(reach.projects, 'project')} in ${reach.workspaces.join(', ') || 'no workspace'}`,
        );
    },
  );
  if (!settings.token) {
    throw new CredentialsError(
      `Not logged in to ${settings.baseUrl}: no API token.`,
      'Run `loc login`, or set LOC_API_TOKEN.',
    );
  }
  if (reach && !reach.accepted) {
    throw new CredentialsError(
      `${settings.baseUrl} refused the token (401).`,
      refusedCredentialHint('token', settings.tokenSource, {
        profile: settings.profile,
        login: loginCommand(settings.profile, DEFAULT_PROFILE),
      }),
    );
  }
}
