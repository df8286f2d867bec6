// How a Host header names its host. Who is local to the mock (the control API's access, its Host and Origin
// checks, the service's CORS) is decided by the one loopback rule of every surface, @loc/sdk's isLoopbackHost.

/**
 * The host of a Host header value (`127.0.0.1:4010` → `127.0.0.1`, `[::1]:4010` → `[::1]`), or undefined
 * when the value is not a host and an optional port (`a@b`, `a/b`, spaces: never a host).
 *
 * @example hostOfHeader('localhost:4010') // 'localhost'
 */
export function hostOfHeader(value: string): string | undefined {
  return /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/.exec(value)?.[1];
}
