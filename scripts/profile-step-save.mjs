// Where a step save spends the server's time (issue 18): starts the server from source under
// `node --cpu-prof` on a fresh embedded database (or, with --pg, a PostgreSQL database made for
// the run), signs the demo client in, prepares one application per client, runs the save loop
// of `npm run bench` for a while, stops the server (which writes its CPU profile) and prints the
// functions with the most self time during the loop, then the same time summed by package or
// source file, and the server's busy time per save. On a loaded machine, time the process spent
// descheduled inside a syscall counts as that call's (a socket's `writev`, `writeBuffer`).
//
// The profile itself stays in a temporary folder (printed; open it in Chrome's DevTools,
// Performance tab, or speedscope for the flame graph); it is never committed.
//
// With --users it profiles `GET users` with the demo client's bearer token instead, under
// autocannon's 50 connections (the bench's first figure), and prints the busy time per request.
//
// Options: --pg (PostgreSQL at --url, else TEST_DATABASE_URL or the local server), --users,
// --clients N (200), --seconds N (10), --top N (30).
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API,
  autocannon,
  cannonSaveLoop,
  DEFAULT_PG_URL,
  HOST,
  prepareApplications,
  root,
  saveLoop,
  scratchDatabase,
  signIn,
  startServer,
} from './bench-support.mjs';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    url: { type: 'string' },
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '30' },
    users: { type: 'boolean', default: false },
  },
});

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number },
 *   hitCount?: number, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[],
 *   startTime: number, endTime: number }} CpuProfile
 */

/** Where a frame's code lives: a package, a file of this repository, or V8's own buckets. */
function areaOf(/** @type {string} */ url, /** @type {string} */ name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scopeOrName, inner] = file.slice(modules + '/node_modules/'.length).split('/');
    return scopeOrName?.startsWith('@') ? `${scopeOrName}/${inner}` : (scopeOrName ?? file);
  }
  if (file.startsWith(root)) return path.relative(root, file);
  return file.startsWith('node:') ? 'node (core)' : file;
}

/**
 * Self time per function and per area, in ms, from the samples of a V8 CPU profile taken
 * between `from` and `to` (µs of the monotonic clock, which V8's profile and
 * process.hrtime share on Linux): the save loop alone, not the start.
 */
function selfTimes(
  /** @type {CpuProfile} */ profile,
  /** @type {number} */ from,
  /** @type {number} */ to,
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const functions = new Map();
  /** @type {Map<string, number>} */
  const areas = new Map();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const ms = delta / 1000;
    const node = byId.get(id);
    if (!node || at < from || at > to) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${areaOf(url, name)}:${lineNumber + 1}` : '';
    const key = where ? `${name}  ${where}` : name;
    functions.set(key, (functions.get(key) ?? 0) + ms);
    const area = areaOf(url, name);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    total += ms;
  });
  return { functions, areas, total };
}

function printTop(
  /** @type {string} */ title,
  /** @type {Map<string, number>} */ times,
  /** @type {number} */ total,
  /** @type {number} */ count,
) {
  console.log(`\n${title}`);
  const rows = [...times].sort((a, b) => b[1] - a[1]).slice(0, count);
  for (const [key, ms] of rows) {
    const share = ((ms / total) * 100).toFixed(1).padStart(5);
    console.log(`${share} %  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
  }
}

async function main() {
  const clients = Number(args.clients);
  const seconds = Number(args.seconds);
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'portal-step-save-profile-'));
  const pgUrl = args.url ?? process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL;
  const database = args.pg ? await scratchDatabase(pgUrl, 'profile') : undefined;
  /** @type {number | undefined} */
  let loopFrom;
  /** @type {number | undefined} */
  let loopTo;
  /** @type {number | undefined} */
  let saves;
  const server = await startServer({
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    ...(database && { databaseUrl: database.url }),
  }).catch(async (/** @type {unknown} */ error) => {
    await database?.drop();
    throw error;
  });
  try {
    const token = await signIn(server.port);
    if (args.users) {
      loopFrom = Number(process.hrtime.bigint() / 1000n);
      const result = await autocannon({
        url: `http://${HOST}:${server.port}${API}/users`,
        connections: 50,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      loopTo = Number(process.hrtime.bigint() / 1000n);
      saves = result.requests.total;
      console.log(
        `GET users, 50 connections, ${seconds} s: ${result.requests.average.toFixed(0)} req/s, ` +
          `${result.non2xx} non-2xx, ${result.errors} errors`,
      );
    } else {
      const applications = await prepareApplications(server.port, token, clients);
      loopFrom = Number(process.hrtime.bigint() / 1000n);
      // The bench's loop for the same database: autocannon on PostgreSQL, node:http on PGlite.
      const loop = args.pg ? cannonSaveLoop : saveLoop;
      const result = await loop({ port: server.port, token, applications, seconds });
      loopTo = Number(process.hrtime.bigint() / 1000n);
      saves = result.requests - result.errors;
      console.log(
        `${args.pg ? 'PostgreSQL' : 'PGlite'}: ${clients} clients, ${seconds} s: ` +
          `${result.perSecond.toFixed(0)} saves/s, p50 ${result.p50.toFixed(1)} ms, ` +
          `p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors`,
      );
    }
  } finally {
    // The server writes its profile as it exits (SIGTERM closes it cleanly).
    await server.stop();
    await database?.drop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file || !existsSync(path.join(profileDir, file))) {
    console.error(`no CPU profile was written in ${profileDir}`);
    process.exitCode = 1;
    return;
  }
  const profilePath = path.join(profileDir, file);
  /** @type {CpuProfile} */
  const profile = JSON.parse(readFileSync(profilePath, 'utf8'));
  const { functions, areas, total } = selfTimes(profile, loopFrom ?? 0, loopTo ?? Infinity);
  const top = Number(args.top);
  const idle = (functions.get('(idle)') ?? 0) + (functions.get('(program)') ?? 0);
  console.log(
    `profile: ${profilePath}\n${(total / 1000).toFixed(1)} s sampled during the loop; ` +
      `${((total - idle) / Math.max(saves ?? 1, 1)).toFixed(2)} ms of the server's CPU per ${args.users ? 'request' : 'save'}`,
  );
  printTop('Self time by function', functions, total, top);
  printTop('Self time by package or source file', areas, total, top);
}

await main();
