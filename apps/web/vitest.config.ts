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
  },
});
