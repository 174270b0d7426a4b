// What `npm run bench` and `scripts/profile-step-save.mjs` share: starting the server on a free
// loopback port with a fresh data folder, a PostgreSQL database made for the run, signing the
// demo client in through the real endpoints, and the step-save loop itself.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The load generator (autocannon ships no types: this is the part of its API the scripts use).
 * @type {(options: object) => Promise<{ requests: { average: number, total: number },
 *   latency: { p50: number, p99: number }, non2xx: number, errors: number, timeouts: number }>}
 */
export const autocannon = createRequire(import.meta.url)('autocannon');

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';
export const API = '/service/jaxrs';
/** The seeded demo client (apps/server/src/db/seed/seed-demo-users.ts; listed in the README). */
export const DEMO_CLIENT = {
  email: 'new.client@demo.laurentide.ca',
  password: 'Laurentide-Demo-2026',
};
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const STARTUP_TIMEOUT_MS = 180_000;

/** @returns {Promise<number>} */
export function freePort() {
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
 * One request over `agent`, its body read and parsed as JSON when it is JSON; never rejects on
 * an HTTP status, only on a network error.
 * @param {{ port: number, agent?: http.Agent, method?: string, path: string,
 *   headers?: http.OutgoingHttpHeaders, body?: string | object }} options
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: any, text: string }>}
 */
