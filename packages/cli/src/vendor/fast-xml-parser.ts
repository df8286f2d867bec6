// Bundled into dist/vendor-fast-xml-parser.cjs on its own (tsup.config.ts): only a change summary of
// Android or XLIFF files loads it.
export { XMLParser } from 'fast-xml-parser';
