import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** A configuration the server refuses stops it with the reason alone, not a stack trace. */
function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnConfigError(error);
  }
})();
const app = await buildApp(config).catch(exitOnConfigError);

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
