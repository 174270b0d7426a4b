import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stoplight Prism serving a vendor's own OpenAPI document in validation mode (`--errors`): a
 * request outside the document's schema (a missing or misspelt parameter, a wrong format, no
 * credentials) is answered with an error instead of a mock, so a contract test fails the
 * moment an adapter leaves the vendor's published contract.
 */
export interface PrismMock {
  url: string;
  close(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const prismBin = path.join(repoRoot, 'node_modules/.bin/prism');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts Prism on a free loopback port and resolves once it listens: a mock answering from the
 * document, or with `proxyTo` a validating proxy that forwards what the document allows to a
 * stand-in keeping state (and refuses, with `--errors`, what it does not).
 */
export async function startPrism(
  document: string,
  options: { proxyTo?: string } = {},
): Promise<PrismMock> {
  const port = await freePort();
  const mode = options.proxyTo ? ['proxy', document, options.proxyTo] : ['mock', document];
  const child: ChildProcess = spawn(
    prismBin,
    [...mode, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Prism is listening')) resolve();
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) =>
      reject(new Error(`prism exited (${code}): ${output.slice(-500)}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
