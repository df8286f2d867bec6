// src/handlers/: msw handlers over the store, nothing of sockets: one route per operation (here), resolvers per area.
// The mock's routes: one per operation of the SDK's table (@loc/sdk src/schemas/operations.ts), so the mock cannot
// serve a path, a method or a body the SDK and the OpenAPI document do not know.
import {
  OPERATIONS,
  pathsOf,
  type OperationId,
  type OperationParams,
  type OperationRequestBody,
  type QueryParameter,
} from '@loc/sdk/internal';
import { http } from 'msw';
import type { z } from 'zod';
import type { HandlerContext } from './context';
import { errorAnswerOf } from './errors';
import { delivered, jsonResponse, textResponse } from './answers';
import { readBody, readQuery } from './request';

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

/** The checked query of a request to operation `K`: each parameter its contract declares, if sent. */
export type RequestQuery<K extends OperationId> = Operations[K] extends { query: infer Q }
  ? { [N in keyof Q]?: Q[N] extends { schema: infer Schema extends z.core.$ZodType } ? z.output<Schema> : string }
  : Record<never, never>;

export interface ResolverArgs<K extends OperationId> {
  request: Request;
  params: OperationParams<K>;
  /**
   * The query parameters the operation declares, each checked by its schema (throws BodyError, a 400
   * naming the parameter); call it after the credential checks, as `body`.
   */
  query: () => RequestQuery<K>;
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

/**
 * A text answer of operation `id` (a resource file in its format), in one of the media types the table
 * declares for that status' body, as UTF-8.
 *
 * @example
 * return replyText('downloadResource', 200, '{"a": "b"}\n', 'application/json');
 */
export function replyText<K extends OperationId, S extends keyof Responses<K> & number>(
  _id: K,
  status: S,
  text: ResponseBody<K, S> & string,
  mediaType: string,
  headers?: Record<string, string>,
): Response {
  return textResponse(text, status, { 'content-type': `${mediaType}; charset=utf-8`, ...headers });
}

/** An operation's path template in msw's syntax: `/v1/{workspaceUrl}/projects` → `/v1/:workspaceUrl/projects`. */
export function routeOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The paths of the operations whose body is an upload (`multipart/form-data`), as patterns, by method. */
let uploadRoutes: { method: string; pattern: RegExp }[] | undefined;

/**
 * Whether a request is an upload (a resource file, a ZIP of them), whose body has the upload limit rather
 * than the JSON one: the operations the table declares with a `multipart/form-data` body. The real server
 * asks it before it reads a body.
 *
 * @example
 * isUploadRoute('POST', '/v1/acme/projects/web/resources'); // true
 */
export function isUploadRoute(method: string, pathname: string): boolean {
  uploadRoutes ??= (Object.keys(OPERATIONS) as OperationId[])
    .map((id) => OPERATIONS[id] as { method: string; path: string; requestBody?: OperationRequestBody })
    .filter((op) => op.requestBody?.contentType === 'multipart/form-data')
    .map((op) => ({ method: op.method, pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}/?$`) }));
  return uploadRoutes.some((route) => route.method === method && route.pattern.test(pathname));
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
    const declared = 'requestBody' in operation ? (operation.requestBody as OperationRequestBody) : undefined;
    const maxBytes = declared?.contentType === 'multipart/form-data' ? context.maxUploadBytes : context.maxBodyBytes;
    const readBodyOf = (request: Request) => () => {
      if (!declared) throw new Error(`${id} takes no body`);
      return readBody(request, declared, maxBytes, { remember }) as never;
    };
    const query = 'query' in operation ? (operation.query as Record<string, QueryParameter>) : undefined;
    const readQueryOf = (request: Request) => () => (query ? readQuery(request, query) : {}) as never;
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
          query: readQueryOf(request),
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
