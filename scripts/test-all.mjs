// `npm test`: every suite, then one line summing them all ("N passed, N failed").
//   1. Vitest: domain, server (on embedded PGlite) and web.
//   2. The server suite again on PostgreSQL, when one answers at TEST_DATABASE_URL
//      (default: the local server, postgres://postgres@127.0.0.1:5432/postgres).
//   3. Playwright end-to-end journeys in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-reports-'));
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** @type {{ suite: string, passed: number, failed: number, skipped: number }[]} */
const results = [];

/** @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

/** @param {string} suite @param {string} file @param {number} status */
function readVitest(suite, file, status) {
  if (!existsSync(file)) {
    results.push({ suite, passed: 0, failed: 1, skipped: 0 });
    console.error(`${suite}: no report (exit ${status})`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failedFiles = report.testResults.filter(
    (/** @type {{ status: string }} */ f) => f.status === 'failed',
  ).length;
  results.push({
    suite,
    passed: report.numPassedTests,
    // A file that fails to load has no failed test but must still count as a failure.
    failed: Math.max(report.numFailedTests, status === 0 ? 0 : failedFiles || 1),
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

/** @param {string} suite @param {string} file @param {number} status */
function readPlaywright(suite, file, status) {
  if (!existsSync(file)) {
    results.push({ suite, passed: 0, failed: 1, skipped: 0 });
    console.error(`${suite}: no report (exit ${status})`);
    return;
  }
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  results.push({
    suite,
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0),
    skipped: stats.skipped,
  });
}

async function postgresAnswers() {
  if (process.env.TEST_POSTGRES === 'off') return false;
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const vitestArgs = (/** @type {string} */ file) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

const unitReport = path.join(reports, 'vitest.json');
readVitest(
  'vitest (domain, server on PGlite, web)',
  unitReport,
  run('npx', vitestArgs(unitReport)),
);

if (await postgresAnswers()) {
  const pgReport = path.join(reports, 'vitest-postgres.json');
  const status = run('npx', [...vitestArgs(pgReport), '--project', 'server'], {
    TEST_DATABASE_URL: postgresUrl,
  });
  readVitest('vitest (server on PostgreSQL)', pgReport, status);
} else {
  console.log(`PostgreSQL did not answer at ${postgresUrl}: server suite ran on PGlite only.`);
}

if (process.env.SKIP_E2E === 'true') {
  console.log('SKIP_E2E=true: end-to-end suite not run.');
} else {
  const e2eReport = path.join(reports, 'playwright.json');
  readPlaywright(
    'playwright (end-to-end)',
    e2eReport,
    run('npm', ['run', 'test', '--workspace', 'e2e'], { E2E_JSON_REPORT: e2eReport }),
  );
}

console.log('\nSuites:');
for (const r of results) {
  console.log(`  ${r.suite}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
