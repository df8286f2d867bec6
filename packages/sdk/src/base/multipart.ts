// A `multipart/form-data` body encoded by the SDK itself, for an upload whose file is already in memory
// (bytes or text). Node's FormData (and the Response that would encode it) are undici's: the first use of
// either loads Node's whole fetch implementation, ~40 ms of CPU, which an upload from `loc push` would pay
// on every run for what is a few header lines around the bytes. A file that is a Blob (a File from disk,
// streamed) still goes as a FormData, which the runtime's fetch streams.

/** A form encoded: its bytes, and the content type that names its boundary. */
export interface EncodedForm {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly contentType: string;
}

/** The file part of a form: its field name, its file name, its media type and its bytes. */
export interface FormFile {
  field: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
}

/** Whether a body is one the SDK encoded (not the runtime's FormData). */
export function isEncodedForm(form: unknown): form is EncodedForm {
  return typeof form === 'object' && form !== null && (form as EncodedForm).body instanceof Uint8Array;
}

/**
 * A name or file name as the WHATWG form encoding writes it in a Content-Disposition header: `"`, CR and
 * LF percent-encoded, so that no name can end the header or the quoted string.
 */
const escapeName = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A field's name or text as the WHATWG form encoding sends it: every line break CRLF (a file name keeps its own). */
const lines = (value: string) => value.replace(/\r\n|\r|\n/g, '\r\n');

/** Whether `bytes` holds `needle` (native indexOf for its first byte, then a compare). */
function holds(bytes: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0]!;
  for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return true;
  }
  return false;
}

/**
 * The form of `fields` (in order) and then `file`, encoded as fetch encodes a FormData of the same entries
 * (WHATWG's "multipart/form-data encoding algorithm"), with a boundary of random hex that no part holds.
 *
 * @example
 * const { body, contentType } = encodeForm([['iso2_slug', 'en']], { field: 'file', filename: 'common.json', type: 'application/octet-stream', bytes });
 */
export function encodeForm(fields: readonly (readonly [string, string])[], file: FormFile): EncodedForm {
  const encoder = new TextEncoder();
  const random = () =>
    crypto.getRandomValues(new Uint8Array(16)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
  let boundary = `----loc-form-${random()}`;
  // 128 random bits will not be in the file; were they, another boundary is drawn.
  while (holds(file.bytes, encoder.encode(boundary))) boundary = `----loc-form-${random()}`;
  const head = [
    ...fields.map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(lines(name))}"\r\n\r\n${lines(value)}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(lines(file.field))}"; filename="${escapeName(file.filename)}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  ].join('');
  const start = encoder.encode(head);
  const end = encoder.encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(start.byteLength + file.bytes.byteLength + end.byteLength);
  body.set(start, 0);
  body.set(file.bytes, start.byteLength);
  body.set(end, start.byteLength + file.bytes.byteLength);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
