import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { shardByCost } from './scripts/test-shards.mjs';

/** vitest's order, with `--shard` cut by what the files cost (scripts/test-shards.mjs), not by their number. */
class CostSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const mine = new Set(shardByCost([...new Set(files.map((f) => f.moduleId))], index, count));
    return files.filter((f) => mine.has(f.moduleId));
  }
}

export default defineConfig({
  test: {
    projects: ['packages/*', 'packages/sdk/vitest.isolated.config.ts', 'examples'],
    // CI machines have 2 cores; e2e tests spawn servers and CLIs of their own and wait on them, so a third
    // worker keeps the cores busy: the whole suite on Node 20 took 196 s with 3, 228 s with 2 (1.8 cores
    // used). Every test waits for events, not for time, so the extra load changes no outcome.
    maxWorkers: 3,
    sequence: { sequencer: CostSequencer },
  },
});
