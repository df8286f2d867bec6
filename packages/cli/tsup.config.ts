import { locBuild } from '../../tsup.base';

// ora, conf and @clack/prompts are ESM-only: the CLI ships as ESM. Commands are split into chunks of
// their own and imported only when they run, so `loc --version` loads almost nothing.
export default locBuild({ bin: 'src/bin.ts' }, { format: ['esm'], dts: false });
