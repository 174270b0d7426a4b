// `node scripts/run-operations-blocks.mjs [--report file.json] [--file other.md]`: runs the runbook. Every ```sh
// and ```bash block of docs/operations.md runs, in order, each in its own `bash -euo pipefail`
// from the repository's root, against a fresh PostgreSQL database made for the run and dropped
// after it, with everything made on the disk in a scratch folder (issue 36, ADR 0045). Blocks
// fenced ```text, ```console, ```sql (database-roles.test.ts runs the roles' SQL) or with no
// language are not run. A block fails the run with its heading and line.
//
// What the blocks get besides the machine's environment (a runbook block names these with
// defaults, `${BACKUP_DIR:-/var/backups/portal}`, so a person can run it as it is):
//   PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE  the fresh database, as libpq reads it (a
//                      block builds DATABASE_URL from them; none is inherited, so a block
//                      without one runs on the embedded database, as a person's would)
//   RESTORE_DATABASE   a database name for a restore (dropped after the run)
//   PORTAL_SCRATCH     the scratch folder; DATA_DIR, BACKUP_DIR and KEY_DIR are inside it
//   PORT               a free port for a server a block starts
// npm works offline (npm_config_offline): CI has just installed everything, so a block's
// `npm install` only checks the tree and runs its postinstall.
//
// A block that starts a server and keeps it running says where it answers in its fence:
// ```sh server=http://127.0.0.1:${PORT}/healthz  — the block runs in the background, in a
// process group of its own, until that address answers 200 (it passes), the block ends (it
// fails), or BLOCK_SERVER_TIMEOUT_MS passes (180 s; it fails); then its group gets SIGTERM
// (SIGKILL 15 s later) and the next block runs. A plain block has BLOCK_TIMEOUT_MS (300 s).
//
// The database is TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres).
// --report writes { passed, failed, skipped, failures } for scripts/test-all.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNBOOK = 'docs/operations.md';
const RUN_LANGUAGES = new Set(['sh', 'bash']);

/**
 * @typedef {{ index: number, line: number, heading: string, language: string,
 *   server: string | undefined, script: string }} Block
 */

/**
 * The runbook's fenced blocks that run: sh and bash, each with the heading it sits under and
 * the line of its opening fence (1-based). A fence's info string is its language, then
 * `server=URL` for a block that keeps a server running.
 * @param {string} markdown
 * @returns {Block[]}
 */
export function runnableBlocks(markdown) {
  /** @type {Block[]} */
  const blocks = [];
  const lines = markdown.split('\n');
  let heading = '(top)';
  /**
   * The block being read; `indent` is its fence's (a block in a list item), taken off its lines.
   * @type {{ fence: string, indent: number, info: string, line: number, body: string[] } | undefined}
   */
  let open;
  lines.forEach((text, index) => {
    if (open) {
      if (text.trim() === open.fence) {
        const [language = '', ...attributes] = open.info.split(/\s+/);
        if (RUN_LANGUAGES.has(language)) {
          const server = attributes.find((each) => each.startsWith('server='));
          blocks.push({
            index: blocks.length + 1,
            line: open.line,
            heading,
            language,
            server: server?.slice('server='.length),
            script: open.body.join('\n'),
          });
        }
        open = undefined;
      } else {
        const leading = /^ */.exec(text)?.[0].length ?? 0;
        open.body.push(text.slice(Math.min(leading, open.indent)));
      }
      return;
    }
    const fence = /^( {0,3})(`{3,}|~{3,})\s*(.*)$/.exec(text);
    if (fence) {
      open = {
        fence: fence[2] ?? '```',
        indent: fence[1]?.length ?? 0,
        info: (fence[3] ?? '').trim(),
        line: index + 1,
        body: [],
      };
      return;
    }
    const title = /^#{1,6}\s+(.*)$/.exec(text);
    if (title) heading = title[0].trim();
  });
  return blocks;
}

/**
 * `${NAME}`, `${NAME:-default}` and `$NAME` in a block's server address, from its environment,
 * as the shell would expand them.
 */
export function expandAddress(
  /** @type {string} */ address,
  /** @type {Record<string, string | undefined>} */ env,
) {
  return address.replace(/\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)/g, (_, braced, fallback, bare) => {
    const value = env[braced ?? bare];
    return value === undefined || value === '' ? (fallback ?? '') : value;
  });
}

