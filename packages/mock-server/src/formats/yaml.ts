import { stringify } from 'yaml';
import { nest } from './json';
import type { Writer } from './types';

/** `yaml.standard`: keys nested at dots, the yaml library quoting whatever needs it. */
export const writeYaml: Writer = ({ entries }) => stringify(nest(entries), { lineWidth: 0 });
