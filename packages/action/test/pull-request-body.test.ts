// The pull request body (src/pull-request-body.ts) and the reading of loc's report (src/export-report.ts)
// take what the service and a pull request control: key names in the summary, file paths from templates
// and locales, a body template. Fuzzed with a fixed seed: the body stays within GitHub's limit, names every
// committed file (up to the count it names) as inert text, and the report never yields anything but paths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportedPaths, changedPaths } from '../src/export-report';
import { LIMITS } from '../src/github-limits';
import { pullRequestBody } from '../src/pull-request-body';

const SEED = 20_331;
const escaped = (path: string) => path.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('the pull request body', () => {
  it('fits GitHub’s limit, lists every committed file as inert text, whatever the summary, template and paths', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.oneof(fc.constant(''), fc.string({ maxLength: 100 }), fc.constant('{summary}\n{summary}')),
        fc.array(fc.string({ minLength: 1, maxLength: 80 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 80_000 }),
        (keys, template, paths, padding) => {
          const summary = `### acme/web: 1 changed\n${keys}\n${'x'.repeat(padding)}\n`;
          const body = pullRequestBody(template, summary, paths);
          expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMITS.body.bytes);
          const list = body.slice(body.lastIndexOf('<details>'));
          for (const path of paths) expect(list).toContain(`<code>${escaped(path)}</code>`);
          // Nothing a path holds opens a tag or ends the list early.
          expect(list.match(/<\/details>/g)).toHaveLength(1);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('names the first 200 files and counts the rest', () => {
    const paths = Array.from({ length: 205 }, (_, i) => `locales/${i}.json`);
    const body = pullRequestBody('', 'summary', paths);
    expect(body).toContain('205 files committed');
    expect(body).toContain('<code>locales/199.json</code>');
    expect(body).not.toContain('<code>locales/200.json</code>');
    expect(body).toContain('- and 5 more');
  });
});

describe("loc's report", () => {
  it('yields only strings from any JSON, and never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, check) => {
        const doc = (
          typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { files: value }
        ) as Record<string, unknown>;
        for (const path of [...exportedPaths(doc), ...changedPaths(doc, check)]) expect(typeof path).toBe('string');
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('takes the files in the folder and the record; not a refused (conflict) file', () => {
    const doc = {
      record: '/r/locales/.loc-export.json',
      files: [
        { target: '/r/locales/de.json', status: 'created' },
        { target: '/r/locales/fr.json', status: 'unchanged' },
        { target: '/r/locales/ja.json', status: 'conflict' },
      ],
    };
    expect(exportedPaths(doc)).toEqual(['/r/locales/de.json', '/r/locales/fr.json', '/r/locales/.loc-export.json']);
    expect(changedPaths(doc, false)).toEqual(['/r/locales/de.json']);
  });

  it('takes the declaration file of the keys (--types), often outside the folder, as loc reports it', () => {
    const doc = {
      record: '/r/locales/.loc-export.json',
      files: [{ target: '/r/locales/de.json', status: 'unchanged' }],
      types: { path: '/r/src/loc-keys.d.ts', status: 'created', keys: 3 },
    };
    expect(exportedPaths(doc)).toEqual(['/r/locales/de.json', '/r/src/loc-keys.d.ts', '/r/locales/.loc-export.json']);
    // New types over unchanged strings are a change: the first run with --types opens a pull request.
    expect(changedPaths(doc, false)).toEqual(['/r/src/loc-keys.d.ts']);
    expect(
      exportedPaths({ targets: [{ result: { ...doc, types: { ...doc.types, status: 'unchanged' } } }] }),
    ).toContain('/r/src/loc-keys.d.ts');
  });
});
