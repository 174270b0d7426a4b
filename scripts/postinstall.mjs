// `postinstall` (npm ci, npm install): gets the product ready to start, so that `npm start` on a
// fresh clone only starts (issue 18, ADR 0026): the web client built (when missing or older than
// its sources) and the blank embedded database dumped, side by side. An install never fails
// for either: `npm start` builds a missing client itself, and a fresh DATA_DIR without the dump
// runs initdb. `npm ci --ignore-scripts` skips both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildIsFresh } from './ensure-web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} what @param {string} command @param {string[]} args */
function step(what, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.warn(`${what}: not done (${error.message}); npm start will do it.`);
      resolve(undefined);
    });
    child.on('exit', (code) => {
      if (code !== 0) console.warn(`${what}: not done (exit ${code}); npm start will do it.`);
      resolve(undefined);
    });
  });
}

await Promise.all([
  step('The blank embedded database', process.execPath, [
    '--import',
    'tsx',
    'apps/server/src/cli/prepare-blank-database.ts',
  ]),
  webBuildIsFresh()
    ? undefined
    : step('The web client build', 'npm', ['run', 'build', '--workspace', 'apps/web']),
]);
