// Bundled into dist/vendor-ora.cjs on its own (tsup.config.ts): only a spinner at a terminal loads it.
export { default } from 'ora';
