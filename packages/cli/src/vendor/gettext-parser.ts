// Bundled into dist/vendor-gettext-parser.cjs on its own (tsup.config.ts): only a change summary of PO files loads it.
export { po } from 'gettext-parser';
