import { text } from 'node:stream/consumers';
import { AuthenticationError, createClient, DEFAULT_BASE_URL } from '@loc/sdk';
import { DEFAULT_PROFILE } from '../config/credentials';
import { normalizeBaseUrl, type Context, type GlobalOptions } from '../context';
import { CredentialsError, UsageError } from '../errors';
import { askSecret } from '../ui/prompts';

export interface LoginOptions extends GlobalOptions {
  withToken?: boolean;
}

/**
 * `loc login`: verifies a token with a real call, then stores it (with the base URL it belongs to) in
 * the profile. The token comes from --token, from stdin with --with-token, or from a hidden prompt.
 */
export async function login(ctx: Context, options: LoginOptions): Promise<void> {
  const store = await ctx.credentials();
  const profile = options.profile ?? ctx.env.LOC_PROFILE ?? DEFAULT_PROFILE;
  const existing = store.get(profile);
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? ctx.env.LOC_BASE_URL ?? existing?.baseUrl ?? DEFAULT_BASE_URL);

  let token = options.token;
  if (!token && options.withToken) token = (await text(process.stdin)).trim();
  if (!token && ctx.interactive) token = await askSecret(ctx, `API token for ${baseUrl}`);
  if (!token) {
    throw new UsageError(
      'No token to log in with (no terminal to ask).',
      'Pass it on stdin: `loc login --with-token < token.txt`; in CI prefer setting LOC_API_TOKEN, no login needed.',
    );
  }

  const fetch = await ctx.fetch();
  const client = createClient({ baseUrl, token, ...(fetch ? { fetch } : {}) });
  let reachable: number;
  try {
    reachable = (await client.projects.list({ signal: ctx.signal })).members.length;
  } catch (error) {
    if (error instanceof AuthenticationError) {
      throw new CredentialsError(`${baseUrl} refused the token (401). Nothing was stored.`, 'Copy the token again from your account settings.');
    }
    throw error;
  }

  const cdnKey = options.cdnKey ?? (existing && existing.baseUrl === baseUrl ? existing.cdnKey : undefined);
  store.save(profile, { baseUrl, token, ...(cdnKey ? { cdnKey } : {}), savedAt: new Date().toISOString() }, true);
  ctx.out.result({ profile, baseUrl, reachableProjects: reachable, credentialsFile: store.path, cdnKeyStored: Boolean(cdnKey) }, () => {
    ctx.out.success(`Logged in to ${baseUrl} (profile ${profile}): ${reachable} project${reachable === 1 ? '' : 's'} reachable.`);
    ctx.out.info(`Stored in ${store.path}, readable only by you.${cdnKey ? ' The CDN key is stored too.' : ''}`);
  });
}

export interface LogoutOptions extends GlobalOptions {
  all?: boolean;
}

/** `loc logout`: forgets the stored credentials of one profile, or of all. */
export async function logout(ctx: Context, options: LogoutOptions): Promise<void> {
  const store = await ctx.credentials();
  if (options.all) {
    const names = store.names();
    store.clear();
    ctx.out.result({ removed: names }, () =>
      ctx.out.success(names.length ? `Removed ${names.length} profile${names.length === 1 ? '' : 's'}: ${names.join(', ')}.` : 'No profile was stored.'),
    );
    return;
  }
  const profile = options.profile ?? ctx.env.LOC_PROFILE ?? store.current();
  const removed = store.remove(profile);
  ctx.out.result({ removed: removed ? [profile] : [] }, () =>
    removed ? ctx.out.success(`Logged out: removed profile ${profile}.`) : ctx.out.info(`Not logged in: no profile ${profile} is stored.`),
  );
  if (ctx.env.LOC_API_TOKEN) ctx.out.warn('LOC_API_TOKEN is still set in your environment; commands keep using it.');
}
