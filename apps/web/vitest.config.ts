import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { compiledCatalogues } from './src/lib/translation/vite-plugin.ts';

export default defineProject({
  plugins: [react(), compiledCatalogues()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Whole forms rendered in jsdom beside other files on two cores: slow is not failing.
    testTimeout: 15_000,
    // Each test file imports React, React Aria and Testing Library afresh: bundled once per run
    // into one module each rather than hundreds of files, the web suite's setup fell from 75 s
    // to 25 s of its workers' time (215 s to 192 s in all, two workers).
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'react',
            'react-dom',
            'react-aria-components',
            'react-router',
            '@lingui/core',
            '@testing-library/dom',
            '@testing-library/jest-dom',
            '@testing-library/react',
            '@testing-library/user-event',
          ],
        },
      },
    },
  },
});
