// The schemas of the distribution check: its request, the release it answers with, its problem body.
import * as z from 'zod/mini';
import { lazyObject, once } from '../base/lazy-object';
import { nonEmptyString, urlString } from './checks';
import { LanguageCodeSchema, openEnum, openObject, requestEnum, SEMANTIC_VERSION_PATTERN } from './common';

/** The environments a distribution is published to (`distributionEnvironment`). */
export const DISTRIBUTION_ENVIRONMENTS = ['DEVELOPMENT', 'TEST', 'STAGING', 'PRODUCTION'] as const;
/** One of {@link DISTRIBUTION_ENVIRONMENTS}. */
export type DistributionEnvironment = (typeof DISTRIBUTION_ENVIRONMENTS)[number];
/** The kinds of distribution (`distributionType`): the project's own format, or a mobile SDK bundle. */
export const DISTRIBUTION_TYPES = ['NATIVE_FORMAT', 'MOBILE_SDK_ANDROID', 'MOBILE_SDK_IOS'] as const;
/** One of {@link DISTRIBUTION_TYPES}. */
export type DistributionType = (typeof DISTRIBUTION_TYPES)[number];

/**
 * CdnCheckRequest. The enums are strict and the version and language code are checked: the service
 * answers 422 to anything else.
 */
export const CdnCheckRequestSchema = /* @__PURE__ */ lazyObject(() =>
  z.object({
    // The service's own message for these (the mock's problem body): no message of ours.
    distributionEnvironment: requestEnum(DISTRIBUTION_ENVIRONMENTS, false),
    distributionType: requestEnum(DISTRIBUTION_TYPES, false),
    /** Semantic version of the client app: only releases made for it are offered. */
    clientVersion: z.optional(
      z.string().check(
        z.regex(SEMANTIC_VERSION_PATTERN, {
          error: (issue) => `${JSON.stringify(issue.input)} is not a semantic version such as 2.4.0`,
        }),
      ),
    ),
    /** The release the client has now: when it is still the newest, the answer is 204. */
    clientRelease: z.optional(z.string()),
    /** Logging only. */
    clientUser: z.optional(z.string()),
    /** Logging only. */
    clientAgent: z.optional(z.string()),
    /** Logging only. */
    clientLanguageCode: z.optional(LanguageCodeSchema),
    /** Logging only: the name the official iOS SDK sends `clientLanguageCode` under (real-service-notes.md, "CDN"). */
    clientLanguage: z.optional(LanguageCodeSchema),
  }),
);
/** The type of {@link CdnCheckRequestSchema} (as you pass it: optional fields may be left out). */
export type CdnCheckRequest = z.input<typeof CdnCheckRequestSchema>;

/** {@link CdnReleaseSchema}, built on first use: what the client's calls and the other schemas build with. */
export const cdnRelease = /* @__PURE__ */ once(() =>
  openObject({
    distributionReleaseId: nonEmptyString(),
    name: z.string(),
    createdAt: z.string(),
    /** Pre-signed URL of the release ZIP, valid for 24 hours. Needs no credential: send none. */
    filesUrl: urlString(),
    /** SHA-256 of the ZIP (hex), sent by newer service versions; the download helper verifies it. */
    filesSha256: z.optional(z.string()),
  }),
);
/** CdnCheckResponse: the release to download. */
export const CdnReleaseSchema = /* @__PURE__ */ lazyObject(cdnRelease);
/** The type of {@link CdnReleaseSchema}. */
export type CdnRelease = z.output<typeof CdnReleaseSchema>;

/** CdnErrorDetailResponse: an RFC 7807 problem with machine-readable `errors`. */
export const CdnErrorDetailSchema = /* @__PURE__ */ lazyObject(() =>
  openObject({
    type: z.string(),
    status: z.int(),
    detail: z.string(),
    errors: z.array(openObject({ field: z.string(), infos: z.array(z.string()) })),
  }),
);
/** The type of {@link CdnErrorDetailSchema}. */
export type CdnErrorDetail = z.output<typeof CdnErrorDetailSchema>;

/** Codes of `errors[].infos` that the service is known to send. */
export const CdnErrorCode = /* @__PURE__ */ lazyObject(() =>
  openEnum([
    'CDN_KEY_NOT_FOUND',
    'CDN_KEY_EXPIRED',
    'TOKEN_EXPIRED',
    'JWT_INVALID',
    'DISTRIBUTION_NOT_FOUND',
    'USAGE_LIMIT_EXCEEDED',
  ]),
);
