// How a fault's scope and a verify pattern name paths: a path, or a regular expression, never both.
// Declared once for both (faults/kinds.ts, admin/verify.ts).
import { z } from 'zod';

function isRegExp(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/** A regular expression's source, in JavaScript syntax. */
export const RegExpSource = z.string().refine(isRegExp, 'expected a regular expression (JavaScript syntax)');

/**
 * Refuses `path` and `pathPattern` given together (which one would win is a guess), naming `pathPattern`.
 *
 * @example FaultSpecSchema.superRefine(onePathRule)
 */
export function onePathRule(value: { path?: unknown; pathPattern?: unknown }, ctx: z.RefinementCtx): void {
  if (value.path !== undefined && value.pathPattern !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['pathPattern'],
      message: 'give path or pathPattern, not both',
    });
}
