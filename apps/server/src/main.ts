// First: V8's flags hold only for what is allocated after them.
import './runtime-flags.ts';
import { ConfigError, loadConfig, publicUrlOf, type AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { gracefulShutdown } from './lib/graceful-shutdown.ts';
import { shutdownTracing } from './lib/telemetry/tracing-config.ts';
import { startLine } from './start-line.ts';

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
 * --await-web-build and tells it is done over the IPC channel), the database is migrated and
 * seeded meanwhile, the two taking the machine's two cores, and the app, which loads the built
 * client into memory, is built once the build is done (issue 18). buildApp migrates and seeds
 * again and then finds nothing left to do.
 */
async function prepareWhileTheClientBuilds(config: AppConfig, database: DatabaseHandle) {
  if (!process.argv.includes('--await-web-build') || !process.send) return;
  const built = new Promise<void>((resolve) => {
    process.on('message', (message) => {
      if (message === 'web-build-done') resolve();
    });
  });
  process.send('waiting-for-web-build');
  const [{ seedReferenceData }, { seedDemoUsers }, { cipherFromConfig }] = await Promise.all([
    import('./db/seed/seed-reference-data.ts'),
    import('./db/seed/seed-demo-users.ts'),
    import('./lib/crypto/field-cipher-plugin.ts'),
  ]);
  await database.migrate(async (db) => {
    await seedReferenceData(db);
    if (config.seedDemoUsers) {
      await seedDemoUsers(db, cipherFromConfig(config.dataKey, config.appSecret));
    }
  });
  await built;
  // The channel has said all it had to: it must not keep the process alive on its own.
  process.channel?.unref();
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnConfigError(error);
  }
})();
// The database opens first (the embedded one reads and compiles its WebAssembly and, on a fresh
// DATA_DIR, runs initdb) while the server's modules load: the loader transpiles them on a
// thread of its own, so the two overlap (issue 18).
const opening = openDatabase(config.database);
// Its failure is reported where it is awaited, not as an unhandled rejection meanwhile.
opening.catch(() => undefined);
const { buildApp } = await import('./app.ts');
const database = await opening;
const app = await (async () => {
  try {
    await prepareWhileTheClientBuilds(config, database);
    return await buildApp(config, { database });
  } catch (error) {
    // buildApp may have closed it already (a failed migration).
    await database.close().catch(() => undefined);
    return exitOnConfigError(error);
  }
})();
// buildApp closes only a database it opened itself.
app.addHook('onClose', () => database.close());

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: a second signal during the shutdown (an impatient orchestrator) must not
  // end the process before the requests in flight are answered; the bound still holds.
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    void gracefulShutdown(app, signal, {
      drainMs: config.shutdown?.drainMs ?? 0,
      timeoutMs: config.shutdown?.timeoutMs ?? 25_000,
      exit: (code) => process.exit(code),
      // The spans of the requests just drained leave before the process does (ADR 0042).
      beforeExit: shutdownTracing,
    });
  });
}

await app.listen({ port: config.port, host: config.host });
// For a person, not the JSON log: the log may be shipped elsewhere, and this line holds the
// mailbox's key. With PORT=0 the address names the port the system chose.
const listening = app.server.address();
const port = typeof listening === 'object' && listening ? listening.port : config.port;
process.stdout.write(`${startLine(publicUrlOf({ ...config, port }), app.sandboxMailboxSecret)}\n`);