function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    })
  );
}

/** Runs one statement on the server's own database. @param {string} url @param {string} sql */
async function onServer(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Runs a block in bash in a process group of its own; resolves with its exit code (null when a
 * signal ended it) and the end of its output, or, for a server block, once its address answers.
 * @param {Block} block @param {NodeJS.ProcessEnv} env
 */
async function runBlock(block, env) {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', block.script], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    process.stdout.write(chunk);
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(127));
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const group = /** @type {number} */ (child.pid);
  const stopGroup = async () => {
    if (ended) return;
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 15_000);
    await exited;
    clearTimeout(timer);
  };

  const timeoutMs = Number(
    block.server ? (env.BLOCK_SERVER_TIMEOUT_MS ?? 180_000) : (env.BLOCK_TIMEOUT_MS ?? 300_000),
  );
  const deadline = Date.now() + timeoutMs;
  if (!block.server) {
    const timer = setTimeout(() => void stopGroup(), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    return {
      ok: code === 0,
      why: code === null ? `timed out after ${timeoutMs} ms` : `exit ${code}`,
      output,
    };
  }
  const address = expandAddress(block.server, env);
  for (;;) {
    if (ended) {
      return { ok: false, why: `ended (exit ${await exited}) before ${address} answered`, output };
    }
    const status = await fetch(address).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) {
      await stopGroup();
      return { ok: true, why: `${address} answered 200`, output };
    }
    if (Date.now() > deadline) {
      await stopGroup();
      return { ok: false, why: `${address} did not answer 200 in ${timeoutMs} ms`, output };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main() {
  const { values } = parseArgs({
    options: { report: { type: 'string' }, file: { type: 'string', default: RUNBOOK } },
  });
  const runbook = values.file;
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const blocks = runnableBlocks(readFileSync(path.resolve(root, runbook), 'utf8'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-runbook-'));
  const database = `runbook_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(serverUrl);
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.MIGRATION_DATABASE_URL;
  /** @type {string[]} */
  const failures = [];
  let passed = 0;
  await onServer(serverUrl, `CREATE DATABASE ${database}`);
  try {
    for (const block of blocks) {
      const where = `${runbook}:${block.line} (${block.heading})`;
      console.log(`\n== block ${block.index}/${blocks.length}, ${where}`);
      /** @type {NodeJS.ProcessEnv} */
      const env = {
        ...inherited,
        PGHOST: url.hostname,
        PGPORT: url.port || '5432',
        PGUSER: decodeURIComponent(url.username || 'postgres'),
        PGPASSWORD: decodeURIComponent(url.password),
        PGDATABASE: database,
        RESTORE_DATABASE: `${database}_restored`,
        PORTAL_SCRATCH: scratch,
        DATA_DIR: path.join(scratch, 'data'),
        BACKUP_DIR: path.join(scratch, 'backups'),
        KEY_DIR: path.join(scratch, 'keys'),
        PORT: String(await freePort()),
        npm_config_offline: 'true',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      };
      const result = await runBlock(block, env);
      if (result.ok) {
        passed += 1;
        console.log(`-- block ${block.index}: ok (${result.why})`);
      } else {
        failures.push(`block ${block.index} at ${where}: ${result.why}`);
        console.error(`-- block ${block.index} at ${where} FAILED: ${result.why}`);
        // The blocks after a failed one build on it: what they would say is noise.
        break;
      }
    }
  } finally {
    const made = await onServer(
      serverUrl,
      `SELECT datname FROM pg_database WHERE datname LIKE '${database}%'`,
    );
    for (const { datname } of made.rows) {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
  const skipped = blocks.length - passed - failures.length;
  console.log(
    `\n${runbook}: ${passed} blocks passed, ${failures.length} failed${skipped ? `, ${skipped} not run after the failure` : ''}`,
  );
  for (const failure of failures) console.log(`  failed: ${failure}`);
  if (values.report) {
    writeFileSync(
      values.report,
      JSON.stringify({ passed, failed: failures.length, skipped, failures }),
    );
  }
  process.exit(failures.length > 0 || blocks.length === 0 ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
