import type * as z from 'zod/mini';
import { ContractError, type ContractIssue, type RequestInfo } from '../base/errors';
import type { ResponseSchema } from '../schemas/cdn-release-check';

/** Parses `data` with `schema`; a mismatch becomes a ContractError naming each JSON path. */
export function validateResponse<T>(
  schema: ResponseSchema<T> | z.ZodMiniType<T>,
  data: unknown,
  request: RequestInfo,
): T {
  const result = (schema as ResponseSchema<T>).safeParse(data, { error: describeIssue });
  if (result.success) return result.data;
  throw new ContractError(request, result.error.issues.map(toContractIssue));
}

/**
 * The message of an issue a response check can raise. zod/mini has no message texts of its own (they are
 * a locale module of their own, ~1 KB in every bundle): without this, each would read "Invalid input".
 * Messages the schemas declare themselves take precedence.
 */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const input = issue.input;
      const received = input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
      return `expected ${issue.expected}, received ${received}`;
    }
    case 'too_small':
      return `expected ${issue.origin} ${issue.inclusive ? '>=' : '>'} ${issue.minimum}`;
    case 'invalid_format':
      return `expected ${issue.format === 'regex' ? `to match ${issue.pattern}` : `a ${issue.format}`}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return undefined;
  }
}

function toContractIssue(issue: { path: PropertyKey[]; message: string }): ContractIssue {
  return { path: jsonPath(issue.path), message: issue.message };
}

/** `['members', 0, 'links']` → `$.members[0].links` */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
