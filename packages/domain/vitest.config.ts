import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure functions and schemas: no file mocks a module, stubs a global or sets the
    // environment, so the files share their worker's loaded modules rather than importing
    // the domain again for each of some seventy files.
    isolate: false,
  },
});
