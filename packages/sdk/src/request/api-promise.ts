/** The HTTP answer a call's data was parsed from, as `.withResponse()` gives it. */
export interface APIResponse {
  /** The HTTP status: 200, or 204 where an operation answered with nothing (the data is then null). */
  status: number;
  /** The response's headers, for example `x-request-id` or rate-limit headers. */
  headers: Headers;
  /** The service's id of the request (its `x-request-id` header), for a support request; undefined when it sent none. */
  requestId: string | undefined;
}

/** What `.withResponse()` resolves to: the parsed data and the answer it came from. */
export interface WithResponse<T> {
  data: T;
  response: APIResponse;
}

/**
 * What every SDK call returns: a promise of the parsed data that can also give the HTTP answer. Awaiting it
 * gives the data; `.withResponse()` gives `{ data, response }` (status, headers, request id) of the same
 * request, which is sent once either way.
 *
 * @example
 * const { data, response } = await loc.projects.list().withResponse();
 * console.log(data.members.length, response.status, response.requestId);
 */
export interface APIPromise<T> extends Promise<T> {
  /** The parsed data and the HTTP answer it came from: status, headers and request id. */
  withResponse(): Promise<WithResponse<T>>;
}

/**
 * The APIPromise of a call. A caller who reads only `.withResponse()` handles the failure there: the data
 * promise is then marked handled, so that it does not report the same failure a second time as an
 * unhandled rejection. A call nobody reads still reports its failure, as any promise does.
 */
export function apiPromise<T>(result: Promise<WithResponse<T>>): APIPromise<T> {
  const data = result.then((answer) => answer.data) as APIPromise<T>;
  data.withResponse = () => {
    data.catch(() => {});
    return result;
  };
  return data;
}
