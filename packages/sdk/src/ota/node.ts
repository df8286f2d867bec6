/**
 * Everything of `@loc/sdk/ota`, plus {@link fileStorage}: a store in a folder for Node servers and
 * Electron's main process. Kept apart so that a browser bundle never pulls in `node:fs`.
 *
 * @example
 * import { createOtaClient, fileStorage } from '@loc/sdk/ota/node';
 * const ota = createOtaClient({ cdnKey: process.env.LOC_CDN_KEY, environment: 'PRODUCTION',
 *   type: 'NATIVE_FORMAT', storage: fileStorage('.cache/loc-ota') });
 *
 * @module @loc/sdk/ota/node
 */
export * from './index';
export { fileStorage } from './file-storage';
