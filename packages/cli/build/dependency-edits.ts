import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * A change to a bundled dependency's code, for what `loc` pays at start-up and never uses. Each is kept
 * only for a measured worth of at least 5 ms of a command's start-up (issue 35), written beside it, and
 * examples/dependency-edits.pack.test.ts builds and runs it against the previous minor and the latest
 * release of its dependency.
 */
export interface DependencyEdit {
  /** The package it edits, as the registry names it. */
  dependency: string;
  /** Files it applies to. */
  files: RegExp;
  find: RegExp;
  /** As String.replace takes it (`$1`…). */
  replace: string;
  /** Lines put first in the edited file (an import the replacement uses). */
  prefix?: string;
}

/** The `HttpHeaders` class ofetch gets instead of the global `Headers`. */
const LOC_HEADERS = fileURLToPath(new URL('../src/net/http-headers.ts', import.meta.url));

export const DEPENDENCY_EDITS: Record<string, DependencyEdit> = {
  // ofetch's entry reads `globalThis.Headers` when it loads, and in Node that one read loads Node's whole
  // internal undici, although `loc` sends its requests over node:http (src/net/http-fetch.ts). It gets
  // loc's Headers class instead; ofetch's own code (createFetch, FetchError) is unchanged. The SDK's dist
  // carries ofetch's entry inlined (`var`), ofetch itself `const`.
  // Worth: 22 ms of CPU of `loc cdn check --json` and of `loc projects list --json` (141 → 163 ms without
  // it, medians of 21 interleaved runs, bench/lib/measure.mjs's timeInterleavedWithCpu, 2026-11-28).
  'ofetch reads loc’s Headers, not the global one': {
    dependency: 'ofetch',
    files: /[\\/](ofetch[\\/]dist[\\/]index\.mjs|sdk[\\/]dist[\\/][\w-]+\.js)$/,
    find: /\b(const|var|let) Headers = _globalThis\.Headers;/,
    replace: '$1 Headers = LocHeaders;',
    prefix: `import { HttpHeaders as LocHeaders } from ${JSON.stringify(LOC_HEADERS)};`,
  },
};

/**
 * Applies `edits` as esbuild loads the files. The build fails when an edit found nothing to change (the
 * dependency changed: look again), rather than ship a bundle that pays the cost again unnoticed;
 * test/start-up.test.ts checks which Node modules a command loads.
 *
 * @example esbuildPlugins: [editDependencies(DEPENDENCY_EDITS)]
 */
export function editDependencies(edits: Record<string, DependencyEdit>): EsbuildPlugin {
  return {
    name: 'edit-dependencies',
    setup(build) {
      const applied = new Set<string>();
      build.onStart(() => applied.clear());
      const files = new RegExp(
        Object.values(edits)
          .map((edit) => edit.files.source)
          .join('|'),
      );
      build.onLoad({ filter: files }, (args) => {
        let source = readFileSync(args.path, 'utf8');
        const prefixes: string[] = [];
        for (const [name, edit] of Object.entries(edits)) {
          if (!edit.files.test(args.path) || !edit.find.test(source)) continue;
          source = source.replace(edit.find, edit.replace);
          if (edit.prefix) prefixes.push(edit.prefix);
          applied.add(name);
        }
        return { contents: [...prefixes, source].join('\n'), loader: 'js', resolveDir: dirname(args.path) };
      });
      build.onEnd((result) => {
        const missed = Object.keys(edits).filter((name) => !applied.has(name));
        if (missed.length && result.errors.length === 0)
          throw new Error(
            `Dependency edits that found nothing to change (build/dependency-edits.ts): ${missed.join('; ')}`,
          );
      });
    },
  };
}
