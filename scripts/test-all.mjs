// `npm test`: every suite, then one line summing them all ("N passed, N failed").
//   1. Vitest: domain, server (on embedded PGlite) and web.
//   2. The domain and server suites again on PostgreSQL, when one answers at TEST_DATABASE_URL
//      (default: the local server, postgres://postgres@127.0.0.1:5432/postgres), run by
//      SECOND_NODE when it is set (the machine's own Node under .ci/run).
//   3. Playwright end-to-end journeys in Debian's Chromium, then the in-memory build's journeys
//      (a static file server, no API server: ADR 0028).
//   4. The runbook: docs/operations.md's shell blocks on a fresh PostgreSQL database (ADR 0045).
// Under CI (CI set, and not "false" or "0"), a suite that did not run, or ran no test, counts as
// one failure with the reason and the fix beside it: a green line must mean every suite tested.
// Outside CI, a missing PostgreSQL or SKIP_E2E=true is only logged, so a laptop can run the rest.
// Each project and spec file must run at least its committed number of tests
// (test-minimums.json; `npm test -- --record-minimums` raises them after a green run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import {
  playwrightCounts,
  readMinimums,
  recordMinimums,
  shortfalls,
  vitestCounts,
} from './test-minimums.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-reports-'));
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Committed least numbers of tests per project and spec file (scripts/test-minimums.mjs). */
const minimumsFile = path.join(root, 'test-minimums.json');
const recordingMinimums = process.argv.includes('--record-minimums');
/** Tests that ran, per suite and part, read from each report. @type {Record<string, number>} */
const counts = {};
/** The suites whose reports were read, by the prefix of their keys in `counts`. */
const countedSuites = new Set();
/** CI=true turns the checks on (.ci/run sets it); an empty CI, "false" or "0" leaves them off. */
const ci = !['', 'false', '0'].includes(process.env.CI ?? '');

/** The URL as printed: CI logs are kept, so a password in TEST_DATABASE_URL must not appear. */
function withoutPassword(/** @type {string} */ url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(TEST_DATABASE_URL is not a URL)';
  }
}
const shownPostgresUrl = withoutPassword(postgresUrl);

/** @type {{ suite: string, passed: number, failed: number, skipped: number, seconds?: number, reason?: string, failures?: string[] }[]} */
const results = [];

/**
 * The first line of a failure's message, after ": ", without colour codes: the summary says why
 * a test failed even when only the end of the log is kept.
 * @param {string | undefined} message
 */
function firstLineOf(message) {
  const line =
    stripVTControlCharacters(String(message ?? ''))
      .trim()
      .split('\n')[0] ?? '';
  return line ? `: ${line.slice(0, 240)}` : '';
}

/** A file's path as printed: relative to the repository, so the names stay short. */
const shortPath = (/** @type {string} */ file) => path.relative(root, file) || file;

/**
 * A suite that did not run: under CI one failure whose reason says how to fix it, else a log
 * line (the other suites still run and count).
 * @param {string} suite @param {string} reason @param {string} fix
 */
function notRun(suite, reason, fix) {
  if (ci) {
    results.push({ suite, passed: 0, failed: 1, skipped: 0, reason: `not run: ${reason}; ${fix}` });
    console.error(`${suite}: not run under CI: ${reason}; ${fix}`);
  } else {
    console.log(`${reason}: ${suite} not run.`);
  }
}

/** How long the last suite took, in seconds: printed beside its counts (CI's time budget). */
let lastSeconds = 0;

/** @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  lastSeconds = Math.round((Date.now() - started) / 1000);
  return result.status ?? 1;
}

/**
 * A suite whose runner wrote no report (it crashed, or never started) counts as one failure.
 * @param {string} suite @param {string} file @param {number} status
 */
function noReport(suite, file, status) {
  if (existsSync(file)) return false;
  results.push({ suite, passed: 0, failed: 1, skipped: 0, reason: `no report (exit ${status})` });
  console.error(`${suite}: no report (exit ${status})`);
  return true;
}

/**
 * @param {string} suite @param {string} file @param {number} status
 * @param {string} countAs the key prefix of its counts (test-minimums.json)
 */
