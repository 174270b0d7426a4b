import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightCounts, recordMinimums, shortfalls, vitestCounts } from './test-minimums.mjs';

const root = '/repo';
/** @param {string} name @param {...string} statuses */
const file = (name, ...statuses) => ({
  name: path.join(root, name),
  assertionResults: statuses.map((status) => ({ status })),
});

describe('the committed least numbers of tests', () => {
  it('counts the tests that ran per workspace, not the skipped ones', () => {
    const report = {
      testResults: [
        file('apps/web/src/ui/a.test.tsx', 'passed', 'failed', 'skipped'),
        file('apps/web/src/lib/b.test.ts', 'passed'),
        file('packages/domain/src/c.test.ts', 'pending', 'todo'),
        file('scripts/d.test.mjs', 'passed'),
      ],
    };
    expect(vitestCounts('vitest', root, report)).toEqual({
      'vitest: apps/web': 3,
      'vitest: packages/domain': 0,
      'vitest: scripts': 1,
    });
  });

  it('counts end-to-end tests per spec file, through nested describes', () => {
    const spec = (/** @type {string[]} */ ...statuses) => ({
      tests: statuses.map((status) => ({ status })),
    });
    const report = {
      suites: [
        {
          file: 'funding.spec.ts',
          specs: [spec('expected')],
          suites: [{ title: 'in French', specs: [spec('unexpected', 'flaky'), spec('skipped')] }],
        },
        { file: 'names.spec.ts', specs: [] },
      ],
    };
    expect(playwrightCounts('e2e', report)).toEqual({ 'e2e: funding.spec.ts': 3 });
  });

  it('names a part that ran fewer than its minimum, or none, of the suites that ran', () => {
    const minimums = {
      'vitest: apps/web': 540,
      'vitest: apps/server': 900,
      'e2e: names.spec.ts': 4,
      'postgres: apps/server': 800,
    };
    const counts = { 'vitest: apps/web': 539, 'vitest: apps/server': 950 };
    const ran = (/** @type {string} */ key) => !key.startsWith('postgres');
    expect(shortfalls(counts, minimums, ran)).toEqual([
      'vitest: apps/web ran 539 tests, at least 540 expected',
      'e2e: names.spec.ts ran 0 tests, at least 4 expected',
    ]);
  });

  it('raises the recorded minimums to what ran and never lowers one', () => {
    const where = path.join(mkdtempSync(path.join(tmpdir(), 'minimums-')), 'test-minimums.json');
    recordMinimums(where, { 'vitest: apps/web': 540, 'e2e: a.spec.ts': 2 });
    recordMinimums(where, { 'vitest: apps/web': 530, 'e2e: a.spec.ts': 3 });
    expect(JSON.parse(readFileSync(where, 'utf8'))).toEqual({
      'e2e: a.spec.ts': 3,
      'vitest: apps/web': 540,
    });
  });
});
