// The ids the service gives workspaces and projects besides their URL slugs, in its forms
// (`space_16kPs3bRIpXi-29323`, `pr_18JCETCbT9NW-31003`: real-service-notes.md): its paths take either.
import { createHash } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A workspace id as the seed may give it: `space_`, letters and digits, `-`, a number. */
export const WORKSPACE_ID_PATTERN = /^space_[A-Za-z0-9]+-\d+$/;
/** A project id as the seed may give it: `pr_`, letters and digits, `-`, a number. */
export const PROJECT_ID_PATTERN = /^pr_[A-Za-z0-9]+-\d+$/;

/**
 * The id of a workspace (`space`, its slug) or a project (`pr`, `workspace/slug`) the seed gives none:
 * made from the name, so the same seed gives the same ids on every run and machine.
 *
 * @example derivedId('pr', 'acme/web-frontend') // 'pr_…-…', the same every time
 */
export function derivedId(kind: 'space' | 'pr', name: string): string {
  const digest = createHash('sha256').update(`${kind}:${name}`).digest();
  const letters = [...digest.subarray(0, 12)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${kind}_${letters}-${10_000 + (digest.readUInt32BE(12) % 90_000)}`;
}
