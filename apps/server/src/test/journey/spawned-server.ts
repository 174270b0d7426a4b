import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server, started as `npm start` in apps/server starts it (`node --import tsx --import
 * ./src/lib/telemetry/register.ts src/main.ts`: tracing as the OTEL_* variables in `env` say),
 * on the Node running the tests (`process.execPath`: the machine's own Node in
 * the PostgreSQL pass, scripts/test-all.mjs), configured by the environment alone.
 */
export interface SpawnedServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  pid: number;
  /** What it wrote to stdout and stderr so far (its log), for a failure's message. */
  output(): string;
  /** SIGTERM to its own pid (then SIGKILL if it does not end), and waits for it to exit. */
  stop(): Promise<void>;
  /** Resolves with its exit code once it has exited (by itself, or after a signal). */
  exited: Promise<number | null>;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port the system says is free now, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Only what a process needs from the test's environment: no DATABASE_URL, SMTP_URL, ... */
function baseEnvironment(): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    const value = process.env[name];
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * Starts the server with `env` (which must hold HOST=127.0.0.1 and PORT) and resolves once
 * `/healthz` answers 200; rejects with the server's own output if it exits first or does not
 * answer within `timeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 90_000 }: { timeoutMs?: number } = {},
): Promise<SpawnedServer> {
  const url = `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`;
  const args = ['--import', 'tsx', '--import', './src/lib/telemetry/register.ts', 'src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...baseEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    // The log of a long journey is kept to its last part: a failure shows the end.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start (no pid)');

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
    }, 15_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  for (;;) {
    if (ended) {
      throw new Error(`the server exited (${child.exitCode}) before answering:\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid, output: () => output, stop, exited };
}
