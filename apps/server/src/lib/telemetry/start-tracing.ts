import { register } from 'node:module';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { ConsoleSpanExporter } from '@opentelemetry/sdk-trace';
import { portalInstrumentations } from './instrumentations.ts';
import { RedactingSpanExporter, SpanExporters } from './redaction.ts';
import { markTracingStarted, traceExportersFromEnv } from './tracing-config.ts';

type Env = Record<string, string | undefined>;

/**
 * The modules whose ES-module imports the loader hook wraps so the instrumentations can patch
 * them; everything else loads untouched (the hook otherwise wraps every module of the server).
 * Needed for `node:http` (an ES import of a built-in escapes require-in-the-middle); `pg` and
 * `pino` are patched through `require` as well, and listed in case they are imported directly.
 * Fastify and `fetch` are traced from diagnostics channels, with no hook at all.
 */
const HOOKED_MODULES = ['pg', 'http', 'https', 'node:http', 'node:https', 'pino'];

async function exporterOf(name: 'otlp' | 'console', env: Env): Promise<SpanExporter> {
  if (name === 'console') return new ConsoleSpanExporter();
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol && protocol !== 'http/protobuf') {
    console.warn(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: only http/protobuf is built in; using it`,
    );
  }
  // Reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT, _COMPRESSION itself.
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}

/**
 * Starts the SDK: traces only (no OpenTelemetry metrics or logs: Prometheus has the metrics, and
 * log records would carry whatever a log line holds), every exporter behind the redaction.
 */
export async function startTracing(env: Env): Promise<{ shutdown(): Promise<void> }> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: HOOKED_MODULES },
  });
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const exporters = await Promise.all(
    traceExportersFromEnv(env).map((name) => exporterOf(name, env)),
  );
  const sdk = new NodeSDK({
    // One batch (its delay, size and timeout from OTEL_BSP_*), redacted before any exporter.
    traceExporter: new RedactingSpanExporter(new SpanExporters(exporters)),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: portalInstrumentations(),
  });
  sdk.start();
  // Sent when the graceful shutdown has drained the requests (main.ts), or at a natural end.
  markTracingStarted(() => sdk.shutdown());
  process.once('beforeExit', () => void sdk.shutdown().catch(() => undefined));
  return sdk;
}
