// `npm run bench:forgot-password`: whether forgot-password tells a known address from an
// unknown one by its timing (issue 30, B-F5; ASVS 6.3.8). The answer is the same either way;
// what a known address costs (a reset link written, a mail queued) is done after the answer.
//
// It starts the server from source on a free port with a fresh embedded database (or on
// PostgreSQL with --database-url), registers the known accounts, warms up, then sends the
// requests one at a time, known and unknown alternating, each to an address of its own, with a
// pause between them so that one request's after-work does not fall on the next. It prints the
// medians and their difference; the goal is under 1 ms.
//
// Options: --requests N (50 of each), --pause-ms N (25), --database-url postgres://...
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const STARTUP_TIMEOUT_MS = 180_000;

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '50' },
    'pause-ms': { type: 'string', default: '25' },
    'database-url': { type: 'string' },
  },
});
const count = Number(args.requests);
const pauseMs = Number(args['pause-ms']);

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

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * @param {number} port
 * @param {string} urlPath
 * @param {Record<string, string>} form
 * @returns {Promise<{ status: number, body: string, ms: number }>}
 */
function post(port, urlPath, form) {
  const body = new URLSearchParams(form).toString();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: HOST,
        port,
        agent,
        method: 'POST',
        path: urlPath,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * @param {number[]} values
 * @param {number} q
 */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] ?? 0;
  const high = sorted[Math.ceil(at)] ?? low;
  return low + (high - low) * (at - Math.floor(at));
}

/** @param {number[]} values */
const figures = (values) => ({
  requests: values.length,
  medianMs: Number(quantile(values, 0.5).toFixed(3)),
  p90Ms: Number(quantile(values, 0.9).toFixed(3)),
});

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-forgot-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    ...(args['database-url'] && {
      DATABASE_URL: args['database-url'],
      SANDBOX_VENDORS: 'true',
      NODE_ENV: 'development',
    }),
  },
});
try {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const healthy = await fetch(`http://${HOST}:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy');
    await sleep(250);
  }
  const run = `${process.pid}.${Date.now()}`;
  const known = Array.from({ length: count }, (_, i) => `known.${run}.${i}@example.com`);
  for (const email of known) {
    const created = await post(port, '/security/register', {
      email,
      password: 'Maple-Leaf-Harbour-2026',
      firstName: 'Bench',
      lastName: 'Known',
      language: 'en',
    });
    if (created.status !== 201) throw new Error(`registration answered ${created.status}`);
  }
  for (let i = 0; i < 10; i += 1) {
    await post(port, '/security/forgot-password', { email: `warmup.${run}.${i}@example.com` });
    await sleep(pauseMs);
  }
  /** @type {{ known: number[], unknown: number[] }} */
  const times = { known: [], unknown: [] };
  const bodies = new Set();
  for (let i = 0; i < count; i += 1) {
    // Alternate which goes first, so neither always follows the other's after-work.
    const order = i % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const kind of /** @type {('known' | 'unknown')[]} */ (order)) {
      const email =
        kind === 'known' ? `known.${run}.${i}@example.com` : `unknown.${run}.${i}@example.com`;
      const answer = await post(port, '/security/forgot-password', { email });
      if (answer.status !== 202) throw new Error(`forgot-password answered ${answer.status}`);
      bodies.add(answer.body);
      times[kind].push(answer.ms);
      await sleep(pauseMs);
    }
  }
  const summary = { known: figures(times.known), unknown: figures(times.unknown) };
  const difference = Math.abs(summary.known.medianMs - summary.unknown.medianMs);
  console.log(
    JSON.stringify(
      {
        database: args['database-url'] ? 'postgres' : 'pglite',
        ...summary,
        medianDifferenceMs: Number(difference.toFixed(3)),
        sameAnswer: bodies.size === 1,
        goal: 'median difference under 1 ms',
        met: difference < 1 && bodies.size === 1,
      },
      null,
      2,
    ),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
