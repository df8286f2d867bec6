/**
 * The fetch `Headers` class for loc's node:http transport: names are case-insensitive and iterated in
 * lower case and sorted order, a repeated name's values are joined with ", ", as in fetch. Node's own
 * `Headers` is part of its internal undici, which loads (~20–30 ms) the first time the global is read;
 * this one costs nothing. ofetch builds each request's headers with it (tsup.config.ts gives it to
 * ofetch in the bundle), and net/http-fetch.ts answers with it.
 *
 * @example
 * const headers = new HttpHeaders({ Accept: 'application/json' });
 * headers.append('accept', 'text/plain');
 * headers.get('ACCEPT'); // 'application/json, text/plain'
 */
export class HttpHeaders {
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersInit | HttpHeaders | Record<string, string | string[] | undefined>) {
    if (!init) return;
    if (Array.isArray(init)) {
      for (const pair of init) {
        if (pair.length !== 2) throw new TypeError('Headers: each pair needs a name and a value');
        this.append(pair[0]!, pair[1]!);
      }
    } else if (typeof (init as { forEach?: unknown }).forEach === 'function') {
      (init as { forEach(cb: (value: string, name: string) => void): void }).forEach((value, name) => {
        this.append(name, value);
      });
    } else {
      for (const [name, value] of Object.entries(init)) {
        if (Array.isArray(value)) for (const one of value) this.append(name, one);
        else if (value !== undefined) this.append(name, value);
      }
    }
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const values = this.#values.get(key);
    if (values) values.push(normalizedValue(value));
    else this.#values.set(key, [normalizedValue(value)]);
  }

  set(name: string, value: string): void {
    this.#values.set(checkedName(name), [normalizedValue(value)]);
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name));
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name))?.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name));
  }

  /** Each `Set-Cookie` value on its own (they may hold commas, so they are never joined). */
  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  forEach(callback: (value: string, name: string, parent: HttpHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    const names = [...this.#values.keys()].sort();
    for (const name of names) {
      const values = this.#values.get(name)!;
      if (name === 'set-cookie') for (const value of values) yield [name, value];
      else yield [name, values.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag]() {
    return 'Headers';
  }
}

/** RFC 9110's token characters: what fetch accepts in a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkedName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name ${JSON.stringify(text)}`);
  return text.toLowerCase();
}

/** As fetch: surrounding whitespace dropped; a line break or NUL inside is refused (header injection). */
function normalizedValue(value: string): string {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (/[\r\n\0]/.test(text)) throw new TypeError('Headers: a header value cannot hold a line break or NUL');
  return text;
}
