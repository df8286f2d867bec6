/**
 * The service's route of the distribution check on its API host, below the CDN base URL: the `checkDistribution` operation's
 * path, and the over-the-air client's default (`@loc/sdk/ota`, which must not load zod with the schemas).
 */
export const CDN_CHECK_PATH = '/cdn/check';
