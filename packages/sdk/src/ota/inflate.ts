/**
 * How the client inflates a deflated ZIP entry outside a browser (Node, React Native, Electron's main
 * process): ./zip.ts's inflateWhole, with the runtime's zlib or fflate. The build for browsers (the
 * package's `browser` condition) takes ./inflate.browser.ts in its place (tsup.config.ts;
 * docs/decisions.md): both take the same entries and refuse the same ones.
 */
export { inflateWhole as inflate } from './zip';
