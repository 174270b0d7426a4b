import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated, seeded PGlite dumped once per run; each test app starts from a copy.
    globalSetup: ['src/test/pglite-template.ts'],
    // Each file starts its own database (PGlite in WASM or a fresh PostgreSQL database).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