function readVitest(suite, file, status, countAs) {
  if (noReport(suite, file, status)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(counts, vitestCounts(countAs, root, report));
  countedSuites.add(countAs);
  const failedFiles = report.testResults.filter(
    (/** @type {{ status: string }} */ f) => f.status === 'failed',
  ).length;
  /** @type {string[]} */
  const failures = [];
  for (const file of report.testResults) {
    const failedTests = (file.assertionResults ?? []).filter(
      (/** @type {{ status: string }} */ t) => t.status === 'failed',
    );
    for (const test of failedTests) {
      failures.push(
        `${shortPath(file.name)} › ${test.fullName}${firstLineOf(test.failureMessages?.[0])}`,
      );
    }
    // A file that did not load has no test results, only its message.
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${shortPath(file.name)}: ${String(file.message ?? 'failed').split('\n')[0]}`);
    }
  }
  results.push({
    suite,
    failures,
    seconds: lastSeconds,
    passed: report.numPassedTests,
    // A file that fails to load has no failed test but must still count as a failure.
    failed: Math.max(report.numFailedTests, status === 0 ? 0 : failedFiles || 1),
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

/**
 * @param {string} suite @param {string} file @param {number} status
 * @param {string} countAs the key prefix of its counts (test-minimums.json)
 */
function readPlaywright(suite, file, status, countAs) {
  if (noReport(suite, file, status)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(counts, playwrightCounts(countAs, report));
  countedSuites.add(countAs);
  const { stats } = report;
  /** @type {string[]} */
  const failures = [];
  /** @param {any} suiteNode a Playwright JSON report suite (files, describes) */
  const walk = (suiteNode, /** @type {string[]} */ titles) => {
    const here =
      suiteNode.title && !suiteNode.file?.endsWith(suiteNode.title)
        ? [...titles, suiteNode.title]
        : titles;
    for (const spec of suiteNode.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const project = test.projectName ? ` [${test.projectName}]` : '';
        const last = test.results?.at(-1);
        const where = last?.error?.location ? ` at line ${last.error.location.line}` : '';
        failures.push(
          `${spec.file}:${spec.line}${project} › ${[...here, spec.title].join(' › ')}` +
            `${firstLineOf(last?.error?.message)}${where}`,
        );
      }
    }
    for (const child of suiteNode.suites ?? []) walk(child, here);
  };
  for (const top of report.suites ?? []) walk(top, []);
  for (const error of report.errors ?? []) {
    failures.push(`error: ${String(error.message ?? '').split('\n')[0]}`);
  }
  results.push({
    suite,
    failures,
    seconds: lastSeconds,
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0),
    skipped: stats.skipped,
  });
}

/** Why the PostgreSQL run cannot happen, or undefined when a server answers. */
async function postgresUnavailable() {
  if (process.env.TEST_POSTGRES === 'off') return 'TEST_POSTGRES=off';
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch {
    return `PostgreSQL did not answer at ${shownPostgresUrl}`;
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
  'vitest',
);

// The PostgreSQL pass: the domain and server suites on PostgreSQL. When CI runs the rest on
// another Node (.ci/run: Node 24 from the npm registry), this pass runs on the machine's own
// Node (SECOND_NODE, Node 20 while it is the machine's), so what the server runs on today keeps
// working there: one pass covers the other driver and the other Node (ADR 0034); the embedded
// PGlite gets the machine's Node in one of the journeys' servers (e2e/playwright.config.ts).
const secondNode = process.env.SECOND_NODE;
const postgresNode = secondNode
  ? spawnSync(secondNode, ['--version'], { encoding: 'utf8' }).stdout.trim()
  : process.version;
const postgresSuite = `vitest (domain and server on PostgreSQL, Node ${postgresNode})`;
const postgresProblem = await postgresUnavailable();
if (postgresProblem === undefined) {
  const pgReport = path.join(reports, 'vitest-postgres.json');
  const projects = ['--project', 'domain', '--project', 'server', '--project', 'server-isolated'];
  const env = { TEST_DATABASE_URL: postgresUrl };
  const status = secondNode
    ? run(
        secondNode,
        [
          path.join(root, 'node_modules/vitest/vitest.mjs'),
          ...vitestArgs(pgReport).slice(1),
          ...projects,
        ],
        env,
      )
    : run('npx', [...vitestArgs(pgReport), ...projects], env);
  readVitest(postgresSuite, pgReport, status, 'postgres');
} else {
  notRun(
    postgresSuite,
    postgresProblem,
    process.env.TEST_POSTGRES === 'off'
      ? 'unset TEST_POSTGRES'
      : 'start PostgreSQL there or point TEST_DATABASE_URL at one that answers',
  );
}

const e2eSuite = 'playwright (end-to-end)';
if (process.env.SKIP_E2E === 'true') {
  notRun(e2eSuite, 'SKIP_E2E=true', 'unset SKIP_E2E');
} else {
  const e2eReport = path.join(reports, 'playwright.json');
  readPlaywright(
    e2eSuite,
    e2eReport,
    run('npm', ['run', 'test', '--workspace', 'e2e'], { E2E_JSON_REPORT: e2eReport }),
    'e2e',
  );
  // The in-memory build walked with no server (ADR 0028): its own config, its own report.
  const inMemoryReport = path.join(reports, 'playwright-in-memory.json');
  readPlaywright(
    'playwright (in-memory build, no server)',
    inMemoryReport,
    run('npm', ['run', 'test:in-memory', '--workspace', 'e2e'], {
      E2E_IN_MEMORY_JSON_REPORT: inMemoryReport,
    }),
    'in-memory',
  );
}

// The runbook: every sh and bash block of docs/operations.md on a fresh PostgreSQL database
// (scripts/run-operations-blocks.mjs, ADR 0045), last, since its blocks run `npm install`.
const runbookSuite = 'runbook (docs/operations.md shell blocks on PostgreSQL)';
if (postgresProblem === undefined) {
  const runbookReport = path.join(reports, 'runbook.json');
  const status = run(
    process.execPath,
    ['scripts/run-operations-blocks.mjs', '--report', runbookReport],
    { TEST_DATABASE_URL: postgresUrl },
  );
  if (!noReport(runbookSuite, runbookReport, status)) {
    const report = JSON.parse(readFileSync(runbookReport, 'utf8'));
    results.push({ suite: runbookSuite, seconds: lastSeconds, ...report });
  }
} else {
  notRun(runbookSuite, postgresProblem, 'start PostgreSQL or point TEST_DATABASE_URL at one');
}

// A suite whose report says 0 passed and 0 failed ran nothing (every test skipped, or filtered
// out): under CI that is a failure, not a pass.
for (const r of results) {
  if (r.passed !== 0 || r.failed !== 0) continue;
  if (ci) {
    r.failed = 1;
    r.reason = 'ran no tests; find why its tests were skipped or not collected';
  } else {
    console.log(`${r.suite}: ran no tests.`);
  }
}

// Fewer tests than the committed minimum: a part went quiet (scripts/test-minimums.mjs).
const minimums = readMinimums(minimumsFile);
const short = shortfalls(counts, minimums, (key) => countedSuites.has(key.split(':')[0] ?? ''));
if (short.length > 0) {
  results.push({
    suite: 'test counts (test-minimums.json)',
    passed: 0,
    failed: short.length,
    skipped: 0,
    failures: short,
  });
}
if (recordingMinimums) {
  if (results.some((r) => r.failed > 0)) {
    console.log('Minimums not recorded: a suite failed.');
  } else {
    recordMinimums(minimumsFile, counts);
    console.log(`Minimums recorded in ${shortPath(minimumsFile)}.`);
  }
}

console.log('\nSuites:');
for (const r of results) {
  const reason = r.reason ? ` (${r.reason})` : '';
  const took = r.seconds === undefined ? '' : ` in ${r.seconds} s`;
  console.log(
    `  ${r.suite}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${took}${reason}`,
  );
  // The names of what failed, last in the log where a truncated report still shows them.
  for (const failure of r.failures ?? []) console.log(`    failed: ${failure}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
