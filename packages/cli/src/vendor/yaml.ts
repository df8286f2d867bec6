// Bundled into dist/vendor-yaml.cjs on its own (tsup.config.ts): loaded only by a change summary of YAML
// files and by a loc.config.yaml (read, or written by `loc init`).
export { isMap, isNode, isScalar, isSeq, LineCounter, parse, parseDocument, stringify, visit } from 'yaml';
