import type { z } from 'zod';
import { ContractError, type ContractIssue, type RequestInfo } from '../errors';

/** Parses `data` with `schema`; a mismatch becomes a ContractError naming each JSON path. */
export function validateResponse<S extends z.ZodType>(schema: S, data: unknown, request: RequestInfo): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContractError(request, result.error.issues.map(toContractIssue));
}

function toContractIssue(issue: z.core.$ZodIssue): ContractIssue {
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
