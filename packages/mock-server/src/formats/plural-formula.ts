import { MAX_NESTING_DEPTH } from '@loc/sdk/internal';

/**
 * gettext's `Plural-Forms` (`nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`) read as GNU gettext
 * reads it: the formula is C's integer arithmetic over `n`, with `?:`, `||`, `&&`, comparisons,
 * `+ - * / %`, `!` and parentheses, and no other names. Parsed here, never evaluated as code; its
 * parentheses and conditions nest at most MAX_NESTING_DEPTH deep.
 */

export interface PluralForms {
  nplurals: number;
  /** The index of the form for a count. */
  plural: (n: number) => number;
}

/**
 * The header's value parsed, or an error message naming what is wrong in it.
 *
 * @example
 * parsePluralForms('nplurals=2; plural=(n != 1);').plural(1); // 0
 */
export function parsePluralForms(header: string): PluralForms {
  const match = /^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.*?)\s*;?\s*$/s.exec(header);
  if (!match)
    throw new Error(`expected "nplurals=<count>; plural=<formula>;", found ${JSON.stringify(header.slice(0, 80))}`);
  const nplurals = Number(match[1]);
  if (nplurals < 1 || nplurals > 6) throw new Error(`nplurals=${nplurals}: a language has 1 to 6 plural forms`);
  return { nplurals, plural: compile(match[2]!) };
}

type Expr = (n: number) => number;

/** The formula as a function of n; throws on anything that is not gettext's grammar. */
function compile(source: string): Expr {
  const tokens = source.match(/\d+|n|\|\||&&|==|!=|<=|>=|[?:<>+\-*/%!()]|\S/g) ?? [];
  let i = 0;
  let depth = 0;
  const peek = () => tokens[i];
  const expect = (token: string) => {
    if (tokens[i] !== token)
      throw new Error(`expected "${token}" in the plural formula, found ${tokens[i] ?? 'its end'}`);
    i++;
  };
  const nested = <T>(parse: () => T): T => {
    if (++depth > MAX_NESTING_DEPTH)
      throw new Error(`the plural formula nests deeper than ${MAX_NESTING_DEPTH} levels`);
    try {
      return parse();
    } finally {
      depth--;
    }
  };
  const binary = (next: () => Expr, ops: Record<string, (a: number, b: number) => number>) => (): Expr => {
    let left = next();
    while (peek() !== undefined && ops[peek()!]) {
      const op = ops[tokens[i++]!]!;
      const a = left;
      const b = next();
      left = (n) => op(a(n), b(n));
    }
    return left;
  };
  const divide = (a: number, b: number) => {
    if (b === 0) throw new Error('the plural formula divides by zero');
    return Math.trunc(a / b);
  };
  const primary = (): Expr => {
    const token = tokens[i++];
    if (token === 'n') return (n) => n;
    if (token !== undefined && /^\d+$/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === '!') {
      const operand = nested(primary);
      return (n) => (operand(n) === 0 ? 1 : 0);
    }
    if (token === '(') {
      const inner = nested(conditional);
      expect(')');
      return inner;
    }
    throw new Error(`unexpected ${token === undefined ? 'end' : `"${token}"`} in the plural formula`);
  };
  const multiplicative = binary(primary, {
    '*': (a, b) => a * b,
    '/': divide,
    '%': (a, b) => (b === 0 ? divide(a, b) : a % b),
  });
  const additive = binary(multiplicative, { '+': (a, b) => a + b, '-': (a, b) => a - b });
  const relational = binary(additive, {
    '<': (a, b) => Number(a < b),
    '>': (a, b) => Number(a > b),
    '<=': (a, b) => Number(a <= b),
    '>=': (a, b) => Number(a >= b),
  });
  const equality = binary(relational, { '==': (a, b) => Number(a === b), '!=': (a, b) => Number(a !== b) });
  const and = binary(equality, { '&&': (a, b) => Number(a !== 0 && b !== 0) });
  const or = binary(and, { '||': (a, b) => Number(a !== 0 || b !== 0) });
  function conditional(): Expr {
    const test = or();
    if (peek() !== '?') return test;
    i++;
    const yes = nested(conditional);
    expect(':');
    const no = nested(conditional);
    return (n) => (test(n) !== 0 ? yes(n) : no(n));
  }
  const formula = conditional();
  if (i < tokens.length) throw new Error(`unexpected "${tokens[i]}" in the plural formula`);
  return formula;
}

/** The counts each form is looked for: every integer to 1,000 (gettext's formulas are over integers), then powers of ten. */
const COUNTS = [...Array.from({ length: 1001 }, (_, n) => n), 10_000, 100_000, 1_000_000];
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * The CLDR categories each of a PO file's forms (`msgstr[i]`) is read as, in the locale: the categories,
 * one per form and all different, that agree with CLDR's rule for the locale on the most counts
 * (gettext's formulas and CLDR's rules disagree at the edges: Portuguese `n != 1` puts 0 with the other
 * counts, where CLDR calls it one; Welsh has a form for 8 and 11 that CLDR has not). The locale's own
 * categories come first where counts do not decide. The store needs an `other` form for a plural group
 * (plural-keys.ts): where no form is `other` (Russian, Polish, Ukrainian, whose CLDR `other` holds only
 * fractions), the last form, gettext's catch-all, is `other` too. Throws when a form is never chosen.
 *
 * @example
 * pluralCategories(parsePluralForms('nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);'), 'ru');
 * // [['one'], ['few'], ['many', 'other']]
 */
export function pluralCategories(forms: PluralForms, locale: string): string[][] {
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(locale);
  } catch {
    rules = new Intl.PluralRules('en');
  }
  const own = rules.resolvedOptions().pluralCategories as string[];
  const candidates = [...CATEGORIES.filter((c) => own.includes(c)), ...CATEGORIES.filter((c) => !own.includes(c))];
  // score[form][category]: how many counts the formula gives that form and CLDR that category.
  const score = Array.from({ length: forms.nplurals }, () => new Map<string, number>());
  const chosen = new Array<boolean>(forms.nplurals).fill(false);
  for (const n of COUNTS) {
    const index = forms.plural(n);
    if (!Number.isInteger(index) || index < 0 || index >= forms.nplurals)
      throw new Error(`the plural formula gives ${index} for n=${n}, outside the ${forms.nplurals} forms`);
    chosen[index] = true;
    const category = rules.select(n);
    score[index]!.set(category, (score[index]!.get(category) ?? 0) + 1);
  }
  const never = chosen.indexOf(false);
  if (never !== -1) throw new Error(`msgstr[${never}] is never chosen: the formula gives no count form ${never}`);
  // At most 6 forms of 6 categories: every assignment is tried (720 at most), the first best one kept.
  let best: string[] = [];
  let bestScore = -1;
  const assign = (form: number, used: string[], total: number) => {
    if (form === forms.nplurals) {
      if (total > bestScore) [best, bestScore] = [[...used], total];
      return;
    }
    for (const category of candidates) {
      if (used.includes(category)) continue;
      used.push(category);
      assign(form + 1, used, total + (score[form]!.get(category) ?? 0));
      used.pop();
    }
  };
  assign(0, [], 0);
  const categories = best.map((category) => [category]);
  if (!best.includes('other')) categories.at(-1)!.push('other');
  return categories;
}