export function request({ port, agent, method = 'GET', path: urlPath, headers = {}, body }) {
  const payload =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const allHeaders = {
    ...(typeof body === 'object' && { 'content-type': 'application/json' }),
    ...(payload !== undefined && { 'content-length': Buffer.byteLength(payload) }),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: HOST, port, agent, method, path: urlPath, headers: allHeaders },
      (response) => {
        const chunks = /** @type {Buffer[]} */ ([]);
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = /json/.test(response.headers['content-type'] ?? '');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: json && text !== '' ? JSON.parse(text) : undefined,
            text,
          });
        });
      },
    );
    outgoing.setTimeout(120_000, () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Whether PostgreSQL answers at `url`. @param {string} url */
export async function postgresAnswers(url) {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The pg module as the server uses it (a dependency of the server workspace, hoisted). */
export async function loadPg() {
  const { default: pg } = await import(`file://${path.join(root, 'node_modules/pg/lib/index.js')}`);
  return pg;
}

/**
 * A database of its own for the run, `<prefix>_<pid>`, on the server at `url`; `drop()` removes
 * it (and any connection left to it).
 * @param {string} url @param {string} prefix
 */
export async function scratchDatabase(url, prefix) {
  const pg = await loadPg();
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * Starts the server from source (`node --import tsx src/main.ts`, as `npm start` does) on a free
 * loopback port with a fresh DATA_DIR, on PGlite or on `databaseUrl`, and waits for /healthz.
 * Without `webClient` it serves the API only (its WEB_DIST_DIR is the empty data folder), so
 * the figures never depend on a client build someone is rewriting.
 * @param {{ databaseUrl?: string, nodeArgs?: string[], env?: Record<string, string>,
 *   label?: string, webClient?: boolean }} [options]
 */
export async function startServer({
  databaseUrl,
  nodeArgs = [],
  env = {},
  label = 'server',
  webClient = false,
} = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const childEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...childEnv,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO_USERS: 'true',
      // One person makes every request of a measurement: the API's rate limit (issue 30) still
      // counts each one, as it would for many people, but refuses none.
      RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      RATE_LIMIT_APPLICATIONS_PER_HOUR: '100000000',
      ...(!webClient && { WEB_DIST_DIR: dataDir }),
      ...(databaseUrl && {
        DATABASE_URL: databaseUrl,
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        SANDBOX_VENDORS: 'true',
      }),
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const agent = new http.Agent({ keepAlive: true });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let healthyMs;
  const fail = (/** @type {string} */ reason) => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${label} ${reason}:\n${stderr}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw fail(`exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw fail('not healthy in time');
    const answer = await request({ port, agent, path: '/healthz' }).catch(() => undefined);
    if (answer?.status === 200) {
      healthyMs = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  agent.destroy();
  return {
    port,
    child,
    dataDir,
    healthyMs,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs someone in through the real endpoints (the sign-in form, then the OAuth authorize the
 * client calls) and answers their bearer token.
 * @param {number} port
 */
export async function signIn(port, { email, password } = DEMO_CLIENT) {
  const login = await request({
    port,
    method: 'POST',
    path: '/security/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  if (login.status !== 204) throw new Error(`sign-in answered ${login.status}: ${login.text}`);
  const cookies = [login.headers['set-cookie'] ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const authorize = await request({
    port,
    path: '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
    headers: { cookie: cookies },
  });
  if (authorize.status !== 200) throw new Error(`authorize answered ${authorize.status}`);
  return authorize.text.trim();
}

/** The step each client saves in the loop, and the answers saved before it. */
export const SAVED_STEP = 'goals';
/** @param {number} i */
export const goalsAnswer = (i) => ({ goals: [1 + (i % 3), 4] });

/**
 * Creates `count` applications for the token's owner, each with its ownership and "do you know
 * your account" (no) saved, and answers
 * their ids and versions: the save loop's starting point.
 * @param {number} port @param {string} token @param {number} count
 */
export async function prepareApplications(port, token, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const headers = { authorization: `Bearer ${token}` };
  const made = [];
  for (let i = 0; i < count; i++) {
    const created = await request({
      port,
      agent,
      method: 'POST',
      path: `${API}/applications`,
      headers,
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const { id } = created.body;
    const owned = await request({
      port,
      agent,
      method: 'PUT',
      path: `${API}/applications/${id}/steps/ownership`,
      headers,
      body: { version: created.body.version, data: { ownershipTypeId: 1 } },
    });
    if (owned.status !== 200) throw new Error(`ownership save answered ${owned.status}`);
    // Not knowing which account to open is what opens the goals step.
    const known = await request({
      port,
      agent,
      method: 'PUT',
      path: `${API}/applications/${id}/steps/doyouknow`,
      headers,
      body: { version: owned.body.version, data: { knowsAccount: false } },
    });
    if (known.status !== 200) throw new Error(`doyouknow save answered ${known.status}`);
    made.push({ id, version: known.body.version });
  }
  agent.destroy();
  return made;
}

/**
 * One save of `SAVED_STEP` of `application` at its current version, over `agent`; a network
 * failure is answered as status 0, never thrown.
 * @param {{ port: number, agent: http.Agent, token: string,
 *   application: { id: string, version: number }, data: object }} options
 */
export function saveStep({ port, agent, token, application, data }) {
  return request({
    port,
    agent,
    method: 'PUT',
    path: `${API}/applications/${application.id}/steps/${SAVED_STEP}`,
    headers: { authorization: `Bearer ${token}` },
    body: { version: application.version, data },
  }).catch(() => ({
    status: 0,
    headers: /** @type {http.IncomingHttpHeaders} */ ({}),
    body: undefined,
    text: '',
  }));
}

/** @param {number[]} sorted @param {number} q */
export function percentile(sorted, q) {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/**
 * The same saves driven by autocannon: `clients` connections, each saving an application taken
 * from a shared list of idle ones (one in flight per connection, so there is always one), with
 * the version each answer carries. On a two-core machine the load generator competes with the
 * server and the database for the processors; autocannon's client costs a fraction of
 * `node:http`'s per request, so less of the machine goes to asking. No refusal is waited out:
 * for PostgreSQL, where none is expected; the embedded database's figures use `saveLoop`.
 * @param {{ port: number, token: string, applications: { id: string, version: number }[],
 *   seconds: number, data?: (i: number) => object }} options
 */
export async function cannonSaveLoop({ port, token, applications, seconds, data = goalsAnswer }) {
  const idle = [...applications];
  /** Sent and not yet answered: the run may end first, and its answer is then never read. */
  const inFlight = new Set();
  let i = 0;
  const result = await autocannon({
    url: `http://${HOST}:${port}`,
    connections: applications.length,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'PUT',
        setupRequest(/** @type {any} */ request, /** @type {any} */ context) {
          const application = idle.pop();
          if (!application) throw new Error('more connections than applications');
          context.application = application;
          inFlight.add(application);
          return {
            ...request,
            path: `${API}/applications/${application.id}/steps/${SAVED_STEP}`,
            body: JSON.stringify({ version: application.version, data: data(i++) }),
          };
        },
        onResponse(
          /** @type {number} */ status,
          /** @type {string} */ body,
          /** @type {any} */ context,
        ) {
          const application = context.application;
          if (status === 200) application.version = JSON.parse(body).version;
          inFlight.delete(application);
          idle.push(application);
        },
      },
    ],
  });
  // A save cut off by the end of the run may have landed: its version is read again.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  await Promise.all(
    [...inFlight].map(async (application) => {
      const answer = await request({
        port,
        agent,
        path: `${API}/applications/${application.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (answer.status !== 200) throw new Error(`reading ${application.id}: ${answer.status}`);
      application.version = answer.body.version;
    }),
  );
  agent.destroy();
  return {
    perSecond: result.requests.average - result.non2xx / seconds,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/**
 * `clients` loops, each saving `SAVED_STEP` of its own application over its own keep-alive
 * connection for `seconds`, with the version each answer carries. Answers saves per second
 * and latency percentiles (ms); any answer but 200 counts as an error.
 * @param {{ port: number, token: string, applications: { id: string, version: number }[],
 *   seconds: number, data?: (i: number) => object }} options
 */
export async function saveLoop({ port, token, applications, seconds, data = goalsAnswer }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: applications.length });
  const latencies = /** @type {number[]} */ ([]);
  let errors = 0;
  // Each client's connection is open before the clock starts, as a browser's would be. (Opened
  // all at once while the embedded database is busy, the last few connections' first requests
  // were found waiting until the loop ended: a starvation of new connections, not of saves.)
  await Promise.all(applications.map(() => request({ port, agent, path: '/healthz' })));
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    applications.map(async (application, client) => {
      let i = client;
      while (performance.now() < until) {
        const begun = performance.now();
        const answer = await saveStep({ port, agent, token, application, data: data(i++) });
        latencies.push(performance.now() - begun);
        if (answer.status === 200) application.version = answer.body.version;
        else {
          errors++;
          // A 503 on the embedded database says when to come back; anything else, a pause.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: (latencies.length - errors) / elapsed,
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
}
