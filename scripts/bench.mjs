// `npm run bench`: the figures of issue 18, side by side in one run, so that each is read as a
// ratio to a baseline measured moments before on the same loaded machine:
//
//   1. GET /service/jaxrs/users with a bearer token, 50 connections (autocannon), against a
//      bare Fastify hello world this script starts: on PGlite and on PostgreSQL.
//   2. step saves by 200 clients in a loop (autocannon's connections, each saving an application
//      of its own: figure 1's generator, which takes less of the shared processors per request
//      than node:http's client), against the same transaction (the statements the server sends
//      for a save) run directly through `pg` by 200 loops on a pool of the server's size, on the
//      same database: PostgreSQL only.
//   3. the same saves on the embedded PGlite: p99 / p50 of the saves that succeed (a refusal,
//      503 with Retry-After, is counted apart and waited out as a client would).
//   4. the server's first start to /healthz 200 from a fresh DATA_DIR (migrations and seeds; the
//      client build of `npm start` is not part of it).
//   5. arrivals (issue 37, scripts/bench-arrivals.mjs), on each database: the clients connect
//      all at once into the loaded server, none opened before the clock, while a fresh
//      connection asks for `/`, `/healthz` and the sign-in page every half second; printed with
//      their goals, and each second's saves (count, p50, p99) under the table.
//   6. what the audit chain costs the saves (issue 36, scripts/bench-audit-chain.mjs): saves with
//      the chain job beside them against saves with it off, and how fast the job links events.
//
// The server runs from source on a free loopback port with a fresh DATA_DIR; on PostgreSQL (at
// TEST_DATABASE_URL, else the local default) in a database of its own, `bench_<pid>`, dropped at
// the end. It prints a table with each goal and PASS or BELOW, and exits 0 whatever the figures:
// a benchmark, not a test. Options: --seconds N (10 per measurement), --clients N (200),
// --no-pg, --no-pglite, --audit-chain (the audit chain's figures alone).
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API,
  autocannon,
  cannonSaveLoop,
  DEFAULT_PG_URL,
  HOST,
  freePort,
  goalsAnswer,
  loadPg,
  postgresAnswers,
  prepareApplications,
  request,
  root,
  saveLoop,
  scratchDatabase,
  signIn,
  startServer,
  percentile,
} from './bench-support.mjs';
import { arrivalsUnderLoad, PROBED_PATHS, timelineLines } from './bench-arrivals.mjs';
import { auditChainRows } from './bench-audit-chain.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '200' },
    'no-pg': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    'audit-chain': { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const clients = Number(args.clients);
const CONNECTIONS = 50;
/** The server's pool (apps/server/src/db/client.ts): the baseline gets no more connections. */
const POOL_SIZE = 10;

/** @typedef {{ what: string, figure: string, ratio?: number, goal: string,
 *   pass?: boolean }} Row */
/** @type {Row[]} */
const rows = [];
const log = (/** @type {string} */ line) => console.error(`[bench] ${line}`);
const fixed = (/** @type {number} */ value, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A bare Fastify answering `{ hello: 'world' }`, in a process of its own like the server. */
async function startHelloWorld() {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '${HOST}' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries++) {
    const answer = await request({ port, path: '/' }).catch(() => undefined);
    if (answer?.status === 200) break;
    if (child.exitCode !== null || tries > 200) throw new Error('hello world did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Requests per second over `CONNECTIONS` connections for `seconds`, after a short warm-up.
 * @param {string} url @param {Record<string, string>} [headers]
 */
async function cannon(url, headers = {}) {
  const run = (/** @type {number} */ duration) =>
    autocannon({ url, connections: CONNECTIONS, duration, headers });
  await run(2);
  const result = await run(seconds);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) log(`${url}: ${bad} answers were not 2xx (or failed)`);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad,
  };
}

/**
 * The save the server makes, sent straight through `pg` by `clients` loops sharing a pool of
 * the server's size: BEGIN, the locking read with every step and the identity state, the one
 * statement writing the step, the application and the audit event, COMMIT (the SQL drizzle
 * renders in apps/server/src/modules/applications/applications.repo.ts, columns included; both
 * named prepared statements, as the server's reusable statements are).
 * With `former`, the shape before issue 18 (six statements): the lock, the steps, the upsert
 * sending the answer twice, the update, the audit insert and the identity read, each its own
 * round trip.
 * @param {string} url @param {string} ownerId
 * @param {{ id: string }[]} applications @param {{ former?: boolean }} [options]
 */
async function pgSaveLoop(url, ownerId, applications, { former = false } = {}) {
  const pg = await loadPg();
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const latencies = /** @type {number[]} */ ([]);
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const save = async (/** @type {string} */ id, /** @type {number} */ i) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const now = new Date().toISOString();
      const data = JSON.stringify(goalsAnswer(i));
      let version;
      if (former) {
        const locked = await client.query(
          `select "id", "owner_id", "status", "version", "ownership_type_id", "joint_user_id",
            "promo_code", "partner_agreement", "created_at", "updated_at" from "applications"
           where ("applications"."id" = $1 and "applications"."owner_id" = $2) limit $3 for update`,
          [id, ownerId, 1],
        );
        version = locked.rows[0].version + 1;
        await client.query(
          `select "application_id", "step", "data", "updated_at" from "application_steps"
           where "application_steps"."application_id" in ($1)`,
          [id],
        );
        await client.query(
          `insert into "application_steps" ("application_id", "step", "data", "updated_at")
           values ($1, $2, $3, $4) on conflict ("application_id","step")
           do update set "data" = $5, "updated_at" = $6`,
          [id, 'goals', data, now, data, now],
        );
        await client.query(
          `update "applications" set "status" = $1, "version" = $2, "ownership_type_id" = $3,
             "updated_at" = $4 where "applications"."id" = $5
           returning "id", "owner_id", "status", "version", "ownership_type_id", "joint_user_id",
             "promo_code", "partner_agreement", "created_at", "updated_at"`,
          ['continue', version, 1, now, id],
        );
        await client.query(
          `insert into "audit_events" ("id", "application_id", "actor_id", "action",
             "from_status", "to_status", "details", "created_at")
           values (default, $1, $2, $3, $4, $5, $6, default)`,
          [id, ownerId, 'stepSaved', 'continue', 'continue', JSON.stringify({ step: 'goals' })],
        );
        await client.query(
          `select "application_id", "role", "user_id", "state", "method", "verified_at"
           from "identity_verifications" where ("identity_verifications"."user_id" = $1
             and "identity_verifications"."application_id" in ($2))`,
          [ownerId, id],
        );
      } else {
        // Named, as the server sends them (reusable statements): parsed and planned once per
        // connection.
        const locked = await client.query({
          name: 'bench_lock_owned_with_steps',
          text: `select "applications"."id", "applications"."owner_id", "applications"."status",
             "applications"."version", "applications"."ownership_type_id",
             "applications"."joint_user_id", "applications"."promo_code",
             "applications"."partner_agreement", "applications"."created_at",
             "applications"."updated_at",
             (select json_object_agg("application_steps"."step", "application_steps"."data")
              from "application_steps"
              where "application_steps"."application_id" = "applications"."id"),
             (select "identity_verifications"."state" from "identity_verifications"
              where "identity_verifications"."application_id" = "applications"."id"
                and "identity_verifications"."user_id" = $1
                and "identity_verifications"."role" = 'primary' limit 1)
           from "applications"
           where ("applications"."id" = $2 and "applications"."owner_id" = $3)
           limit $4 for update of "applications"`,
          values: [ownerId, id, ownerId, 1],
        });
        version = locked.rows[0].version + 1;
        await client.query({
          name: 'bench_write_step_save',
          text: `with "saved_step" as (insert into "application_steps"
             ("application_id", "step", "data", "updated_at") values ($1, $2, $3, $4)
             on conflict ("application_id","step")
             do update set "data" = excluded.data, "updated_at" = excluded.updated_at),
           "audited" as (insert into "audit_events" ("id", "application_id", "actor_id",
             "action", "from_status", "to_status", "details", "created_at")
             values (default, $5, $6, $7, $8, $9, $10, default))
           update "applications" set "status" = $11, "version" = $12,
             "ownership_type_id" = $13, "updated_at" = $14
           where "applications"."id" = $15
           returning "id", "owner_id", "status", "version", "ownership_type_id",
             "joint_user_id", "promo_code", "partner_agreement", "created_at", "updated_at"`,
          values: [
            id,
            'goals',
            data,
            now,
            id,
            ownerId,
            'stepSaved',
            'continue',
            'continue',
            JSON.stringify({ step: 'goals', version }),
            'continue',
            version,
            1,
            now,
            id,
          ],
        });
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  let errors = 0;
  await Promise.all(
    applications.map(async ({ id }, index) => {
      let i = index;
      while (performance.now() < until) {
        const begun = performance.now();
        await save(id, i++).catch(() => errors++);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: (latencies.length - errors) / elapsed,
    errors,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

/** Who owns the applications the loops save (the demo client). @param {string} url @param {string} id */
async function ownerOf(url, id) {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: found } = await client.query('select owner_id from applications where id = $1', [
      id,
    ]);
    return /** @type {string} */ (found[0].owner_id);
  } finally {
    await client.end();
  }
}

/**
 * Saves per second in the arrivals phase before issue 37's change: the issue's figure on
 * PGlite; on PostgreSQL the first run of this phase (2026-11-29, 1,011 saves/s).
 */
const ARRIVALS_SAVES_GOAL = { PGlite: 540, PostgreSQL: 1000 };

/** Each second of the arrivals phase, printed under the table. @type {string[]} */
const timelines = [];

/**
 * Issue 37: every client connects at once into the loaded server, while a fresh connection
 * opens `/`, `/healthz` and the sign-in page every half second.
 * @param {string} label @param {number} port @param {string} token
 * @param {{ id: string, version: number }[]} applications
 */
async function measureArrivals(label, port, token, applications) {
  log(`${label}: ${applications.length} clients connecting at once, with probes, ${seconds} s`);
  const arrivals = await arrivalsUnderLoad({ port, token, applications, seconds });
  const probes = PROBED_PATHS.map(
    (probed) => `${probed} ${fixed(arrivals.probesByPath[probed]?.p99 ?? 0)}`,
  ).join(', ');
  rows.push({
    what: `${label}: a fresh GET of /, /healthz or the sign-in page during the saves, p99`,
    figure: `${fixed(arrivals.probes.p99)} ms (max ${fixed(arrivals.probes.max)}; ${probes}; ${arrivals.probes.count} asked${arrivals.probesFailed ? `, ${arrivals.probesFailed} failed` : ''})`,
    goal: '<= 500 ms',
    pass: arrivals.probesFailed === 0 && arrivals.probes.p99 <= 500,
  });
  const spread = arrivals.saves.p99 / arrivals.saves.p50;
  rows.push({
    what: `${label}: saves p99 / p50, ${applications.length} clients connecting during the load`,
    figure: `${fixed(arrivals.saves.p99)} / ${fixed(arrivals.saves.p50)} ms`,
    ratio: spread,
    goal: '<= 3x',
    pass: spread <= 3,
  });
  const busy = arrivals.firstRefusedWithRetryAfter;
  rows.push({
    what: `${label}: the slowest first save of a client connecting during the load`,
    figure: `${fixed(arrivals.firstSaves.max)} ms (p50 ${fixed(arrivals.firstSaves.p50)}; ${busy} answered 503 with Retry-After first; ${arrivals.neverSaved} neither)`,
    goal: '<= 2 s, or 503 + Retry-After',
    pass: arrivals.firstSaves.max <= 2000 && arrivals.neverSaved === 0,
  });
  const goal = ARRIVALS_SAVES_GOAL[/** @type {'PGlite' | 'PostgreSQL'} */ (label)];
  rows.push({
    what: `${label}: saves per second while the clients arrive`,
    figure: `${fixed(arrivals.perSecond)} saves/s (${arrivals.refused} refused 503, ${arrivals.failed} failed)`,
    goal: `>= ${goal} /s`,
    pass: arrivals.perSecond >= goal,
  });
  timelines.push(
    `${label}, each second of the arrivals phase:`,
    ...timelineLines(arrivals.timeline),
  );
}

/**
 * GET users on one database, the save loop (on PostgreSQL with its `pg`
 * baselines), then the arrivals phase.
 * @param {'PGlite' | 'PostgreSQL'} label @param {{ perSecond: number }} hello
 * @param {string} [databaseUrl]
 */
async function measure(label, hello, databaseUrl) {
  const options = { label, ...(databaseUrl && { databaseUrl }) };
  // The built client, so that `/` is the page a person gets; the API alone when there is none.
  const server = await startServer({ ...options, webClient: true }).catch(() =>
    startServer(options),
  );
  try {
    const token = await signIn(server.port);
    log(`${label}: GET users, ${CONNECTIONS} connections, ${seconds} s`);
    const users = await cannon(`http://${HOST}:${server.port}${API}/users`, {
      authorization: `Bearer ${token}`,
    });
    rows.push({
      what: `GET users (bearer) on ${label} / bare Fastify, ${CONNECTIONS} connections`,
      figure: `${fixed(users.perSecond)} / ${fixed(hello.perSecond)} req/s`,
      ratio: users.perSecond / hello.perSecond,
      goal: '>= 40 %',
      pass: users.perSecond / hello.perSecond >= 0.4,
    });

    log(`${label}: preparing ${clients} applications`);
    const applications = await prepareApplications(server.port, token, clients);
    log(`${label}: step saves, ${clients} clients, ${seconds} s`);
    // PostgreSQL's figure is a throughput: autocannon asks for less of the shared processors.
    // The embedded database's is a spread, with its refusals waited out as a client would.
    const loop = databaseUrl ? cannonSaveLoop : saveLoop;
    const saves = await loop({ port: server.port, token, applications, seconds });
    await measureArrivals(label, server.port, token, applications);
    const refused = saves.errors > 0 ? `, ${saves.errors} refused` : '';
    if (!databaseUrl) {
      const spread = saves.p99 / saves.p50;
      rows.push({
        what: `step saves on PGlite, ${clients} clients: p99 / p50`,
        figure: `${fixed(saves.p99, 1)} / ${fixed(saves.p50, 1)} ms (${fixed(saves.perSecond)} saves/s${refused})`,
        ratio: spread,
        goal: '<= 3x',
        pass: spread <= 3,
      });
      return;
    }
    const ownerId = await ownerOf(databaseUrl, applications[0]?.id ?? '');
    log(`${label}: the same transaction through pg, ${clients} loops, ${seconds} s`);
    const direct = await pgSaveLoop(databaseUrl, ownerId, applications);
    const share = saves.perSecond / direct.perSecond;
    rows.push({
      what: `step saves on PostgreSQL / the same transaction through pg, ${clients} clients`,
      figure: `${fixed(saves.perSecond)} / ${fixed(direct.perSecond)} saves/s (server p50 ${fixed(saves.p50, 1)} ms, p99 ${fixed(saves.p99, 1)} ms${refused})`,
      ratio: share,
      goal: '>= 50 %',
      pass: share >= 0.5,
    });
    log(`${label}: the former six-statement save through pg, ${seconds} s`);
    const former = await pgSaveLoop(databaseUrl, ownerId, applications, { former: true });
    rows.push({
      what: 'step saves on PostgreSQL / the former 6-statement save through pg (for reference)',
      figure: `${fixed(saves.perSecond)} / ${fixed(former.perSecond)} saves/s`,
      ratio: saves.perSecond / former.perSecond,
      goal: '(none)',
    });
  } finally {
    await server.stop();
  }
}

/** The server's first start on a fresh DATA_DIR, serving the built client when there is one. */
async function firstStart() {
  log('first start on a fresh DATA_DIR');
  const server = await startServer({ label: 'first start', webClient: true }).catch(() =>
    // The client build may be being rewritten by someone else: then the API alone.
    startServer({ label: 'first start' }),
  );
  await server.stop();
  rows.push({
    what: 'server start to /healthz 200 on a fresh DATA_DIR (PGlite: migrate + seed)',
    figure: `${fixed(server.healthyMs / 1000, 2)} s`,
    goal: '<= 5 s',
    pass: server.healthyMs <= 5000,
  });
}

function printTable() {
  const header = ['what', 'figure', 'ratio', 'goal', ''];
  const body = rows.map((row) => [
    row.what,
    row.figure,
    row.ratio === undefined
      ? ''
      : row.goal.includes('%') || row.goal === '(none)'
        ? `${fixed(row.ratio * 100, 1)} %`
        : `${fixed(row.ratio, 1)}x`,
    row.goal,
    row.pass === undefined ? '' : row.pass ? 'PASS' : 'BELOW',
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...body].map((cells) => (cells[column] ?? '').length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
  if (timelines.length > 0) console.log(`\n${timelines.join('\n')}`);
  console.log(
    `\n${os.cpus().length} CPUs, Node ${process.version}, ${seconds} s per measurement, ${new Date().toISOString()}`,
  );
}

async function main() {
  const pgUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL;
  const pgAnswers = !args['no-pg'] && (await postgresAnswers(pgUrl));
  if (args['audit-chain']) {
    rows.push(
      ...(await auditChainRows({
        seconds,
        clients,
        log,
        fixed,
        ...(pgAnswers && { pgUrl }),
      })),
    );
    printTable();
    return;
  }
  await firstStart();
  const hello = await startHelloWorld();
  log(`bare Fastify hello world, ${CONNECTIONS} connections, ${seconds} s`);
  const helloFigure = await cannon(`http://${HOST}:${hello.port}/`);
  await hello.stop();
  rows.push({
    what: `bare Fastify hello world, ${CONNECTIONS} connections (baseline)`,
    figure: `${fixed(helloFigure.perSecond)} req/s`,
    goal: '',
  });
  if (!args['no-pglite']) await measure('PGlite', helloFigure);
  if (pgAnswers) {
    const database = await scratchDatabase(pgUrl, 'bench');
    try {
      await measure('PostgreSQL', helloFigure, database.url);
    } finally {
      await database.drop();
    }
  } else if (!args['no-pg']) {
    log(`PostgreSQL does not answer at ${pgUrl}: its figures are left out`);
  }
  rows.push(
    ...(await auditChainRows({ seconds, clients, log, fixed, ...(pgAnswers && { pgUrl }) })),
  );
  printTable();
}

try {
  await main();
} catch (error) {
  // A benchmark that cannot run says why; its exit code never fails a build.
  console.error(error);
  printTable();
}
http.globalAgent.destroy();
process.exit(0);
