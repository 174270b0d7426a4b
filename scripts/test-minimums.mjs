// The least number of tests each part of `npm test` must run (issue 32): a whole project, or a
// spec file, that silently runs fewer (a describe skipped, a file no longer collected, a loop
// of cases emptied) fails the run instead of staying green. The figures are committed in
// test-minimums.json; `npm test -- --record-minimums` raises them to what a green run counted.
// Lowering one is a reviewed edit of that file, with the reason in the commit.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {Record<string, number>} Counts keyed by suite and part ("web: apps/web/src/ui") */

/**
 * Tests that ran (passed or failed, not skipped) per workspace folder of a Vitest JSON report:
 * `packages/domain`, `apps/server`, `apps/web`, `scripts`.
 * @param {string} suite @param {string} root
 * @param {{ testResults: { name: string, assertionResults?: { status: string }[] }[] }} report
 * @returns {Counts}
 */
export function vitestCounts(suite, root, report) {
  /** @type {Counts} */
  const counts = {};
  for (const file of report.testResults) {
    const relative = path.relative(root, file.name).split(path.sep);
    const part = relative
      .slice(0, ['apps', 'packages'].includes(relative[0] ?? '') ? 2 : 1)
      .join('/');
    const ran = (file.assertionResults ?? []).filter(
      (test) => test.status === 'passed' || test.status === 'failed',
    ).length;
    const key = `${suite}: ${part}`;
    counts[key] = (counts[key] ?? 0) + ran;
  }
  return counts;
}

/**
 * Tests that ran per spec file of a Playwright JSON report (its files relative to the test
 * directory).
 * @param {string} suite
 * @param {any} report a Playwright JSON report: suites of files, describes and specs
 * @returns {Counts}
 */
export function playwrightCounts(suite, report) {
  /** @type {Counts} */
  const counts = {};
  /** @param {any} node @param {string} file */
  const walk = (node, file) => {
    for (const spec of node.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'skipped') continue;
        const key = `${suite}: ${file}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    }
    for (const child of node.suites ?? []) walk(child, file);
  };
  for (const top of report.suites ?? []) walk(top, top.file ?? top.title);
  return counts;
}

/**
 * The parts that ran fewer tests than their committed minimum, or none at all.
 * @param {Counts} counts what ran @param {Counts} minimums committed
 * @param {(key: string) => boolean} ranSuite whether the suite of a key ran this time
 * @returns {string[]}
 */
export function shortfalls(counts, minimums, ranSuite) {
  return Object.entries(minimums)
    .filter(([key]) => ranSuite(key))
    .filter(([key, minimum]) => (counts[key] ?? 0) < minimum)
    .map(([key, minimum]) => `${key} ran ${counts[key] ?? 0} tests, at least ${minimum} expected`);
}

/** @param {string} file @returns {Counts} */
export const readMinimums = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};

/**
 * Raises the committed minimums to what ran (never lowers one: that is a reviewed edit).
 * @param {string} file @param {Counts} counts
 */
export function recordMinimums(file, counts) {
  const minimums = readMinimums(file);
  for (const [key, count] of Object.entries(counts)) {
    minimums[key] = Math.max(minimums[key] ?? 0, count);
  }
  const sorted = Object.fromEntries(
    Object.entries(minimums).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
