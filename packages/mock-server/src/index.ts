export {
  createMockService,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_UPLOAD_BYTES,
  type MockService,
  type MockServiceOptions,
} from './service/mock-service';
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  startMockServer,
  type MockServer,
  type MockServerOptions,
} from './server/http-server';
export { CLOCK_RANGE, createClock, type MockClock } from './store/clock';
export { createFaults, type Faults } from './faults/faults';
export { FAULT_KINDS, type FaultKind, type FaultSpec } from './faults/kinds';
export { ControlError, type BadInput } from './rules/control-error';
export type { CdnLogEntry } from './service/cdn-request-log';
export { fingerprint, DEFAULT_JOURNAL_SIZE, type JournalEntry } from './journal/journal';
export type { AdminApi, ControlName } from './admin/controls';
export { DEMO, demoSeed } from './seed/demo';
export { hostileSeed } from './seed/hostile';
export { parseSeed, SeedSchema, ROLES, type Role, type Seed, type ParsedSeed } from './seed/schema';
export {
  createStore,
  StoreError,
  slugify,
  isLanguageCode,
  type Store,
  type ExportJob,
  type Project,
  type User,
} from './store';
export { ROLE_PERMISSIONS, COLLABORATOR_PERMISSIONS } from './store/access';
export { WRITERS, writerFor, type Entry, type FileToWrite, type Writer } from './formats';
export {
  FormatReadError,
  READERS,
  readerFor,
  type FileToRead,
  type ReadEntry,
  type ReadFile,
  type Reader,
} from './formats/readers';
export { EXPORT_URL_VALIDITY_MS } from './handlers/exports';
export { FILES_URL_VALIDITY_MS } from './handlers/cdn';
