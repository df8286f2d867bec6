// A module of their own: config.ts holds the hooks and request.ts calls them; with the types here,
// neither of the two imports the other (no import cycle: `pnpm lint:cycles`).

/** What the observer hooks are told: never headers, never a credential. */
export interface RequestEvent {
  method: string;
  url: string;
  /** 0 for the first try, 1 for the first retry, ... */
  attempt: number;
}
export interface ResponseEvent extends RequestEvent {
  status: number;
  durationMs: number;
}
export interface RetryEvent extends RequestEvent {
  delayMs: number;
  reason: string;
}

/** Observers of the client's traffic, for logging (the CLI's `--verbose` uses them). */
export interface ClientHooks {
  /** Before each attempt of a request. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** When an attempt got an HTTP answer, with its status and duration. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** When a failed attempt is retried, with the delay and the reason. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
}
