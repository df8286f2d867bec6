// Bundled into dist/vendor-fast-xml-parser.cjs on its own (tsup.config.ts): only reading Android, XLIFF or
// .stringsdict files (a change summary, loc push) loads it.
export { XMLParser, XMLValidator } from 'fast-xml-parser';
