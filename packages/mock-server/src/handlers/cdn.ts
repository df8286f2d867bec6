import { CdnCheckRequestSchema } from '@loc/sdk';
import { http, HttpResponse } from 'msw';
import semver from 'semver';
import { BudgetError, isLanguageCode } from '../store';
import type { HandlerContext } from './context';
import { bearerToken, BodyError, problem, readBody } from './http';

/** spec.md §8: a distribution check's pre-signed filesUrl is valid for 24 hours. */
export const FILES_URL_VALIDITY_MS = 24 * 60 * 60_000;

export function cdnHandlers({ store, signer, prefix, maxBodyBytes }: HandlerContext) {
  return [
    http.post(`${prefix}/cdn/check`, async ({ request }) => {
      let workspace: string;
      try {
        workspace = store.cdnWorkspace(bearerToken(request));
      } catch {
        return problem(401, [{ field: 'AUTHORIZATION', infos: ['CDN_KEY_NOT_FOUND'] }]);
      }
      const log = (status: number, body: Record<string, unknown> = {}) =>
        store.logCdnCheck({
          at: new Date(store.now()).toISOString(),
          workspace,
          status,
          ...Object.fromEntries(
            ['distributionEnvironment', 'distributionType', 'clientVersion', 'clientRelease', 'clientUser', 'clientAgent', 'clientLanguageCode']
              .filter((k) => body[k] !== undefined)
              .map((k) => [k, body[k]]),
          ),
        });

      let body;
      try {
        body = await readBody(request, CdnCheckRequestSchema, { maxBytes: maxBodyBytes });
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        log(error.status);
        return problem(error.status, error.fields.map((field) => ({ field, infos: ['INVALID_VALUE'] })));
      }
      const invalid = [
        ...(body.clientVersion !== undefined && !semver.valid(body.clientVersion) ? [{ field: 'clientVersion', infos: ['INVALID_SEMANTIC_VERSION'] }] : []),
        ...(body.clientLanguageCode !== undefined && !isLanguageCode(body.clientLanguageCode)
          ? [{ field: 'clientLanguageCode', infos: ['INVALID_LANGUAGE_CODE'] }]
          : []),
      ];
      if (invalid.length) {
        log(422, body);
        return problem(422, invalid);
      }
      try {
        store.spendCdnBudget(workspace);
      } catch (error) {
        if (!(error instanceof BudgetError)) throw error;
        log(429, body);
        const response = problem(429, [{ field: 'USAGE', infos: ['USAGE_LIMIT_EXCEEDED'] }]);
        // Whole seconds, rounded up: a client that waits exactly this long finds the budget renewed.
        if (error.renewsAt !== null) response.headers.set('retry-after', String(Math.ceil((error.renewsAt - store.now()) / 1000)));
        return response;
      }
      const found = await store.findRelease(workspace, body);
      if (found === 'no-distribution') {
        log(404, body);
        return problem(404, [{ field: 'DISTRIBUTION', infos: ['DISTRIBUTION_NOT_FOUND'] }]);
      }
      if (found === null) {
        log(204, body);
        return new HttpResponse(null, { status: 204 });
      }
      log(200, body);
      return HttpResponse.json({
        distributionReleaseId: found.release.id,
        name: found.release.name,
        createdAt: found.release.createdAt,
        filesUrl: signer.sign(new URL(request.url).origin, `/_storage/releases/${found.blobName}`, store.now() + FILES_URL_VALIDITY_MS),
        filesSha256: found.sha256,
      });
    }),
  ];
}
