import { getResponse, HttpHandler, matchRequestUrl, type RequestHandler } from 'msw';
import { urlOf } from '../request/socket-request';

type Params = Record<string, string | readonly string[] | undefined>;
type Resolver = (args: ResolverInfo) => unknown;

/** What the dispatcher reads of an msw handler: its public `info`, and the resolver it was made with. */
interface Route {
  handler: HttpHandler;
  resolver: Resolver;
}

/** Distinct method + URL pairs whose matches are remembered; past this the memory starts over. */
const MAX_REMEMBERED = 1024;

/**
 * Answers a request with msw request handlers, as msw's `getResponse` does — handlers in order, the first
 * answer wins, a resolver that returns nothing hands the request to the next — without msw's work per
 * request and handler: it compiled every route pattern again, parsed cookies and cloned the request for
 * each handler it tried, which was most of the mock's time under load. Here each method and URL is
 * matched once, with msw's own `matchRequestUrl`, and the match is remembered; then only the matching
 * resolvers run, with the remembered (frozen) path parameters. The answer comes at once while the
 * resolvers answer at once, a promise otherwise. The handlers stay the one source of behaviour: the same
 * resolvers answer through msw interception and over a socket (test/transports.test.ts).
 *
 * Handlers it cannot run exactly as msw would (custom predicates, `{ once: true }`, generator
 * resolvers, handlers that are not HTTP handlers) send every request through `getResponse` instead.
 *
 * @example
 * const dispatch = createDispatcher(service.handlers);
 * const response = await dispatch(new Request('http://localhost/v1/projects'));
 */
export function createDispatcher(
  handlers: readonly RequestHandler[],
): (request: Request) => Response | undefined | Promise<Response | undefined> {
  const routes = handlers.map(routeOf);
  if (routes.some((r) => r === undefined)) return (request) => getResponse([...handlers], request);
  const direct = routes as Route[];
  const remembered = new Map<string, Match[]>();
  let nextId = 0;

  // The last match of each URL object: the real server hands the same parsed URL to every request with
  // the same Host and target, so most requests find their match here without building a key.
  const lastOfUrl = new WeakMap<URL, { method: string; found: Match[] }>();

  function matching(method: string, url: URL) {
    const last = lastOfUrl.get(url);
    if (last?.method === method) return last.found;
    const key = `${method} ${url.origin}${url.pathname}`;
    let found = remembered.get(key);
    if (!found) {
      found = [];
      for (const route of direct) {
        if (!methodMatches(route.handler.info.method, method)) continue;
        const match = matchRequestUrl(url, route.handler.info.path as string | RegExp);
        if (match.matches) found.push({ route, params: Object.freeze(match.params ?? {}) });
      }
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(key, found);
    }
    lastOfUrl.set(url, { method, found });
    return found;
  }

  /**
   * Runs the resolvers of `found` from `from` on, until one answers. Synchronous while the resolvers
   * are: a promise only from the first resolver that returns one (most requests here pass a resolver
   * that answers at once, the faults', before the one that answers them).
   */
  function run(request: Request, found: Match[], from: number): Response | undefined | Promise<Response | undefined> {
    for (let i = from; i < found.length; i++) {
      const { route, params } = found[i]!;
      let answer: unknown;
      try {
        answer = route.resolver(new ResolverInfo(request, params, ++nextId));
      } catch (thrown) {
        answer = thrownAnswer(thrown);
      }
      if (isThenable(answer)) return later(request, found, i, answer);
      const response = checked(route, answer);
      if (response) return response;
    }
    return undefined;
  }

  /**
   * `run` on from the resolver at `at`, once its promised answer comes. Apart from `run`, whose loop would
   * otherwise allocate the promise callbacks' scope on every pass (most requests answer at once).
   */
  function later(request: Request, found: Match[], at: number, answer: PromiseLike<unknown>) {
    const { route } = found[at]!;
    return (answer instanceof Promise ? answer : Promise.resolve(answer)).then(
      (value: unknown) => checked(route, value) ?? run(request, found, at + 1),
      thrownAnswer,
    );
  }

  return (request) => run(request, matching(request.method, urlOf(request)), 0);
}

/**
 * A matching route, with the parameters its path gave: frozen, and handed to its resolver on every
 * request with this method and URL (msw makes them again for each request; copying msw's null-prototype
 * object per request showed in the profile, and a resolver only reads them).
 */
interface Match {
  route: Route;
  params: Readonly<Params>;
}

/**
 * What a resolver is called with, as msw gives it. The cookies and the id are made when a resolver reads
 * them (the mock's own read neither; making them for every resolver of every request showed under load).
 */
class ResolverInfo {
  readonly #id: number;

  constructor(
    readonly request: Request,
    readonly params: Readonly<Params>,
    id: number,
  ) {
    this.#id = id;
  }

  get cookies(): Record<string, string> {
    return cookiesOf(this.request);
  }
  get requestId(): string {
    return `req-${this.#id}`;
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/** msw lets a resolver throw a Response as its answer; anything else thrown is thrown on. */
function thrownAnswer(thrown: unknown): Response {
  if (thrown instanceof Response) return thrown;
  throw thrown;
}

/** A resolver's answer: a Response, or undefined to hand the request on; anything else is a bug. */
function checked(route: Route, answer: unknown): Response | undefined {
  if (answer instanceof Response) return answer;
  if (answer !== undefined && answer !== null)
    throw new TypeError(`A handler of ${route.handler.info.header} answered with something that is not a Response.`);
  return undefined;
}

/** msw's method rule: a RegExp (`http.all`) or a name, compared without regard to case. */
function methodMatches(expected: string | RegExp, actual: string): boolean {
  return expected instanceof RegExp ? expected.test(actual) : expected.toUpperCase() === actual.toUpperCase();
}

function routeOf(handler: RequestHandler): Route | undefined {
  if (!(handler instanceof HttpHandler)) return undefined;
  // `resolver` and `options` are protected in msw's types; msw 2 keeps the resolver it was given there.
  const { resolver, options } = handler as unknown as { resolver?: unknown; options?: { once?: boolean } };
  const path = handler.info.path;
  const plainFunction = typeof resolver === 'function' && !/Generator/.test(resolver.constructor.name);
  if (!plainFunction || options?.once || (typeof path !== 'string' && !(path instanceof RegExp))) return undefined;
  return { handler, resolver: resolver as Resolver };
}

const NO_COOKIES: Record<string, string> = Object.freeze({});

/** The request's cookies, as msw gives them to resolvers (on Node only the Cookie header has any). */
function cookiesOf(request: Request): Record<string, string> {
  const header = request.headers.get('cookie');
  if (!header) return NO_COOKIES;
  const cookies: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const value = part.slice(eq + 1).trim();
    try {
      cookies[part.slice(0, eq).trim()] = decodeURIComponent(value);
    } catch {
      cookies[part.slice(0, eq).trim()] = value;
    }
  }
  return cookies;
}
