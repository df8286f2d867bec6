// src/journal/: the record of requests: the journal (here) and the exchange that travels with a request.
// The request journal: what clients sent and what the mock answered, for tests in any language to read
// (`GET /__admin/requests`) and to verify. Recording runs for every request, so it keeps references only
// (the parsed URL, node:http's header object, the body buffer): credentials are fingerprinted and bodies
// summarised when an entry is read, not when it is recorded.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isCredentialName } from '../rules/credentials';
import { nestsDeeperThan } from '@loc/sdk/internal';
import { UTF8 } from '../request/socket-request';
import { operationOf } from '../request/operation-of';

/** How many requests the journal keeps by default (the newest); `journalSize: 0` turns it off. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** Bodies up to this size are kept as they came; a larger one is summarised when it is recorded. */
const KEPT_BODY_BYTES = 64 * 1024;
/** A body shown as text (not JSON) up to this many bytes; longer ones by size and checksum. */
const SHOWN_TEXT_BYTES = 4 * 1024;

/** One request as recorded: references, turned into a `JournalEntry` when read. */
export interface Recorded {
  id: number;
  at: number;
  method: string;
  url: URL;
  headers: IncomingHttpHeaders | Record<string, string>;
  body: Uint8Array | BodySummary | null;
  status: number | null;
  /** The fault that answered (its kind), if one did. */
  fault: string | null;
  /** The id its answer named (`x-request-id`). */
  requestId: string | null;
}

export type BodySummary =
  | { bytes: number; json: unknown }
  | { bytes: number; text: string }
  | { bytes: number; sha256: string };

/** A request as the journal shows it: credentials fingerprinted, the body summarised. */
export interface JournalEntry {
  id: number;
  time: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: BodySummary | null;
  status: number | null;
  fault: string | null;
  /** The id its answer named in `x-request-id` (the client's own, when it sent a usable one). */
  requestId: string | null;
  /** The operation of docs/openapi.json it was (at any of its paths: the CDN check has two); null for none. */
  operation: string | null;
}

/** Headers whose value is a scheme and a credential: the scheme is shown, the credential fingerprinted. */
const SCHEME_HEADERS = new Set(['authorization', 'proxy-authorization']);

/**
 * A stable fingerprint of a secret: its kind and the first 12 hex digits of its SHA-256, so that a test
 * can tell which credential was sent (compute the same from the known value) without the journal holding it.
 *
 * @example
 * fingerprint('cdn-key', 'lh-cdn_demo_acme') // 'cdn-key:sha256:…' (12 hex digits)
 */
