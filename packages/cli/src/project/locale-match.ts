/**
 * The one rule by which a `--locale` value names a project's locales, shared by `loc status` and
 * `loc export` (docs/cli.md#locales), and the same as the service's export filter: case does not matter,
 * and a bare language code also names its regional and script locales (`pt` → `pt-BR`, `pt-PT`; `zh` →
 * `zh-Hant`). A code with a region or script names only itself (`pt-BR` does not name `pt`).
 */

/**
 * Whether `requested` (what the user typed) names `locale` (a locale of the project).
 *
 * @example localeMatches('pt', 'pt-BR') // true
 * @example localeMatches('pt-BR', 'pt') // false
 */
export function localeMatches(requested: string, locale: string): boolean {
  const want = requested.toLowerCase();
  const have = locale.toLowerCase();
  if (want === have) return true;
  return !want.includes('-') && have.split('-')[0] === want;
}

/**
 * The locales of `available` that `requested` names, and the requested codes that name none of them
 * (an error for the caller: it names `available`).
 *
 * @example selectLocales(['pt', 'xx'], ['en', 'pt-BR']) // { selected: ['pt-BR'], unmatched: ['xx'] }
 */
export function selectLocales(
  requested: readonly string[],
  available: readonly string[],
): { selected: string[]; unmatched: string[] } {
  const selected = available.filter((locale) => requested.some((r) => localeMatches(r, locale)));
  const unmatched = requested.filter((r) => !available.some((locale) => localeMatches(r, locale)));
  return { selected, unmatched };
}

/**
 * The message and hint for requested locales that name none of `available` (`loc status` and `loc export`
 * refuse them before anything is requested or created).
 *
 * @example localeRefusal(['xx'], ['en', 'de'], 'project backend', '--locale')[0] // '--locale xx names no locale of project backend.'
 */
export function localeRefusal(
  unmatched: readonly string[],
  available: readonly string[],
  where: string,
  what: string,
): [message: string, hint: string] {
  return [
    `${what} ${unmatched.join(',')} names no locale of ${where}.`,
    available.length
      ? `Its locales: ${available.join(', ')}.`
      : `${where} has no files yet, so no locale has strings to show or export: push the source files first (\`loc push\`).`,
  ];
}

/**
 * A well-formed language code as the service accepts it (BCP 47: `en`, `de-AT`, `zh-Hant`), checked
 * locally before a request is sent.
 *
 * @example isLocaleCode('pt-BR') // true
 * @example isLocaleCode('english') // false
 */
export function isLocaleCode(code: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code)) return false;
  try {
    return Intl.getCanonicalLocales(code).length === 1;
  } catch {
    return false;
  }
}
