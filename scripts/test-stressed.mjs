// `npm run test:stressed` (issue 32): the unit and server suites (Vitest: domain, server on
// PGlite, web, scripts) while two busy loops hold both cores of the machine, with retries off
// and the same timeouts as `npm test`: a test that passes only on a quiet machine fails here.
// Prints how long the run took; exits with Vitest's status.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const loops = Math.max(2, availableParallelism());
const busy = Array.from({ length: loops }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopLoops = () => busy.forEach((loop) => loop.kill('SIGKILL'));
process.on('exit', stopLoops);
process.on('SIGINT', () => process.exit(130));

console.log(`${loops} busy loops hold the machine's ${availableParallelism()} cores`);
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', '--retry=0', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
stopLoops();
console.log(`test:stressed took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(result.status ?? 1);
