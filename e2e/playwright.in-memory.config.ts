import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { fullChromium } from './support/browsers.ts';

/**
 * The in-memory build (ADR 0028) walked with no server running: a static file server over
 * apps/web/dist-in-memory, the API answered in the browser by Mock Service Worker.
 */
const port = Number(process.env.E2E_IN_MEMORY_PORT ?? 28210);
const baseURL = `http://127.0.0.1:${port}`;
const report = process.env.E2E_IN_MEMORY_JSON_REPORT;

export default defineConfig({
  testDir: './tests',
  testMatch: /in-memory\/.*\.spec\.ts$/,
  forbidOnly: !!process.env.CI,
  outputDir: './test-results/in-memory',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: report ? [['list'], ['json', { outputFile: report }]] : [['list']],
  use: {
    baseURL,
    // The full browser: the headless shell would do, but this mode's point is what a person's
    // browser does with its service worker, and it is three journeys.
    launchOptions: fullChromium,
    locale: 'en-CA',
    trace: 'off',
    // The service worker must be allowed: it is the whole point of this mode.
    serviceWorkers: 'allow',
  },
  webServer: {
    command: `node support/static-server.mjs ${path.join('..', 'apps', 'web', 'dist-in-memory')} ${port}`,
    cwd: import.meta.dirname,
    url: `${baseURL}/index.html`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
