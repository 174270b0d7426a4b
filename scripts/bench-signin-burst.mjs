// `npm run bench:signin-burst`: how long the page, its script and its styles take while many
// people sign in at once. The security review found them taking about 19 s during 200
// concurrent sign-ins, because argon2 and file reads share libuv's threadpool (4 threads).
//
// It builds nothing: it needs apps/web/dist (`npm run build`). It starts the server from
// source on a free port with a fresh embedded database, waits for /healthz, then fires the
// sign-ins all at once while a few keep-alive connections fetch `/`, the entry script and
// the stylesheet in a loop until the last sign-in has answered. It prints one JSON summary.
//
// Options: --signins N (200), --static-connections N (4).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const HOST = '127.0.0.1';
/**
 * The burst stands for many different people behind the load balancer signing in at once: each
 * sign-in names its own account and comes from its own address (X-Forwarded-For from the
 * trusted proxy, 127.0.0.1), so neither the account nor the address throttle stops it before
 * argon2 runs. The accounts do not exist: the server then verifies against its decoy hash,
 * which costs the same argon2 time as a real account.
 */
const signInBody = (/** @type {number} */ i) =>
  new URLSearchParams({
    username: `bench.${i}@example.com`,
    password: 'Not-The-Password-2026',
  }).toString();
const clientAddress = (/** @type {number} */ i) => `198.18.${(i >> 8) & 255}.${i & 255}`;
const REQUEST_TIMEOUT_MS = 120_000;
const STARTUP_TIMEOUT_MS = 180_000;

const { values: args } = parseArgs({
  options: {
    signins: { type: 'string', default: '200' },
    'static-connections': { type: 'string', default: '4' },
  },
});
const signInCount = Number(args.signins);
const staticConnections = Number(args['static-connections']);

/** @typedef {{ status: number | 'error', ms: number }} Sample */

/** The entry script and stylesheet Vite wrote into index.html. */
function staticPaths() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const script = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  const style = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!script || !style) throw new Error('no entry script or stylesheet in dist/index.html');
  return ['/', script, style];
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One request, its body read to the end; never rejects, so a burst keeps counting.
 * @param {{ port: number, agent: http.Agent, method: string, path: string,
 *   headers?: http.OutgoingHttpHeaders, body?: string }} options
 * @returns {Promise<Sample>}
 */
function timedRequest({ port, agent, method, path: urlPath, headers = {}, body }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const fail = () => resolve({ status: 'error', ms: performance.now() - started });
    const request = http.request(
      { host: HOST, port, agent, method, path: urlPath, headers },
      (response) => {
        response.on('data', () => {});
        response.on('error', fail);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.on('error', fail);
    request.end(body);
  });
}

/** @param {number[]} values @param {number} q */
function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/** @param {Sample[]} samples */
function latency(samples) {
  const ms = samples.map((sample) => sample.ms);
  const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;
  return {
    p50: round(percentile(ms, 0.5)),
    p95: round(percentile(ms, 0.95)),
    max: round(Math.max(0, ...ms)),
  };
}

/** @param {Sample[]} samples */
function statusCounts(samples) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { status } of samples) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Fetches the paths in turn over a few keep-alive connections, as a browser loading the
 * page would, until `keepGoing` says stop.
 * @param {number} port @param {string[]} paths @param {() => boolean} keepGoing
 */
async function staticLoop(port, paths, keepGoing) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: staticConnections });
  /** @type {(Sample & { path: string })[]} */
  const samples = [];
  let next = 0;
  const worker = async () => {
    while (keepGoing()) {
      const urlPath = paths[next++ % paths.length] ?? '/';
      const sample = await timedRequest({
        port,
        agent,
        method: 'GET',
        path: urlPath,
        headers: { accept: urlPath === '/' ? 'text/html' : '*/*', 'accept-encoding': 'br, gzip' },
      });
      samples.push({ ...sample, path: urlPath });
    }
  };
  await Promise.all(Array.from({ length: staticConnections }, worker));
  agent.destroy();
  return samples;
}

/** @param {(Sample & { path: string })[]} samples @param {string[]} paths */
function staticSummary(samples, paths) {
  return {
    requests: samples.length,
    statusCounts: statusCounts(samples),
    latencyMs: latency(samples),
    // Files either come at once or wait behind every queued hash: this counts the second kind.
    slowerThan1s: samples.filter((sample) => sample.ms > 1000).length,
    byPath: Object.fromEntries(
      paths.map((urlPath) => [urlPath, latency(samples.filter((s) => s.path === urlPath))]),
    ),
  };
}

/** @param {number} port */
async function waitUntilHealthy(
  port,
  /** @type {import('node:child_process').ChildProcess} */ server,
) {
  const agent = new http.Agent();
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    const { status } = await timedRequest({ port, agent, method: 'GET', path: '/healthz' });
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy after ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** @param {import('node:child_process').ChildProcess} server */
async function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error('apps/web/dist is missing: build the client first with `npm run build`.');
    process.exit(1);
  }
  const paths = staticPaths();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const env = { ...process.env };
  // The embedded database in a fresh folder: the figures never depend on an old data set.
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    // The server's own logs go to stderr, so stdout carries only the summary.
    stdio: ['ignore', 2, 2],
    env: {
      ...env,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO_USERS: 'true',
      WEB_DIST_DIR: dist,
      TRUST_PROXY: '127.0.0.1',
    },
  });
  const interrupted = () => void stop(server).then(() => process.exit(130));
  process.once('SIGINT', interrupted);

  try {
    await waitUntilHealthy(port, server);
    const probe = new http.Agent({ keepAlive: true });
    for (const urlPath of paths) {
      const { status } = await timedRequest({ port, agent: probe, method: 'GET', path: urlPath });
      if (status !== 200)
        throw new Error(`GET ${urlPath} answered ${status}; is the client served?`);
    }
    probe.destroy();

    const signInAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const signIn = (/** @type {number} */ i) => {
      const body = signInBody(i);
      return timedRequest({
        port,
        agent: signInAgent,
        method: 'POST',
        path: '/security/login',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': clientAddress(i),
        },
        body,
      });
    };
    const warmUp = await signIn(65_535);
    if (warmUp.status !== 401) console.error(`warning: a single sign-in answered ${warmUp.status}`);

    let idleRequests = 0;
    const idle = await staticLoop(port, paths, () => idleRequests++ < 30);

    let burstRunning = true;
    const burstStarted = performance.now();
    const burst = Promise.all(Array.from({ length: signInCount }, (_, i) => signIn(i))).then(
      (samples) => {
        burstRunning = false;
        return { samples, wallMs: performance.now() - burstStarted };
      },
    );
    const [duringBurst, { samples, wallMs }] = await Promise.all([
      staticLoop(port, paths, () => burstRunning),
      burst,
    ]);
    signInAgent.destroy();

    const summary = {
      signIns: {
        concurrent: signInCount,
        statusCounts: statusCounts(samples),
        burstWallMs: Math.round(wallMs),
        latencyMs: latency(samples),
      },
      staticDuringBurst: { connections: staticConnections, ...staticSummary(duringBurst, paths) },
      staticIdle: staticSummary(idle, paths),
      machine: {
        node: process.version,
        cpus: os.cpus().length,
        uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? '4 (default)',
      },
    };
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    process.off('SIGINT', interrupted);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
