/**
 * The codes of the answers loc's clients refuse (net/redirects.ts and net/http-fetch.ts set them on the
 * errors they make; the SDK keeps them as its error's cause's code): the server at the other end is to
 * blame, not the network. The error table (errors.ts) gives them their messages. Its own module, importing
 * nothing: the Action bundles net/proxy.ts for its GitHub client, and with it this, not the error table.
 */
export const REFUSED = {
  /** A redirect fetch would not follow or loc refuses: to http from https, too many, to a URL with credentials. */
  redirect: 'ERR_LOC_REDIRECT_REFUSED',
  /** An answer larger than loc gathers. */
  tooLarge: 'ERR_LOC_ANSWER_TOO_LARGE',
} as const;
