// Which names carry a credential: one rule for the request journal's headers, query parameters and JSON
// body fields (journal/journal.ts), so that what a client sends as a secret is shown only as a fingerprint. It
// covers the names the SDK and CLI send (test/credentials.test.ts reads them from their sources) and the
// common forms of other clients: `Authorization`, `Cookie`, `Private-Token`, any `X-…-Token`, `X-Api-Key`,
// `?access_token=`, `?api_key=`, a pre-signed URL's `signature`, a body's `cdnKey` or `password`.

/** Whole names (lower case, without separators) that are credentials. */
const CREDENTIAL_NAMES = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'key',
  'apikey',
  'auth',
]);

/** Last words of a name that make it a credential: `X-Loc-Token`, `access_token`, `cdnKey`, `X-Amz-Signature`. */
const CREDENTIAL_WORDS = new Set([
  'token',
  'key',
  'apikey',
  'secret',
  'password',
  'passwd',
  'signature',
  'credential',
  'credentials',
  'authorization',
]);

/**
 * Whether a header, query parameter or JSON field of this name holds a credential.
 *
 * @example isCredentialName('X-Loc-Token') // true; isCredentialName('cdnKey') // true; isCredentialName('expires') // false
 */
export function isCredentialName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (CREDENTIAL_NAMES.has(words.join(''))) return true;
  const last = words.at(-1);
  return last !== undefined && CREDENTIAL_WORDS.has(last);
}
