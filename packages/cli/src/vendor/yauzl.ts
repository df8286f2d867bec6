// Bundled into dist/vendor-yauzl.cjs on its own (tsup.config.ts): only unzipping a download loads it.
export { default } from 'yauzl';
