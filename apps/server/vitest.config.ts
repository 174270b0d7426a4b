import { defineProject } from 'vitest/config';

/**
 * The server's tests, in two projects. Most files share their worker's loaded modules
 * (`isolate: false`): importing the whole server graph again for each of some seventy files
 * was most of the suite's time. A file that replaces a module with `vi.mock` needs a fresh
 * module graph, so it is named `*.isolated.test.ts` and runs in vitest.isolated.config.ts.
 */
export const serverTestOptions = {
  environment: 'node',
  // One migrated, seeded PGlite dumped once per run; each test app starts from a copy.
  globalSetup: ['src/test/database-template.ts'],
  // Each file starts its own database (PGlite in WASM or a fresh PostgreSQL database).
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineProject({
  test: {
    ...serverTestOptions,
    globalSetup: [...serverTestOptions.globalSetup],
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.isolated.test.ts'],
    isolate: false,
  },
});
