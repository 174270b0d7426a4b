// `npm start`: builds the client if needed, then runs the server (migrates and seeds on start).
// A needed build runs beside the server's start: the server migrates and seeds its database
// meanwhile and loads the client once the build is done (issue 18; apps/server/src/main.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildIsFresh } from './ensure-web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const building = !webBuildIsFresh();

// The telemetry bootstrap loads before the server: it starts tracing only when OTEL_* asks.
const telemetry = ['--import', './src/lib/telemetry/register.ts'];
const args = [
  '--import',
  'tsx',
  ...telemetry,
  'src/main.ts',
  ...(building ? ['--await-web-build'] : []),
];
const server = spawn(process.execPath, args, {
  cwd: path.join(root, 'apps/server'),
  // A fourth descriptor, the IPC channel, carries "the build is done".
  stdio: building ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data') },
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
let buildFailed = false;
server.on('exit', (code) => process.exit(buildFailed ? 1 : (code ?? 0)));

if (building) {
  console.log('Building the web client…');
  // "Done" goes once the build is over and the server listens for it (it says "waiting"):
  // a message sent before the server has a listener would be lost.
  const serverWaits = new Promise((resolve) => {
    server.on('message', (message) => {
      if (message === 'waiting-for-web-build') resolve(undefined);
    });
  });
  const build = spawn('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  build.on('exit', async (code) => {
    if (code !== 0) {
      console.error('The web client did not build; stopping.');
      buildFailed = true;
      server.kill('SIGTERM');
      return;
    }
    await serverWaits;
    if (server.connected) server.send('web-build-done', () => server.disconnect());
  });
}
