// The mock's state, and nothing of HTTP: createStore (store.ts) over the seed, and what handlers need of it.
export { BudgetError, createStore, isLanguageCode, StoreError, type Store } from './store';
export type { ExportJob, Project, User } from './types';
export { EXPORT_URL_VALIDITY_MS } from './blobs';
export { slugify } from './slug';
