import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, request as forward, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
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

/** What Prism answered one request: its path, status, and the violations it named if any. */
export interface PrismAnswer {
  path: string;
  status: number;
  violations?: string;
}

export interface RecordedPrism {
  /** Where the adapter is pointed: a loopback recorder in front of Prism. */
  url: string;
  /** Prism's answers, newest last: a request or answer outside the schema names why. */
  answers: PrismAnswer[];
  close(): Promise<void>;
}

/**
 * Prism (mock, or validating proxy to `proxyTo`) behind a loopback recorder that keeps each
 * answer's status and `sl-violations` header, so a test can require that nothing left the
 * schema. `basePath` is removed from each path first: a vendor serving its API under a base
 * path its document declares (DocuSign's `/restapi`) which Prism does not mount.
 */
export async function startRecordedPrism(
  document: string,
  options: { proxyTo?: string; basePath?: string } = {},
): Promise<RecordedPrism> {
  const prism = await startPrism(document, options.proxyTo ? { proxyTo: options.proxyTo } : {});
  const prismUrl = new URL(prism.url);
  const answers: PrismAnswer[] = [];
  const base = options.basePath;
  const server: Server = createHttpServer((incoming, outgoing) => {
    const asked = incoming.url ?? '/';
    const target = base && asked.startsWith(`${base}/`) ? asked.slice(base.length) : asked;
    const proxied = forward(
      {
        host: prismUrl.hostname,
        port: prismUrl.port,
        method: incoming.method,
        path: target,
        headers: incoming.headers,
      },
      (answer) => {
        const violations = answer.headers['sl-violations'];
        answers.push({
          path: target.split('?')[0] ?? target,
          status: answer.statusCode ?? 0,
          ...(typeof violations === 'string' && { violations }),
        });
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await prism.close();
    },
  };
}
