// No host that someone else could own, as a default or in an example: every URL in the packages' sources,
// their READMEs and JSON schema, the docs (the generated ones too: the CLI's --help, TypeDoc, OpenAPI),
// the examples, action.yml and the Action's committed bundle names the service, loopback, a name reserved
// for examples, or one of the few third-party hosts scripts/known-hosts.mjs lists with its reason.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_HOSTS, whyAllowed } from '../scripts/known-hosts.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What users read, run or install; tests of the packages (packages/*\/test) use reserved names as well. */
const SCANNED = [
  'packages/*/src/**',
  'packages/*/README.md',
  'packages/*/CHANGELOG.md',
  'packages/*/package.json',
  'packages/cli/loc.config.schema.json',
  'packages/action/bundle/**',
  'docs/**',
  'README.md',
  'action.yml',
  '.changeset/*.md',
  'examples/**',
];
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|md|ya?ml|sh|py|html|css)$/;

function scannedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => TEXT.test(file));
}

/** An authority's host, as the URL parser reads it (no user info, no port); without a trailing dot. */
function hostOf(authority: string): string {
  let host: string;
  try {
    host = new URL(`http://${authority}/`).hostname;
  } catch {
    // A port left open in prose (`127.0.0.1:…`), or a host and a stray character.
    host = authority.replace(/^[^@]*@/, '').replace(/:[^:\]]*$/, '');
  }
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/** Each URL's host (the authority without user info and port), with the files that name it. */
function hostsIn(files: string[]): Map<string, Set<string>> {
  const hosts = new Map<string, Set<string>>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    for (const [, authority] of text.matchAll(/\b(?:https?|wss?|ftp):\/\/([^\s/?#"'`<>(){}\\,;…]+)/gi)) {
      // A template (`${origin}`, `{base_url}`) names no host.
      if (!authority || authority.includes('$')) continue;
      const host = hostOf(authority);
      if (!host) continue;
      if (!hosts.has(host)) hosts.set(host, new Set());
      hosts.get(host)!.add(file);
    }
  }
  return hosts;
}

describe('hosts the packages, docs and examples name', () => {
  const files = scannedFiles();
  const hosts = hostsIn(files);

  it('scans what users read and run: sources, READMEs, the schema, docs, examples, action.yml, the bundle', () => {
    for (const must of [
      'packages/sdk/src/base/service-hosts.ts',
      'packages/cli/loc.config.schema.json',
      'packages/action/bundle/loc/program.cjs',
      'docs/openapi.json',
      'docs/cli-reference.md',
      'action.yml',
    ])
      expect(files).toContain(must);
    expect(files.some((f) => f.startsWith('docs/api/'))).toBe(true);
    expect(hosts.get('api.lingohub.com')?.size).toBeGreaterThan(3);
  });

  it('names no host but the service’s, loopback, reserved example names and the listed third parties', () => {
    const foreign = [...hosts]
      .filter(([host]) => whyAllowed(host) === undefined)
      .map(([host, where]) => `${host}: ${[...where].slice(0, 3).join(', ')}`);
    expect(foreign).toEqual([]);
  });

  // The SDK's first default, a domain nobody here controls: named nowhere, not even without a scheme. Its
  // name is built here so that this file does not hold it.
  const FIRST_DEFAULT = new RegExp(`\\b${['loc', 'dev'].join('\\.')}\\b`, 'i');
  it('names the SDK’s first default domain nowhere, in a URL or not', () => {
    const offenders = files.filter((file) => {
      try {
        return FIRST_DEFAULT.test(readFileSync(join(ROOT, file), 'utf8'));
      } catch {
        return false;
      }
    });
    expect(offenders).toEqual([]);
  });

  it('tells a host someone else could own from the ones it allows (the rule itself)', () => {
    expect(whyAllowed('api.someone-elses.dev')).toBeUndefined();
    expect(whyAllowed('cdn.lingohub.com.evil.com')).toBeUndefined();
    expect(whyAllowed('example.com.attacker.net')).toBeUndefined();
    expect(whyAllowed('cdn.example.com')).toMatch(/reserved/);
    expect(whyAllowed('api.loc.test')).toMatch(/reserved/);
    expect(whyAllowed('127.0.0.1')).toBe('loopback');
    expect(whyAllowed('::ffff:127.0.0.1')).toBe('loopback');
    expect(whyAllowed('::ffff:10.0.0.1')).toBeUndefined();
    expect(whyAllowed('api.lingohub.com')).toBe(KNOWN_HOSTS.service[0]!.reason);
    // Every listed third-party host says why it may be named.
    for (const { host, reason } of KNOWN_HOSTS.thirdParty) expect(reason.length, host).toBeGreaterThan(10);
  });
});
