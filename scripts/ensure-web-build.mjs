// Builds the web client when its build is missing or older than its sources, so `npm start`
// and the end-to-end suite always serve what the sources say without rebuilding every time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

/** @param {string} dir @returns {number} */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function webBuildIsFresh() {
  if (!existsSync(builtIndex)) return false;
  const sources = Math.max(newestMtime(web), newestMtime(path.join(root, 'packages/domain/src')));
  return statSync(builtIndex).mtimeMs >= sources;
}

export function ensureWebBuild() {
  if (webBuildIsFresh()) return;
  console.log('Building the web client…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild();
