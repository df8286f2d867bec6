// The mock's routes: one per operation of the SDK's table (@loc/sdk src/operations.ts), so the mock cannot
// serve a path, a method or a body the SDK and the OpenAPI document do not know.
import {
  OPERATIONS,
  pathsOf,
  type OperationId,
  type OperationParams,
  type OperationRequestBody,
} from '@loc/sdk/internal';
import { http } from 'msw';
import type { z } from 'zod';
import type { HandlerContext } from './context';
import { errorAnswerOf } from './errors';
import { delivered, jsonResponse } from './answers';
import { readBody } from './request';

type Operations = typeof OPERATIONS;
type Responses<K extends OperationId> = Operations[K]['responses'];

/** The body an operation answers with `status`, as its schema takes it. */
export type ResponseBody<K extends OperationId, S extends keyof Responses<K>> = Responses<K>[S] extends {
  body: { schema: infer Schema extends z.core.$ZodType };
}
  ? z.input<Schema>
  : never;

/** The checked body of a request to operation `K`. */
export type RequestBody<K extends OperationId> = Operations[K] extends {
  requestBody: { schema: infer Schema extends z.core.$ZodType };
}
  ? z.output<Schema>
  : never;

export interface ResolverArgs<K extends OperationId> {
  request: Request;
  params: OperationParams<K>;
  /**
   * Reads and checks the body as the operation declares it (throws BodyError); call it after the credential
   * checks. Over the socket it answers at once (see `readBody`).
   */
  body: () => RequestBody<K> | Promise<RequestBody<K>>;
}

/** What answers one operation. */
export type Resolver<K extends OperationId> = (args: ResolverArgs<K>) => Response | Promise<Response>;

/** A resolver for every operation: a missing one is a compile error. */
export type Resolvers = { [K in OperationId]: Resolver<K> };

/**
 * A JSON answer of operation `id` with `status`, its body checked at compile time against the schema
 * the table declares for that status.
 *
 * @example
 * return reply('getProject', 200, details(origin, project));
 */
export function reply<K extends OperationId, S extends keyof Responses<K> & number>(
  _id: K,
  status: S,
  body: ResponseBody<K, S>,
  headers?: Record<string, string>,
): Response {
  return jsonResponse(body, status, headers);
}

/** An operation's path template in msw's syntax: `/v1/{workspaceUrl}/projects` → `/v1/:workspaceUrl/projects`. */
export function routeOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The string parameters of each remembered parameters object (see `stringParams`). */
const asStrings = new WeakMap<object, Readonly<Record<string, string>>>();

/**
 * msw's path parameters as strings. The real server's dispatcher hands the same frozen object to every
 * request of a URL: its strings are made once and shared (frozen too). msw's object for a `*` route has
 * an element `0` and no prototype, and going over it took ~0.2 µs a request.
 */
function stringParams(params: Readonly<Record<string, unknown>>): Readonly<Record<string, string>> {
  const known = asStrings.get(params);
  if (known) return known;
  const strings: Record<string, string> = {};
  for (const name in params) strings[name] = String(params[name]);
  if (!Object.isFrozen(params)) return strings;
  Object.freeze(strings);
  asStrings.set(params, strings);
  return strings;
}

/**
 * The msw handlers of every operation, in the table's order (literal segments before parameters): one per
 * path it is served at (its own and its aliases', all answered by its one resolver).
 */
export function operationHandlers(context: HandlerContext, resolvers: Resolvers) {
  return (Object.keys(OPERATIONS) as OperationId[]).flatMap((id) => {
    const operation: Operations[OperationId] = OPERATIONS[id];
    const resolve = resolvers[id] as Resolver<OperationId>;
    const route = http[operation.method === 'GET' ? 'get' : 'post'];
    // The checked body of a repeatable operation is remembered by its text: its resolver only reads it
    // (one that is not, such as createExport, keeps it).
    const remember = 'idempotent' in operation && operation.idempotent === true;
    const readBodyOf = (request: Request) => () => {
      if (!('requestBody' in operation)) throw new Error(`${id} takes no body`);
      return readBody(request, operation.requestBody as OperationRequestBody, context.maxBodyBytes, {
        remember,
      }) as never;
    };
    const failed = (request: Request, error: unknown) => delivered(request, errorAnswerOf(operation.api, error));
    // Its own function: a callback made here would capture `request` in a scope made for every request.
    const later = (request: Request, answer: Promise<Response>) =>
      answer.then(
        (a) => delivered(request, a),
        (error: unknown) => failed(request, error),
      );
    // Not an async function: it runs for every request, and a resolver that answers at once is written at once.
    const handler = ({ request, params }: { request: Request; params: Readonly<Record<string, unknown>> }) => {
      try {
        const answer = resolve({
          request,
          params: stringParams(params) as OperationParams<OperationId>,
          body: readBodyOf(request),
        });
        return answer instanceof Promise ? later(request, answer) : delivered(request, answer);
      } catch (error) {
        return failed(request, error);
      }
    };
    return pathsOf(operation).map((path) => route(`${context.prefix}${routeOf(path)}`, handler));
  });
}
