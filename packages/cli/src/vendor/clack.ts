// Bundled into dist/vendor-clack.cjs on its own (tsup.config.ts): only a prompt at a terminal loads it.
export * from '@clack/prompts';
