import type { APIPromise } from '../request/api-promise';
import type { RequestOptions } from '../request/request-options';
import type { Transport } from '../request/request';
import type { CdnCheckRequest, CdnRelease } from '../schemas/cdn';
import { checkDistribution } from '../schemas/operations';

/** Distributions: ask the CDN whether a newer release bundle exists. */
export class Cdn {
  declare private readonly transport: Transport;
  declare private readonly checkPath: string;
  constructor(transport: Transport, checkPath: string) {
    this.transport = transport;
    this.checkPath = checkPath;
  }

  /**
   * Asks which release bundle a client should download. Resolves to the release, or to `null` when there
   * is nothing newer (204: no release matches, or `clientRelease` already is the newest). Authenticated
   * with the client's CDN key. Errors: 401 bad key, 404 no such distribution, 422 bad version or
   * language, 429 usage budget exceeded (`RateLimitError` with code `USAGE_LIMIT_EXCEEDED`).
   *
   * @example
   * const release = await loc.cdn.check({
   *   distributionEnvironment: 'PRODUCTION', distributionType: 'MOBILE_SDK_IOS', clientVersion: '2.4.0',
   * });
   * if (release) console.log(release.name, release.filesUrl);
   */
  check(body: CdnCheckRequest, options?: RequestOptions): APIPromise<CdnRelease | null> {
    return this.transport.request(checkDistribution, { params: {}, body, path: this.checkPath }, options);
  }
}
