import { locBuild } from '../../tsup.base';

export default locBuild({ index: 'src/index.ts', node: 'src/node.ts', openapi: 'src/openapi.ts' });
