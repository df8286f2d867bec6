import { describe, expect, it } from 'vitest';
import { codeSpan, renderMarkdown } from './markdown';

describe('codeSpan', () => {
  it.each([
    ['app.title', '`app.title`'],
    ['<img src=x onerror=alert(1)>', '`<img src=x onerror=alert(1)>`'],
    ['@octocat', '`@octocat`'],
    ['[click](https://evil.example)', '`[click](https://evil.example)`'],
    ['a`b', '``a`b``'],
    ['`', '`` ` ``'],
    ['``x', '``` ``x ```'],
    ['', '` `'],
    ['line\nbreak', '`line\\u000abreak`'],
    ['\u202eevil', '`\\u202eevil`'],
  ])('%j → %s', (text, span) => expect(codeSpan(text)).toBe(span));
});

describe('renderMarkdown', () => {
  const summary = {
    totals: { added: 2, changed: 0, removed: 0 },
    locales: [
      {
        locale: 'de|x',
        added: 2,
        changed: 0,
        removed: 0,
        keys: { added: ['<script>alert(1)</script>', '@here https://x.example'], changed: [], removed: [] },
      },
    ],
    unread: [{ path: 'a.bin', locale: null, change: 'added' as const, reason: 'loc has no reader for this format' }],
    files: 2,
    keysShown: 10,
  };

  it('puts every name in a code span, and escapes | in table cells', () => {
    const markdown = renderMarkdown(summary, 'acme/web');
    expect(markdown).toContain('| `de\\|x` | 2 | 0 | 0 |');
    expect(markdown).toContain('- added (2): `<script>alert(1)</script>`, `@here https://x.example`');
    expect(markdown).toContain('- `a.bin` added: `loc has no reader for this format`');
    // Outside code spans nothing from the data appears: strip them and no tag, mention or link is left.
    const outside = markdown.replace(/(`+)[^`]*?\1/g, '');
    expect(outside).not.toMatch(/<script|@here|https?:/);
  });

  it('names the title without markup', () => {
    expect(
      renderMarkdown({ ...summary, locales: [], unread: [], totals: { added: 0, changed: 0, removed: 0 } }, '<b>x</b>'),
    ).toBe('### bx/b: no change\n');
  });
});

describe('keys whose placeholders changed', () => {
  it('are found among the changed keys, in any syntax, and named in the Markdown', async () => {
    const { compareFile, summarizeOutcomes } = await import('./diff');
    const file = {
      path: 'en.json',
      locale: 'en',
      before: JSON.stringify({ greeting: 'Hello, {name}!', title: 'Shop', total: '%1$s of %2$s', same: 'A {x}' }),
      after: JSON.stringify({ greeting: 'Hello, {firstName}!', title: 'Store', total: '%1$s of %2$d', same: '{x} A' }),
    };
    const outcome = await compareFile(file, 10);
    expect(outcome).toMatchObject({ kind: 'read', placeholders: { count: 2, keys: ['greeting', 'total'] } });
    const summary = summarizeOutcomes([file], [outcome], 10);
    expect(summary.locales[0]?.placeholders).toEqual({ count: 2, keys: ['greeting', 'total'] });
    expect(renderMarkdown(summary, 'acme/shop')).toContain(
      '- placeholders changed (2), calls of these keys must pass other values: `greeting`, `total`',
    );
  });
});
