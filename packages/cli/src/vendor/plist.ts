// Bundled into dist/vendor-plist.cjs on its own (tsup.config.ts): only a change summary of .stringsdict files loads it.
export { parse } from 'plist';
