import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: a single worker on the
    // two-core CI machine, the other core mostly idle. At least two keep both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/domain',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
      // The repository's own scripts (test counts, budgets): plain Node modules.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
