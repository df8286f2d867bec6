// Faults inside the real answer's body: a ZIP made corrupt or hostile, a CDN check's wrong checksum, JSON
// cut in half (the bytes: body-faults.ts), and, for the real server to send, a body cut, stalled or slowed
// on the wire (server/write-answer.ts).
import { createHash } from 'node:crypto';
import { bytesResponse, jsonResponse, keptAnswerOf } from '../handlers/answers';
import { operationOf } from '../request/operation-of';
import { urlOf } from '../request/socket-request';
import { corruptZipCentralDirectory, corruptZipCrc, escapingZip, malformedJson, wrongSha256 } from './body-faults';
import type { FaultList } from './fault-list';
import type { FaultKind, WireFault } from './kinds';
import { inScope, releaseOf } from './scope';

const WIRE_KINDS = new Set<FaultKind>(['TRUNCATED_BODY', 'CONNECTION_RESET_BY_PEER', 'STALL_AFTER_BYTES', 'SLOW_BODY']);
const ZIP_KINDS = new Set<FaultKind>([
  'CORRUPT_ZIP_CRC',
  'CORRUPT_ZIP_CENTRAL_DIRECTORY',
  'ZIP_ENTRY_PARENT_PATH',
  'ZIP_ENTRY_ABSOLUTE_PATH',
  'ZIP_ENTRY_SYMLINK',
]);

/** A release's bundle, when it is made; undefined when it is not (yet). */
type ReleaseBundle = (releaseId: string) => Uint8Array | undefined;

/**
 * A fault inside the answer: the answer with its body changed (not yet `delivered`), and for the real
 * server how to send it (`wire`). undefined when no fault takes it.
 *
 * @example const faulted = faultInAnswer(live, () => undefined, request, answer); // undefined without faults
 */
export function faultInAnswer(
  live: FaultList,
  releaseBundle: ReleaseBundle,
  request: Request,
  answer: Response,
): { answer: Response; wire?: WireFault } | undefined {
  if (live.faults.length === 0) return undefined;
  let kept = keptAnswerOf(answer);
  if (!kept || kept.body === null) return undefined;
  const isCheck = operationOf(request.method, urlOf(request).pathname) === 'checkDistribution' && answer.status === 200;
  // A check that offers a bundle a ZIP fault will change names the changed bundle's checksum: the
  // service published that bundle, and a client's ZIP reader (not its checksum test) must catch it.
  let matched: Response | undefined;
  if (isCheck) {
    matched = withFaultedChecksum(live, releaseBundle, answer);
    if (matched) {
      answer = matched;
      kept = keptAnswerOf(answer)!;
    }
  }
  const keptBody = kept.body;
  if (keptBody === null) return matched ? { answer: matched } : undefined;
  const contentType = kept.headers['content-type'] ?? '';
  const isZip = contentType === 'application/zip';
  const isJson = contentType.startsWith('application/json');
  const f = live.take(
    request,
    (k) =>
      WIRE_KINDS.has(k) ||
      (ZIP_KINDS.has(k) && isZip) ||
      (k === 'WRONG_SHA256' && isCheck) ||
      (k === 'MALFORMED_JSON' && isJson),
    urlOf(request).pathname,
    answer,
  );
  if (!f) return matched ? { answer: matched } : undefined;
  const spec = f.spec;
  const { 'content-length': _, ...headers } = kept.headers;
  switch (spec.kind) {
    case 'TRUNCATED_BODY':
    case 'CONNECTION_RESET_BY_PEER':
    case 'STALL_AFTER_BYTES':
      return { answer, wire: { kind: spec.kind, ...(spec.bytes === undefined ? {} : { bytes: spec.bytes }) } };
    case 'SLOW_BODY':
      return { answer, wire: { kind: 'SLOW_BODY', bytesPerSecond: spec.bytesPerSecond } };
    case 'CORRUPT_ZIP_CRC':
    case 'CORRUPT_ZIP_CENTRAL_DIRECTORY':
    case 'ZIP_ENTRY_PARENT_PATH':
    case 'ZIP_ENTRY_ABSOLUTE_PATH':
    case 'ZIP_ENTRY_SYMLINK':
      return { answer: bytesResponse(zipAsFaulted(spec.kind, bodyBytes(keptBody)), answer.status, headers) };
    case 'WRONG_SHA256': {
      const body = JSON.parse(String(keptBody)) as { filesSha256: string };
      body.filesSha256 = wrongSha256(body.filesSha256);
      return { answer: jsonResponse(body, answer.status, headers) };
    }
    case 'MALFORMED_JSON': {
      const text = malformedJson(typeof keptBody === 'string' ? keptBody : new TextDecoder().decode(keptBody));
      return { answer: bytesResponse(new TextEncoder().encode(text), answer.status, headers) };
    }
    default:
      return undefined;
  }
}

/** The check's answer with the checksum of its bundle as the next ZIP fault on it will serve it; undefined if none. */
function withFaultedChecksum(live: FaultList, releaseBundle: ReleaseBundle, answer: Response): Response | undefined {
  const id = releaseOf(answer);
  if (id === undefined) return undefined;
  const path = `/_storage/releases/${encodeURIComponent(`${id}.zip`)}`;
  const f = live.faults.find(
    (x) => x.remaining > 0 && ZIP_KINDS.has(x.spec.kind) && inScope(x, 'GET', path, live.projectOf),
  );
  const bundle = f && releaseBundle(id);
  if (!f || !bundle) return undefined;
  const kept = keptAnswerOf(answer)!;
  const body = JSON.parse(String(kept.body)) as { filesSha256: string };
  body.filesSha256 = createHash('sha256').update(zipAsFaulted(f.spec.kind, bundle)).digest('hex');
  const { 'content-length': _, ...headers } = kept.headers;
  return jsonResponse(body, answer.status, headers);
}

/** A ZIP as a ZIP fault serves it (the same bytes each time: the CDN check's checksum can name them). */
function zipAsFaulted(kind: FaultKind, zip: Uint8Array): Uint8Array {
  if (kind === 'CORRUPT_ZIP_CRC') return corruptZipCrc(zip);
  if (kind === 'CORRUPT_ZIP_CENTRAL_DIRECTORY') return corruptZipCentralDirectory(zip);
  return escapingZip(zip, kind as 'ZIP_ENTRY_PARENT_PATH' | 'ZIP_ENTRY_ABSOLUTE_PATH' | 'ZIP_ENTRY_SYMLINK');
}

/** A kept body as bytes. */
function bodyBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}
