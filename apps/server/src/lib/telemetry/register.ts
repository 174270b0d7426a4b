/**
 * Loaded with `node --import` before the application (issue 36, ADR 0042): when the `OTEL_*`
 * variables ask for traces, starts the OpenTelemetry SDK so its instrumentations are in place
 * before `pg`, `http`, `undici`, `pino` and Fastify load; otherwise does nothing more than read
 * the environment. `node --import tsx --import ./src/lib/telemetry/register.ts src/main.ts`.
 */
import { tracingWanted } from './tracing-config.ts';

// The environment read before config.ts can load (that would load `pg` and Fastify before their
// instrumentations); the OTEL_* variables are the SDK's own, declared in
// config-telemetry-variables.ts, and the SDK reads the rest of them from the environment itself.
// eslint-disable-next-line no-restricted-syntax -- see above
const environment = process.env;
if (tracingWanted(environment)) {
  const { startTracing } = await import('./start-tracing.ts');
  await startTracing(environment);
}
