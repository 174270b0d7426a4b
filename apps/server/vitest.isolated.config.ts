import { defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.config.ts';

/** The server's test files that mock modules (`vi.mock`): each gets its own module graph. */
export default defineProject({
  test: {
    ...serverTestOptions,
    globalSetup: [...serverTestOptions.globalSetup],
    name: 'server-isolated',
    include: ['src/**/*.isolated.test.ts'],
  },
});
