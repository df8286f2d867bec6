// Bundled into dist/vendor-conf.cjs on its own (tsup.config.ts): only commands that read or store credentials load it.
export { default } from 'conf';
