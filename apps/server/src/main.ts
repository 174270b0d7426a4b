import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedDemoUsers } from './db/seed/seed-demo-users.ts';
import { seedReferenceData } from './db/seed/seed-reference-data.ts';
import { cipherFromConfig } from './lib/crypto/field-cipher-plugin.ts';

/** A configuration the server refuses stops it with the reason alone, not a stack trace. */
function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/**
 * When `npm start` is still building the client (scripts/start.mjs says so with the argument
 * --await-web-build and tells it is done over the IPC channel), the database is
 * migrated and seeded meanwhile, the two taking the machine's two cores, and the app, which
 * loads the built client into memory, is built once the build is done (issue 18). Answers the
 * database then opened; undefined when no build is under way.
 */
async function prepareWhileTheClientBuilds(config: AppConfig): Promise<DatabaseHandle | undefined> {
  if (!process.argv.includes('--await-web-build') || !process.send) return undefined;
  const built = new Promise<void>((resolve) => {
    process.on('message', (message) => {
      if (message === 'web-build-done') resolve();
    });
  });
  process.send('waiting-for-web-build');
  const database = await openDatabase(config.database);
  try {
    // The seeds buildApp runs; there they then find nothing left to do.
    await database.migrate(async (db) => {
      await seedReferenceData(db);
      if (config.seedDemoUsers) {
        await seedDemoUsers(db, cipherFromConfig(config.dataKey, config.appSecret));
      }
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  await built;
  // The channel has said all it had to: it must not keep the process alive on its own.
  process.channel?.unref();
  return database;
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnConfigError(error);
  }
})();
const prepared = await prepareWhileTheClientBuilds(config);
const app = await buildApp(config, prepared ? { database: prepared } : {}).catch(exitOnConfigError);
// buildApp closes only a database it opened itself.
if (prepared) app.addHook('onClose', () => prepared.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