export function fingerprint(kind: string, secret: string): string {
  return `${kind}:sha256:${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;
}

/** A credential header's value as the journal shows it: fingerprinted, an Authorization's scheme kept. */
function redactCredential(name: string, value: string): string {
  const match = /^(\S+)\s+(.+)$/.exec(value.trim());
  if (!match || !SCHEME_HEADERS.has(name)) return fingerprint(name, value);
  const [, scheme, secret] = match as unknown as [string, string, string];
  const kind = /^basic$/i.test(scheme) ? 'basic' : secret.startsWith('lh-cdn_') ? 'cdn-key' : 'api-token';
  return `${scheme} ${fingerprint(kind, secret)}`;
}

/**
 * The body as the journal shows it; with `redact`, credential fields (a JSON body's `cdnKey`, a form's
 * `access_token`) fingerprinted. JSON nested deeper than the mock takes is shown by checksum.
 */
function summarise(bytes: Uint8Array, redact = false, contentType = ''): BodySummary {
  if (bytes.byteLength <= KEPT_BODY_BYTES) {
    let text: string | undefined;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // not UTF-8: shown by checksum
    }
    if (text !== undefined) {
      let json: unknown;
      let isJson = true;
      try {
        json = JSON.parse(text);
      } catch {
        isJson = false;
      }
      if (isJson && !nestsDeeperThan(json))
        return { bytes: bytes.byteLength, json: redact ? redactedJson(json) : json };
      if (!isJson && bytes.byteLength <= SHOWN_TEXT_BYTES)
        return { bytes: bytes.byteLength, text: redact ? redactedText(text, contentType) : text };
    }
  }
  return { bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** A parsed JSON body (freshly parsed: changed in place) with every credential field fingerprinted, at any depth. */
function redactedJson(json: unknown): unknown {
  const stack = [json];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    const o = v as Record<string, unknown>;
    for (const name of Object.keys(o)) {
      const field = o[name];
      if (isCredentialName(name) && field !== null)
        o[name] = fingerprint(name, typeof field === 'string' ? field : JSON.stringify(field));
      else stack.push(field);
    }
  }
  return json;
}

/** A form body (`a=1&access_token=…`) with its credential fields fingerprinted; other text as it came. */
function redactedText(text: string, contentType: string): string {
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) return text;
  const form = new URLSearchParams(text);
  for (const [name, value] of [...form]) if (isCredentialName(name)) form.set(name, fingerprint(name, value));
  return form.toString();
}

/** A recorded body as JSON, as a handler reads it; undefined when it was empty or is not JSON. */
export function parsedBody(r: Recorded): unknown {
  if (r.body === null) return undefined;
  if (!(r.body instanceof Uint8Array)) return 'json' in r.body ? r.body.json : undefined;
  try {
    return JSON.parse(UTF8.decode(r.body));
  } catch {
    return undefined;
  }
}

/** A recorded request as the journal shows it. */
export function entryOf(r: Recorded, secret = true): JournalEntry {
  const headers: Record<string, string> = {};
  for (const name in r.headers) {
    const raw = (r.headers as Record<string, string | string[] | undefined>)[name];
    if (raw === undefined || name.startsWith(':')) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    headers[name] = secret && isCredentialName(name) ? redactCredential(name, value) : value;
  }
  const query: Record<string, string | string[]> = {};
  for (const [name, raw] of r.url.searchParams) {
    const value = secret && isCredentialName(name) ? fingerprint(name, raw) : raw;
    const had = query[name];
    query[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return {
    id: r.id,
    time: new Date(r.at).toISOString(),
    method: r.method,
    path: r.url.pathname,
    query,
    headers,
    body:
      r.body === null
        ? null
        : r.body instanceof Uint8Array
          ? summarise(r.body, secret, String(r.headers['content-type'] ?? ''))
          : r.body,
    status: r.status,
    fault: r.fault,
    requestId: r.requestId,
    operation: operationOf(r.method, r.url.pathname) ?? null,
  };
}

/**
 * A ring of the newest `size` requests. `record` only stores references (it runs for every request);
 * `entries()` formats them.
 *
 * @example
 * const journal = createJournal(1000, () => Date.now());
 * const r = journal.record('GET', new URL('http://x/v1/projects'), {}, null);
 * r.status = 200;
 */
export function createJournal(size: number, now: () => number) {
  let ring: (Recorded | undefined)[] = new Array(size);
  let next = 0;
  let capacity = size;
  return {
    get size() {
      return capacity;
    },
    /** Changes how many entries are kept (the newest stay); 0 turns the journal off. */
    resize(n: number): void {
      const kept = n ? this.recorded().slice(-n) : [];
      ring = new Array(n);
      capacity = n;
      // ids go on from where they were; entry `id` sits at (id - 1) % capacity
      for (const r of kept) ring[(r.id - 1) % n] = r;
    },
    get enabled() {
      return capacity > 0;
    },
    /** Records a request (its answer is filled in later: `status`, `fault`) and the id its answer names. */
    record(
      method: string,
      url: URL,
      headers: Recorded['headers'],
      body: Uint8Array | null,
      requestId: string | null = null,
    ): Recorded | undefined {
      if (capacity === 0) return undefined;
      const kept =
        body === null || body.byteLength === 0 ? null : body.byteLength > KEPT_BODY_BYTES ? summarise(body) : body;
      const r: Recorded = {
        id: next + 1,
        at: now(),
        method,
        url,
        headers,
        body: kept,
        status: null,
        fault: null,
        requestId,
      };
      ring[next % capacity] = r;
      next++;
      return r;
    },
    /** The recorded requests, oldest first. */
    recorded(): Recorded[] {
      const out: Recorded[] = [];
      const from = Math.max(0, next - capacity);
      for (let i = from; i < next; i++) {
        const r = ring[i % capacity];
        if (r) out.push(r);
      }
      return out;
    },
    /** How many requests were recorded since the last clear, kept or not. */
    get total() {
      return next;
    },
    clear() {
      ring = new Array(capacity);
      next = 0;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
