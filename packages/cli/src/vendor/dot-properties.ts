// Bundled into dist/vendor-dot-properties.cjs on its own (tsup.config.ts): only a change summary of
// .properties files loads it.
export { parse } from 'dot-properties';
