/**
 * How the client inflates a deflated ZIP entry: fflate's inflate, for Node, React Native and Electron's
 * main process (React Native has no `DecompressionStream`). The build for browsers (the package's
 * `browser` condition) takes ./inflate.browser.ts in its place (tsup.config.ts; docs/decisions.md).
 */
export { inflateSized as inflate } from './zip';
