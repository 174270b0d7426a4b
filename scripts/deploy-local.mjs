// `npm run deploy:local [-- --production] [-- --port N]`: two instances of the server on one
// PostgreSQL database behind Debian's nginx, which ends TLS with a certificate of a local CA
// made here with openssl (issue 36, ADR 0045). Prints the https address and the CA to trust;
// Ctrl-C or SIGTERM stops what it started (nginx, the instances, the vendor fakes, each by its
// own pid), drops the database it made and removes its folder.
//   --production  NODE_ENV=production, SANDBOX_VENDORS off, every vendor role on its contract
//                 fake (apps/server/src/test/vendors/production-vendors.ts)
//   --port N      the https port (default: a free one)
// The PostgreSQL server: DEPLOY_POSTGRES_URL, else TEST_DATABASE_URL, else the local default.
// Runs under tsx (package.json), which loads the TypeScript modules it shares with its test.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

// Loaded by its address, so the scripts' type check does not take in the server's sources.
const deployLocalModule = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/test/deploy/deploy-local.ts',
);
/**
 * What this script uses of apps/server/src/test/deploy/deploy-local.ts.
 * @typedef {{ url: string, pid: number, output(): string, exited: Promise<number | null> }} Process
 * @typedef {{ deployment: { url: string, certificates: { caFile: string }, nginx: Process,
 *   instances: Process[] }, databaseName: string, folder: string,
 *   environment: Record<string, string>, stop(): Promise<void> }} LocalDeployment
 * @type {{ deployLocal: (options: object) => Promise<LocalDeployment> }}
 */
const { deployLocal } = await import(pathToFileURL(deployLocalModule).href);

const { values } = parseArgs({
  options: { production: { type: 'boolean', default: false }, port: { type: 'string' } },
});
const postgresUrl =
  process.env.DEPLOY_POSTGRES_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

console.log(
  `Starting two instances and nginx (${values.production ? 'production mode, vendor fakes' : 'sandbox vendors'})…`,
);
const local = await deployLocal({
  postgresUrl,
  production: values.production,
  ...(values.port !== undefined && { port: Number(values.port) }),
  extraEnvironment: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
const { deployment } = local;
console.log(`
Open ${deployment.url}
  TLS ends at nginx (pid ${deployment.nginx.pid}) with a certificate of a local CA: trust
  ${deployment.certificates.caFile} (or start Chromium with --ignore-certificate-errors).
  Instances: ${deployment.instances.map((each) => `${each.url} (pid ${each.pid})`).join(', ')}
  Database: ${local.databaseName} (dropped on exit); nginx's access log names the instance of each
  request: ${local.folder}/nginx/nginx-access.log${
    local.environment.SANDBOX_MAILBOX_SECRET
      ? `\n  Sandbox mailbox: ${deployment.url}/sandbox/mailbox?key=${local.environment.SANDBOX_MAILBOX_SECRET}`
      : ''
  }
Ctrl-C stops everything.`);

let stopping = false;
const stop = async (/** @type {number} */ code) => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping nginx, the instances and the fakes…');
  await local.stop().catch((/** @type {unknown} */ error) => {
    console.error(error);
    code = 1;
  });
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
deployment.instances.forEach((instance, index) => {
  void instance.exited.then((code) => {
    if (stopping) return;
    console.error(
      `Instance ${index + 1} (pid ${instance.pid}) exited (${code}); nginx sends its requests to the other.\n` +
        instance.output().slice(-2000),
    );
  });
});
void deployment.nginx.exited.then((code) => {
  if (stopping) return;
  console.error(`nginx exited (${code}):\n${deployment.nginx.output()}`);
  void stop(1);
});
