// What the audit trail's hash chain (issue 36, ADR 0040) costs the step saves, for
// `npm run bench`: the chain is made by a job beside the saves, never inside their
// transaction, so its cost is (1) the saves per second and p99 with the job linking every
// 200 ms beside them, against the same saves with the job off (AUDIT_CHAIN_POLL_MS=0), on the
// embedded database where the job and the saves share one connection; and (2) how fast the job
// links events already written, on each database (scripts/bench-audit-chain-worker.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  prepareApplications,
  root,
  saveLoop,
  scratchDatabase,
  signIn,
  startServer,
} from './bench-support.mjs';

const CHAINED_EVENTS = 5000;

/**
 * @param {{ seconds: number, clients: number, pgUrl?: string,
 *   log(line: string): void, fixed(value: number, digits?: number): string }} options
 * @returns {Promise<{ what: string, figure: string, ratio?: number, goal: string, pass?: boolean }[]>}
 */
export async function auditChainRows({ seconds, clients, pgUrl, log, fixed }) {
  /** @param {string} pollMs */
  const savesWith = async (pollMs) => {
    const server = await startServer({
      label: `audit chain every ${pollMs} ms`,
      env: { AUDIT_CHAIN_POLL_MS: pollMs },
    });
    try {
      const token = await signIn(server.port);
      const applications = await prepareApplications(server.port, token, clients);
      return await saveLoop({ port: server.port, token, applications, seconds });
    } finally {
      await server.stop();
    }
  };
  log(`PGlite: step saves by ${clients} clients with the audit chain off, ${seconds} s`);
  const off = await savesWith('0');
  log(`PGlite: the same saves with the chain linked every 200 ms, ${seconds} s`);
  const on = await savesWith('200');
  /** @type {{ what: string, figure: string, ratio?: number, goal: string, pass?: boolean }[]} */
  const rows = [
    {
      what: `PGlite: step saves with the audit chain linked every 200 ms / with it off, ${clients} clients`,
      figure: `${fixed(on.perSecond)} / ${fixed(off.perSecond)} saves/s (p99 ${fixed(on.p99)} / ${fixed(off.p99)} ms)`,
      ratio: on.perSecond / off.perSecond,
      goal: '>= 90 %',
      pass: on.perSecond / off.perSecond >= 0.9,
    },
  ];
  const targets = [{ label: 'PGlite', url: 'pglite', drop: async () => {} }];
  if (pgUrl) {
    const database = await scratchDatabase(pgUrl, 'bench_chain');
    targets.push({ label: 'PostgreSQL', url: database.url, drop: database.drop });
  }
  for (const target of targets) {
    try {
      log(`${target.label}: the chain job linking ${CHAINED_EVENTS} events`);
      const { events, ms } = await chainWorker(target.url);
      rows.push({
        what: `${target.label}: the audit chain job linking events already written`,
        figure: `${fixed((events / ms) * 1000)} events/s (${events} in ${fixed(ms)} ms)`,
        goal: '(none)',
      });
    } finally {
      await target.drop();
    }
  }
  return rows;
}

/** @param {string} databaseUrl @returns {Promise<{ events: number, ms: number }>} */
function chainWorker(databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'scripts/bench-audit-chain-worker.mjs'),
        databaseUrl,
        String(CHAINED_EVENTS),
      ],
      { cwd: path.join(root, 'apps/server'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the chain worker exited with ${code}`));
      else resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}'));
    });
  });
}
