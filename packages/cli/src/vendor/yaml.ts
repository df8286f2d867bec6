// Bundled into dist/vendor-yaml.cjs on its own (tsup.config.ts): only a change summary of YAML files loads it.
export { parse } from 'yaml';
