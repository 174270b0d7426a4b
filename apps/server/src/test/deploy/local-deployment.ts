import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startServer, type SpawnedServer } from '../journey/spawned-server.ts';
import { httpsFetchTrusting } from './https-fetch.ts';
import { makeLocalCertificates, type LocalCertificates } from './local-certificates.ts';
import { startNginx, type RunningNginx } from './nginx.ts';

/**
 * Two instances of the real server on one PostgreSQL database behind nginx ending TLS with a
 * local CA's certificate (issue 36; ADR 0045): what `npm run deploy:local` brings up and what
 * deploy-local.test.ts walks through.
 */
export interface LocalDeploymentOptions {
  /** A folder of the deployment's own: certificates, nginx's files, each instance's DATA_DIR. */
  folder: string;
  /**
   * What both instances share: DATABASE_URL, the key ring, APP_SECRET, the vendors' settings,
   * NODE_ENV. HOST, PORT, DATA_DIR, TRUST_PROXY and PUBLIC_URL are set here.
   */
  environment: Record<string, string>;
  /** The https port (a free one when not given). */
  port?: number;
  instances?: number;
  /** Each instance's first start: migrating a fresh database on a busy machine takes a while. */
  startTimeoutMs?: number;
}

export interface LocalDeployment {
  /** `https://localhost:PORT`: PUBLIC_URL, where nginx answers. */
  url: string;
  certificates: LocalCertificates;
  /** `fetch` trusting the local CA. */
  fetch: typeof fetch;
  instances: SpawnedServer[];
  nginx: RunningNginx;
  /** The instance behind an upstream address of nginx's access log (`127.0.0.1:PORT`). */
  instanceAt(upstream: string): SpawnedServer | undefined;
  /** Stops nginx, then every instance still running (each by its own pid). */
  stop(): Promise<void>;
}

export async function startLocalDeployment(
  options: LocalDeploymentOptions,
): Promise<LocalDeployment> {
  const { folder, environment, instances: count = 2, startTimeoutMs = 150_000 } = options;
  const certificates = makeLocalCertificates(folder);
  const port = options.port ?? (await freePort());
  const url = `https://localhost:${port}`;
  const ports: number[] = [];
  for (let index = 0; index < count; index += 1) ports.push(await freePort());

  const started = await Promise.allSettled(
    ports.map((instancePort, index) => {
      const dataDir = path.join(folder, `instance-${index + 1}`);
      mkdirSync(dataDir, { recursive: true });
      return startServer(
        {
          ...environment,
          HOST: '127.0.0.1',
          PORT: String(instancePort),
          DATA_DIR: dataDir,
          // nginx, on this machine's loopback, is the only proxy whose X-Forwarded-* is believed.
          TRUST_PROXY: '127.0.0.1',
          PUBLIC_URL: url,
        },
        { timeoutMs: startTimeoutMs },
      );
    }),
  );
  const instances = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
  const failed = started.find((each) => each.status === 'rejected');
  if (failed) {
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    throw (failed as PromiseRejectedResult).reason;
  }

  const nginxFolder = path.join(folder, 'nginx');
  mkdirSync(nginxFolder, { recursive: true });
  const nginx = startNginx({ folder: nginxFolder, port, upstreamPorts: ports, certificates });
  const trusted = httpsFetchTrusting(readFileSync(certificates.caFile, 'utf8'));
  const stop = async () => {
    try {
      await nginx.stop();
    } finally {
      await Promise.allSettled(instances.map((instance) => instance.stop()));
    }
  };
  try {
    let nginxEnded = false;
    void nginx.exited.then(() => {
      nginxEnded = true;
    });
    const deadline = Date.now() + 30_000;
    const answers = () =>
      trusted(`${url}/healthz`).then(
        (answer) => answer.status === 200,
        () => false,
      );
    while (!(await answers())) {
      if (nginxEnded) throw new Error(`nginx exited:\n${nginx.output()}`);
      if (Date.now() > deadline)
        throw new Error(`nginx did not answer at ${url}:\n${nginx.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    certificates,
    fetch: trusted,
    instances,
    nginx,
    instanceAt: (upstream) => instances[ports.findIndex((each) => upstream.endsWith(`:${each}`))],
    stop,
  };
}
