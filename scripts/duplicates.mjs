// `npm run duplicates` (part of `npm run lint` and CI; issue 32): jscpd looks for code copied
// across the repository's sources (tests, migrations and catalogues apart: .jscpd.json) and
// fails on a clone that is not in the committed baseline (.jscpd-baseline.json), so duplicated
// logic does not creep back: make one piece of code serve both places instead.
//
//   npm run duplicates                 fails on a new clone
//   npm run duplicates -- --shrink     after removing clones: drops them from the baseline
//                                      (refused while there is a new one: it may only shrink)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scanned = ['apps', 'packages', 'scripts', 'e2e'];
const jscpd = (/** @type {string[]} */ extra) =>
  spawnSync(
    'npx',
    [
      'jscpd',
      ...scanned,
      '--config',
      '.jscpd.json',
      '--baseline',
      '.jscpd-baseline.json',
      '--reporters',
      'console',
      ...extra,
    ],
    { cwd: root, stdio: 'inherit' },
  ).status ?? 1;

const status = jscpd(['--fail-on-new-clones']);
if (status !== 0) {
  console.error(
    '\nA new clone of code (above, marked new): make one piece of code serve both places.',
  );
  process.exit(status);
}
if (process.argv.includes('--shrink')) process.exit(jscpd(['--update-baseline']));
