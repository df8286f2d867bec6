/** Options every SDK method accepts as its last argument. */
export interface RequestOptions {
  /** Aborts the request (and any retry wait) when it fires. */
  signal?: AbortSignal | undefined;
  /** Timeout of each attempt, in milliseconds. Defaults to the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt. Defaults to the client's `maxRetries`. */
  maxRetries?: number | undefined;
}
