/**
 * The environment variables read outside the server's configuration: by the client's build, the
 * test runners and the scripts. The server never sees them; docs/configuration.md lists them
 * after its own (config-page.ts), and config-page.test.ts checks that each is still read where
 * `readBy` says and that no file reads one missing here.
 */

export const toolingGroups = {
  build: 'Client build',
  tests: 'Tests',
  scripts: 'Scripts',
} as const;
export type ToolingGroup = keyof typeof toolingGroups;

export interface ToolingVariable {
  name: string;
  group: ToolingGroup;
  /** Files of the repository (from its root) that read it. */
  readBy: readonly string[];
  /** Markdown. */
  default: string;
  /** Markdown. */
  description: string;
}

export const toolingVariables: readonly ToolingVariable[] = [
  {
    name: 'VITE_IN_MEMORY_API',
    group: 'build',
    readBy: [
      'apps/web/src/lib/app-config.ts',
      'apps/web/src/in-memory/vite-plugin.ts',
      'apps/web/scripts/prerender.mjs',
    ],
    default: '(unset)',
    description:
      '`true` builds the client alone on sample data, its API answered in the browser ' +
      '(`npm run build:in-memory` sets it; ADR 0028); the version page then shows a warning',
  },
  {
    name: 'CI',
    group: 'tests',
    readBy: [
      'scripts/test-all.mjs',
      'e2e/playwright.config.ts',
      'e2e/playwright.in-memory.config.ts',
    ],
    default: '(unset)',
    description:
      'set (and not `false` or `0`; `.ci/run` sets `true`): `npm test` fails when the ' +
      'PostgreSQL server suite or the end-to-end suite did not run or ran no test, and focused ' +
      'tests (`.only`) are refused by lint, Vitest and Playwright',
  },
  {
    name: 'TEST_DATABASE_URL',
    group: 'tests',
    readBy: ['scripts/test-all.mjs', 'apps/server/src/test/test-app.ts', 'scripts/bench.mjs'],
    default: '`postgres://postgres@127.0.0.1:5432/postgres` (for `npm test` and `npm run bench`)',
    description:
      "the PostgreSQL server for the server suite's second run in `npm test` (each test app " +
      'gets a database of its own, dropped afterwards; set, a plain `vitest run` uses it too), ' +
      "and for `npm run bench`'s and `profile-step-save.mjs --pg`'s PostgreSQL half",
  },
  {
    name: 'TEST_POSTGRES',
    group: 'tests',
    readBy: ['scripts/test-all.mjs'],
    default: '(unset)',
    description: '`off` skips the server suite on PostgreSQL (a failure under `CI`)',
  },
  {
    name: 'SKIP_E2E',
    group: 'tests',
    readBy: ['scripts/test-all.mjs'],
    default: '(unset)',
    description: '`true` skips the Playwright journeys (a failure under `CI`)',
  },
  {
    name: 'SECOND_NODE',
    group: 'tests',
    readBy: ['scripts/test-all.mjs', '.ci/run', 'e2e/playwright.config.ts'],
    default: '(unset)',
    description:
      "another Node's executable: `npm test` runs its PostgreSQL pass (the domain and server " +
      "suites) on it, and the journeys' short-code server runs on it. `.ci/run` sets it to the " +
      "machine's own Node when that is not the version CI runs on (`.node-version`)",
  },
  {
    name: 'PORTAL_NODE_CACHE',
    group: 'tests',
    readBy: ['.ci/run'],
    default: '`~/.cache/portal-node`',
    description:
      "where `.ci/run` keeps the Node it installs from the npm registry's `node` package, at " +
      'the version in `.node-version`, outside the repository',
  },
  {
    name: 'E2E_PORT',
    group: 'tests',
    readBy: ['e2e/playwright.config.ts'],
    default: '`18080`',
    description:
      'the end-to-end server; the one whose joint codes expire in 10 seconds listens on the ' +
      'next port, the one whose sessions end after a minute idle on the one after',
  },
  {
    name: 'E2E_DATABASE_URL',
    group: 'tests',
    readBy: ['e2e/playwright.config.ts'],
    default: '(unset): the embedded database',
    description: 'run the end-to-end servers on this PostgreSQL server',
  },
  {
    name: 'DATA_ENCRYPTION_KEY',
    group: 'tests',
    readBy: ['e2e/playwright.config.ts'],
    default: 'a fixed test key',
    description: "with `E2E_DATABASE_URL`, the end-to-end servers' data-encryption key",
  },
  {
    name: 'E2E_DATA_DIR',
    group: 'tests',
    readBy: ['e2e/playwright.config.ts'],
    default: 'a new temporary folder',
    description: "the end-to-end servers' `DATA_DIR`",
  },
  {
    name: 'SANDBOX_MAILBOX_SECRET',
    group: 'tests',
    readBy: ['e2e/playwright.config.ts'],
    default: 'a fixed test value',
    description: "the end-to-end servers' mailbox key, which the journeys send",
  },
  {
    name: 'CHROMIUM_PATH',
    group: 'tests',
    readBy: ['e2e/support/browsers.ts', 'scripts/lighthouse.mjs'],
    default: '`/usr/bin/chromium`',
    description:
      "the browser Playwright and `npm run lighthouse` drive (Debian's Chromium: the tools " +
      'download none)',
  },
  {
    name: 'CHROMIUM_HEADLESS_SHELL_PATH',
    group: 'tests',
    readBy: ['e2e/support/browsers.ts'],
    default: '`/usr/bin/chromium-headless-shell` when installed',
    description:
      "the lighter browser the journeys run in (Debian's `chromium-headless-shell`, ADR 0033); " +
      '`off` runs them in `CHROMIUM_PATH`, as journeys tagged `@full-browser` always are',
  },
  {
    name: 'E2E_JSON_REPORT',
    group: 'tests',
    readBy: ['e2e/playwright.config.ts', 'scripts/test-all.mjs'],
    default: '(unset)',
    description:
      'where Playwright writes a JSON report besides its list; `npm test` sets it to sum the journeys',
  },
  {
    name: 'E2E_IN_MEMORY_PORT',
    group: 'tests',
    readBy: ['e2e/playwright.in-memory.config.ts'],
    default: '`28210`',
    description: "the static file server of the in-memory build's journeys",
  },
  {
    name: 'E2E_IN_MEMORY_JSON_REPORT',
    group: 'tests',
    readBy: ['e2e/playwright.in-memory.config.ts', 'scripts/test-all.mjs'],
    default: '(unset)',
    description: "the same report for the in-memory build's journeys",
  },
  {
    name: 'PORTAL_PGLITE_TEMPLATE',
    group: 'tests',
    readBy: ['apps/server/src/test/database-template.ts'],
    default: 'set by the run',
    description:
      "the server tests' migrated, seeded database dumped once per run, which each test app " +
      "copies; the suite's global setup sets it for its workers (never set it by hand)",
  },
  {
    name: 'PORTAL_POSTGRES_TEMPLATE',
    group: 'tests',
    readBy: ['apps/server/src/test/database-template.ts'],
    default: 'set by the run',
    description:
      'on PostgreSQL, the name of the migrated, seeded template database each test database is ' +
      "created from; the suite's global setup makes it, sets it and drops it (never set it by hand)",
  },
  {
    name: 'LIGHTHOUSE_PORT',
    group: 'scripts',
    readBy: ['scripts/lighthouse.mjs'],
    default: '`28190`',
    description: 'the loopback port of the server `npm run lighthouse` starts',
  },
  {
    name: 'DEPLOY_POSTGRES_URL',
    group: 'scripts',
    readBy: ['scripts/deploy-local.mjs'],
    default: '`TEST_DATABASE_URL`, else `postgres://postgres@127.0.0.1:5432/postgres`',
    description:
      'the PostgreSQL server on which `npm run deploy:local` makes the database of its two ' +
      'instances (dropped when it stops; ADR 0045)',
  },
  {
    name: 'BLOCK_TIMEOUT_MS',
    group: 'tests',
    readBy: ['scripts/run-operations-blocks.mjs'],
    default: '`300000`',
    description: 'how long one shell block of docs/operations.md may run in the runbook suite',
  },
  {
    name: 'BLOCK_SERVER_TIMEOUT_MS',
    group: 'tests',
    readBy: ['scripts/run-operations-blocks.mjs'],
    default: '`180000`',
    description:
      'how long the runbook suite waits for a block that starts a server (`sh server=URL`) to ' +
      'answer 200 at its address',
  },
  {
    name: 'UV_THREADPOOL_SIZE',
    group: 'scripts',
    readBy: ['scripts/bench-signin-burst.mjs'],
    default: "`4` (Node's own)",
    description:
      "Node's threadpool, which argon2 hashes on; `npm run bench:signin-burst` prints it " +
      'beside its figures',
  },
];
