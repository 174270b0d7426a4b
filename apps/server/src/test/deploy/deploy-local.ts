import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, databaseUrl, dropDatabase } from '../database-template.ts';
import { startProductionVendors, type ProductionVendors } from '../vendors/production-vendors.ts';
import { startLocalDeployment, type LocalDeployment } from './local-deployment.ts';

/**
 * `npm run deploy:local` (scripts/deploy-local.mjs) and its test: a fresh database on the
 * PostgreSQL server, two instances sharing it and one key ring, nginx in front over https. In
 * production mode (`--production`) NODE_ENV=production with SANDBOX_VENDORS off and every vendor
 * role on its contract fake; otherwise the sandbox vendors and the demo users.
 */
export interface DeployLocalOptions {
  /** The PostgreSQL server (its own database): a database of the run's own is made there. */
  postgresUrl: string;
  production: boolean;
  port?: number;
  /** Added to both instances' environment last (LOG_LEVEL, WEB_DIST_DIR, poll intervals...). */
  extraEnvironment?: Record<string, string>;
}

export interface DeployLocal {
  deployment: LocalDeployment;
  /** The contract fakes, in production mode. */
  vendors: ProductionVendors | undefined;
  databaseName: string;
  databaseUrl: string;
  folder: string;
  /** What the instances share (the key ring included): for a person's sandbox mailbox key. */
  environment: Record<string, string>;
  /** Stops nginx, the instances and the fakes, drops the database and removes the folder. */
  stop(): Promise<void>;
}

export async function deployLocal(options: DeployLocalOptions): Promise<DeployLocal> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-deploy-local-'));
  const databaseName = `deploy_local_${randomBytes(6).toString('hex')}`;
  let vendors: ProductionVendors | undefined;
  let deployment: LocalDeployment | undefined;
  let databaseCreated = false;
  const stop = async () => {
    try {
      await deployment?.stop();
    } finally {
      await vendors?.close();
      if (databaseCreated) await dropDatabase(options.postgresUrl, databaseName);
      rmSync(folder, { recursive: true, force: true });
    }
  };
  try {
    await createDatabase(options.postgresUrl, databaseName);
    databaseCreated = true;
    const url = databaseUrl(options.postgresUrl, databaseName);
    // One key ring and one APP_SECRET for both: what one instance sealed the other must open.
    const shared: Record<string, string> = {
      DATABASE_URL: url,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      APP_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
    };
    if (options.production) {
      vendors = await startProductionVendors(folder);
      Object.assign(shared, { NODE_ENV: 'production', SANDBOX_VENDORS: 'false' }, vendors.env);
    } else {
      Object.assign(shared, {
        SANDBOX_VENDORS: 'true',
        SEED_DEMO_USERS: 'true',
        SANDBOX_MAILBOX_SECRET: randomBytes(24).toString('hex'),
      });
    }
    const environment = { ...shared, ...options.extraEnvironment };
    deployment = await startLocalDeployment({
      folder,
      environment,
      ...(options.port !== undefined && { port: options.port }),
    });
    return {
      deployment,
      vendors,
      databaseName,
      databaseUrl: url,
      folder,
      environment,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
