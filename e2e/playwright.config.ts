import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { fullBrowserTag, fullChromium, journeyChromium } from './support/browsers.ts';

const port = Number(process.env.E2E_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * A second server whose joint-applicant codes expire after a few seconds, not 24 hours. Its
 * PUBLIC_URL names `localhost`, as a developer's `npm start` does: a page opened at its
 * 127.0.0.1 address moves there (sign-in.spec.ts), and its journeys run at `localhost`.
 */
const shortCodePort = port + 1;
export const shortCodeBaseURL = `http://localhost:${shortCodePort}`;
/** The machine's own Node when CI runs on another (.ci/run), quoted for the shell. */
const secondNode = process.env.SECOND_NODE ? JSON.stringify(process.env.SECOND_NODE) : 'node';
/** The same server at another address than its PUBLIC_URL. */
export const shortCodeOtherAddress = `http://127.0.0.1:${shortCodePort}`;
export const SHORT_CODE_TTL_SECONDS = 10;
/** The same server's express invitation links: a quarter of a minute, so a journey can wait one out. */
export const SHORT_EXPRESS_LINK_SECONDS = 15;
/** A third server whose sign-in sessions end after a minute idle: the expiry dialog's journeys. */
const shortSessionPort = port + 2;
export const shortSessionBaseURL = `http://127.0.0.1:${shortSessionPort}`;
export const SHORT_SESSION_IDLE_MINUTES = 1;

/**
 * The sandbox mailbox's secret on every server (issue 30): the journeys read codes and links
 * with it (`mailboxHeaders` in support/seed.ts); anyone without it gets 401.
 */
export const SANDBOX_MAILBOX_SECRET =
  process.env.SANDBOX_MAILBOX_SECRET ?? 'e2e-sandbox-mailbox-secret-e2e-sandbox-mailbox';

const serverEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Short tokens, so the journeys can wait one out and watch the silent renewal.
  ACCESS_TOKEN_IDLE_SECONDS: '5',
  DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-')),
  // Links in mail and every redirect come from PUBLIC_URL, never from the Host header.
  PUBLIC_URL: baseURL,
  // Every journey registers from 127.0.0.1: the per-address bound would refuse them.
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
  // The API's rate limit (issue 30): the journeys share sign-ups across specs and workers, and
  // every caller without a token is 127.0.0.1; the limit itself is tested in the server suite
  // (apps/server/src/plugins/api-rate-limit.test.ts).
  RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  RATE_LIMIT_APPLICATIONS_PER_HOUR: '1000000',
  // A vendor's authorize page #/externalRedirect may leave for (the browser never reaches it:
  // the journey answers it itself).
  EXTERNAL_REDIRECT_ORIGINS: 'https://auth.bankvendor.example',
  // The journeys pass identity at any hour: the bureau's weekly maintenance is shown by the
  // client's clock, which the maintenance journey fixes (identity-desktop.spec.ts).
  BUREAU_MAINTENANCE_WINDOWS: 'false',
  SANDBOX_MAILBOX_SECRET,
};
if (process.env.E2E_DATABASE_URL) {
  serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;
  // No real vendors are configured in the tests: the sandboxes are asked for explicitly.
  serverEnv.SANDBOX_VENDORS = 'true';
  // A fixed test key: every instance on one database must share it (ADR 0008).
  serverEnv.DATA_ENCRYPTION_KEY ??=
    process.env.DATA_ENCRYPTION_KEY ?? 'ZTJlLXRlc3Qta2V5LWUyZS10ZXN0LWtleS0zMmJ5dGU=';
}

export default defineConfig({
  testDir: './tests',
  // The in-memory build's journeys run without a server (playwright.in-memory.config.ts).
  testIgnore: /[\\/]in-memory[\\/]/,
  forbidOnly: !!process.env.CI,
  outputDir: './test-results',
  fullyParallel: true,
  // Three on the two-core CI machine: a journey that waits (a code's expiry, a minute idle, a
  // poll) leaves a core free that a third worker uses. The whole suite in the headless shell:
  // 12.1 min with two workers, 10.1 with three, 199 passed both (ADR 0033).
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL,
    locale: 'en-CA',
    trace: 'off',
  },
  projects: [
    { name: 'journeys', grepInvert: fullBrowserTag, use: { launchOptions: journeyChromium } },
    { name: 'full-browser', grep: fullBrowserTag, use: { launchOptions: fullChromium } },
  ],
  webServer: [
    {
      command: 'node --import tsx src/main.ts',
      cwd: path.join(import.meta.dirname, '../apps/server'),
      url: `${baseURL}/healthz`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // On the machine's own Node when CI runs the rest on another (SECOND_NODE, .ci/run): the
      // embedded PGlite, the product's default, keeps serving journeys on the Node the machine
      // has (the server suite runs there on PostgreSQL: scripts/test-all.mjs, ADR 0034).
      command: `${secondNode} --import tsx src/main.ts`,
      cwd: path.join(import.meta.dirname, '../apps/server'),
      // Its loopback address: Node may try `localhost` over IPv6, where the server is not.
      url: `${shortCodeOtherAddress}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(shortCodePort),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-e2e-short-code-')),
        PUBLIC_URL: shortCodeBaseURL,
        CO_AUTH_CODE_TTL_SECONDS: String(SHORT_CODE_TTL_SECONDS),
        // Express invitation links live 15 s here: the expired-link journey waits one out.
        EXPRESS_INVITATION_TTL_SECONDS: String(SHORT_EXPRESS_LINK_SECONDS),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx src/main.ts',
      cwd: path.join(import.meta.dirname, '../apps/server'),
      url: `${shortSessionBaseURL}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(shortSessionPort),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-e2e-short-session-')),
        PUBLIC_URL: shortSessionBaseURL,
        SESSION_IDLE_MINUTES: String(SHORT_SESSION_IDLE_MINUTES),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
