import { CDN_API, V1_API } from './request/apis';
import { resolveConfig, type ClientOptions } from './request/config';
import { fetchHttp, ofetchHttp } from './request/http';
import { createTransport } from './request/request';
import { Cdn } from './resources/cdn';
import { Exports } from './resources/exports';
import { Projects } from './resources/projects';
import { Resources } from './resources/resources';

/** A client of the service: one property per area of the API. */
export interface LocClient {
  projects: Projects;
  cdn: Cdn;
  exports: Exports;
  resources: Resources;
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
  const transport = createTransport(config, { v1: V1_API, cdn: CDN_API }, ofetchHttp);
  return {
    projects: new Projects(transport),
    cdn: new Cdn(transport, config.cdnCheckPath),
    exports: new Exports(transport),
    resources: new Resources(transport),
    baseUrl: config.baseUrl,
    cdnBaseUrl: config.cdnBaseUrl,
  };
}

/**
 * Creates a client of the CDN check alone: what a web page, an edge function or an app needs to find its
 * newest release bundle. Settings as for {@link createClient} (only `cdnKey`, `cdnBaseUrl`,
 * `cdnCheckPath` and the transport options matter). An app that uses it instead of `createClient` carries
 * only the check's code and schema in its bundle, and no ofetch: it sends over the runtime's `fetch`, or the
 * `fetch` option's (docs/sdk.md, "Size and start-up").
 *
 * @example
 * import { createCdnClient } from '@loc/sdk';
 * const cdn = createCdnClient({ cdnKey: 'lh-cdn_…', cdnBaseUrl: 'https://cdn.example.com' });
 * const release = await cdn.check({ distributionEnvironment: 'PRODUCTION', distributionType: 'NATIVE_FORMAT' });
 */
export function createCdnClient(options: ClientOptions = {}): Cdn {
  const config = resolveConfig(options);
  // The check uses none of ofetch's options: it goes over the runtime's fetch (request/http.ts).
  return new Cdn(createTransport(config, { cdn: CDN_API }, fetchHttp), config.cdnCheckPath);
}
