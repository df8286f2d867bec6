// The faults a mock can inject, a closed set (FAULT_KINDS, named as WireMock names its faults), and a
// fault's spec as the control API, the JS API and the flags take it: its kind, its scope and its count.
import { z } from 'zod';
import { OperationIdSchema } from '../request/operation-of';
import { onePathRule, RegExpSource } from '../rules/path-match';

/** The longest wait a timer can make (setTimeout's limit). */
export const MAX_LATENCY_MS = 2 ** 31 - 1;

/**
 * The fault kinds, a closed set named as WireMock names its faults. `transports` says where each works:
 * msw's interception cannot cut, stall or slow a socket, so those need the real server.
 */
export const FAULT_KINDS = {
  STATUS: {
    transports: ['http', 'msw'],
    summary: 'answer this status (400–599) instead, with `body` or the API’s error body',
  },
  EMPTY_RESPONSE: {
    transports: ['http', 'msw'],
    summary: 'no answer: the connection is closed (msw: a network error)',
  },
  LATENCY: { transports: ['http', 'msw'], summary: 'wait `ms` before answering' },
  TRUNCATED_BODY: {
    transports: ['http'],
    summary: 'send the full Content-Length, then only `bytes` of the body (default: half) and close',
  },
  CONNECTION_RESET_BY_PEER: {
    transports: ['http'],
    summary: 'send `bytes` of the body (default: half), then reset the connection (TCP RST)',
  },
  STALL_AFTER_BYTES: {
    transports: ['http'],
    summary: 'send `bytes` of the body (default: half), then nothing more, the connection left open',
  },
  SLOW_BODY: { transports: ['http'], summary: 'send the body at `bytesPerSecond`' },
  CORRUPT_ZIP_CRC: { transports: ['http', 'msw'], summary: 'a ZIP whose first entry has a wrong CRC-32' },
  CORRUPT_ZIP_CENTRAL_DIRECTORY: {
    transports: ['http', 'msw'],
    summary: 'a ZIP whose central directory cannot be read',
  },
  ZIP_ENTRY_PARENT_PATH: {
    transports: ['http', 'msw'],
    summary: 'a ZIP with one more entry, `../../loc-mock-escaped.txt`',
  },
  ZIP_ENTRY_ABSOLUTE_PATH: {
    transports: ['http', 'msw'],
    summary: 'a ZIP with one more entry, `/tmp/loc-mock-escaped.txt`',
  },
  ZIP_ENTRY_SYMLINK: {
    transports: ['http', 'msw'],
    summary: 'a ZIP with one more entry, `loc-mock-link`, a symbolic link to `../../../etc`',
  },
  WRONG_SHA256: {
    transports: ['http', 'msw'],
    summary: 'a CDN check answers a `filesSha256` that is not the bundle’s',
  },
  MALFORMED_JSON: {
    transports: ['http', 'msw'],
    summary: 'a JSON answer cut in half (its Content-Length right for what is sent)',
  },
  EXPORT_ERROR: { transports: ['http', 'msw'], summary: 'the next export(s) created end in ERROR with `message`' },
} as const;

export type FaultKind = keyof typeof FAULT_KINDS;
export type Transport = 'http' | 'msw';

const count = z
  .union([z.number().int().positive(), z.literal('all')])
  .default(1)
  .describe('how many matching requests it answers: a number (default 1) or "all"');
const bytes = z.number().int().nonnegative().optional().describe('bytes of the body sent first; default: half');
/** Where a fault applies; each field given narrows it. */
const scope = {
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, 'expected an HTTP method such as GET')
    .optional(),
  path: z.string().startsWith('/', 'expected a path starting with /').optional().describe('a path prefix'),
  pathPattern: RegExpSource.optional().describe('a regular expression the path must contain a match of'),
  project: z
    .string()
    .regex(/^[^/]+\/[^/]+$/, 'expected workspace/project, for example acme/web-frontend')
    .optional()
    .describe('the project’s API paths (by slugs or ids, either in the scope too) and its export downloads'),
  release: z.string().min(1).optional().describe('the CDN checks that answer this release, and its bundle download'),
  operation: OperationIdSchema.optional().describe(
    'an operation of docs/openapi.json by its id (checkDistribution), at any of its paths',
  ),
  count,
};

/** A fault as `POST /__admin/faults` and `service.admin.addFault` take it. */
export const FaultSpecSchema = z
  .discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('STATUS'),
        status: z.number().int().min(400).max(599),
        body: z.unknown().optional(),
        ...scope,
      })
      .strict(),
    z.object({ kind: z.literal('EMPTY_RESPONSE'), ...scope }).strict(),
    z.object({ kind: z.literal('LATENCY'), ms: z.number().int().min(0).max(MAX_LATENCY_MS), ...scope }).strict(),
    z.object({ kind: z.literal('TRUNCATED_BODY'), bytes, ...scope }).strict(),
    z.object({ kind: z.literal('CONNECTION_RESET_BY_PEER'), bytes, ...scope }).strict(),
    z.object({ kind: z.literal('STALL_AFTER_BYTES'), bytes, ...scope }).strict(),
    z.object({ kind: z.literal('SLOW_BODY'), bytesPerSecond: z.number().int().positive(), ...scope }).strict(),
    z.object({ kind: z.literal('CORRUPT_ZIP_CRC'), ...scope }).strict(),
    z.object({ kind: z.literal('CORRUPT_ZIP_CENTRAL_DIRECTORY'), ...scope }).strict(),
    z.object({ kind: z.literal('ZIP_ENTRY_PARENT_PATH'), ...scope }).strict(),
    z.object({ kind: z.literal('ZIP_ENTRY_ABSOLUTE_PATH'), ...scope }).strict(),
    z.object({ kind: z.literal('ZIP_ENTRY_SYMLINK'), ...scope }).strict(),
    z.object({ kind: z.literal('WRONG_SHA256'), ...scope }).strict(),
    z.object({ kind: z.literal('MALFORMED_JSON'), ...scope }).strict(),
    z.object({ kind: z.literal('EXPORT_ERROR'), message: z.string().min(1).optional(), ...scope }).strict(),
  ])
  .superRefine(onePathRule);
export type FaultSpec = z.input<typeof FaultSpecSchema>;
/** A fault's spec as checked, its defaults filled in. */
export type ParsedFault = z.output<typeof FaultSpecSchema>;

/** A fault as it is listed: its spec, an id, and how many requests it has answered. */
export interface ActiveFault {
  id: string;
  spec: ParsedFault;
  remaining: number;
  hits: number;
  /** Compiled once. */
  pattern?: RegExp;
}

/** How the real server sends a body it must cut, stall or slow (server/write-answer.ts does the writing). */
export type WireFault =
  | { kind: 'TRUNCATED_BODY' | 'CONNECTION_RESET_BY_PEER' | 'STALL_AFTER_BYTES'; bytes?: number }
  | { kind: 'SLOW_BODY'; bytesPerSecond: number };
