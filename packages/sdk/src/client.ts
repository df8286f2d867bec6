import { resolveConfig, type ClientOptions } from './core/config';
import { createTransport } from './core/request';
import { Cdn } from './resources/cdn';
import { Exports } from './resources/exports';
import { Projects } from './resources/projects';

/** A client of the service: one property per area of the API. */
export interface LocClient {
  projects: Projects;
  cdn: Cdn;
  exports: Exports;
  /** The base URLs in use (credentials are not exposed). */
  readonly baseUrl: string;
  readonly cdnBaseUrl: string;
}

/**
 * Creates a client. Settings come from `options`, then the environment (`LOC_BASE_URL`,
 * `LOC_API_TOKEN`, `LOC_CDN_KEY`, `LOC_CDN_BASE_URL`), then defaults.
 *
 * @example
 * import { createClient } from '@loc/sdk';
 * const loc = createClient({ baseUrl: 'http://127.0.0.1:4010', token: process.env.LOC_API_TOKEN });
 * const { members } = await loc.projects.list();
 */
export function createClient(options: ClientOptions = {}): LocClient {
  const config = resolveConfig(options);
  const transport = createTransport(config);
  return {
    projects: new Projects(transport),
    cdn: new Cdn(transport, config.cdnCheckPath),
    exports: new Exports(transport),
    baseUrl: config.baseUrl,
    cdnBaseUrl: config.cdnBaseUrl,
  };
}
