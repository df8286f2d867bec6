import { locBuild } from '../../tsup.base';

export default locBuild({ index: 'src/index.ts', bin: 'src/bin.ts' });
