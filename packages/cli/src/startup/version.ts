import { version } from '../../package.json';

/** The CLI's version, from its package.json (inlined by the build). */
export const VERSION: string = version;
