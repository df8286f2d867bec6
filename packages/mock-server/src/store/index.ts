// The mock's state, and nothing of HTTP: createStore (store.ts) over the seed, and what handlers need of it.
export { createStore, type Store } from './store';
export { BudgetError, StoreError } from './store-error';
export { isLanguageCode } from './projects';
export type { ExportJob, Project, User } from './types';
export { EXPORT_URL_VALIDITY_MS } from './blobs';
export { slugify } from './slug';
