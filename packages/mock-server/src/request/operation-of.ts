// Which operation of the SDK's table a request is, by its method and path: at the operation's own path or at
// one of its aliases (the CDN check at /cdn/check and at /v1/distributions/check). The journal shows it,
// verify and fault scopes match it, and the error body of a path follows its API: each path of an
// operation is treated alike.
import { listOperations, pathsOf, type OperationId } from '@loc/sdk/internal';
import { z } from 'zod';

/** Each operation's paths as anchored patterns (a parameter is one segment), in the table's route order. */
const PATTERNS = listOperations().flatMap((op) =>
  pathsOf(op).map((path) => ({
    id: op.id,
    method: op.method,
    api: op.api,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`),
  })),
);

/** An operation's id as a fault scope or a verify pattern names it: one of the table's, or a clear error. */
export const OperationIdSchema = z.enum(listOperations().map((op) => op.id) as [OperationId, ...OperationId[]]);

/**
 * The operation `method pathname` is, or undefined (the storage, the control API, an unknown path). With
 * `method` undefined, the first operation at that path, whatever its method.
 *
 * @example operationOf('POST', '/v1/distributions/check') // 'checkDistribution'
 */
export function operationOf(method: string | undefined, pathname: string): OperationId | undefined {
  const upper = method?.toUpperCase();
  return PATTERNS.find((p) => (upper === undefined || p.method === upper) && p.pattern.test(pathname))?.id;
}

/**
 * Whether the path belongs to the CDN API (a problem body, not `{error}`): under `/cdn/`, or a path of an
 * operation of the CDN API (the CDN check's alias /v1/distributions/check), whatever the method.
 *
 * @example isCdnPath('/v1/distributions/check') // true
 */
export function isCdnPath(pathname: string): boolean {
  return pathname.startsWith('/cdn/') || PATTERNS.some((p) => p.api === 'cdn' && p.pattern.test(pathname));
}
