import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

/** Probes and scrapes: a span each would drown the traces of what people do. */
const UNTRACED_PATHS = /^\/(healthz|metrics)(\/|\?|$)/;

/**
 * The server's instrumentations (issue 36, ADR 0042), each set so that nothing personal is
 * recorded in the first place; the exporter's redaction (redaction.ts) is the second line.
 */
export function portalInstrumentations(): Instrumentation[] {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
      // No header is copied onto spans (cookies, authorization, forwarded addresses).
      headersToSpanAttributes: { client: { requestHeaders: [], responseHeaders: [] } },
    }),
    // Fastify's own instrumentation: the request span gets the route template (`http.route`),
    // and every hook and handler a child span. Registered through the SDK, on Fastify's
    // `fastify.initialization` diagnostics channel: app.ts needs no plugin of its own.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (options: { url: string }) => UNTRACED_PATHS.test(options.url),
      recordExceptions: false,
      // It is built on its own copy of @opentelemetry/instrumentation (0.2xx, under
      // node_modules/@fastify/otel): the same interface, a different declared type.
    }) as unknown as Instrumentation,
    // Statement text only, never the values (enhancedDatabaseReporting stays off); no span for
    // a pool's connect outside a request.
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    new UndiciInstrumentation({ requireParentforSpans: false }),
    // Trace and span ids in each log line; log records are never sent anywhere by the SDK.
    new PinoInstrumentation({ disableLogSending: true }),
  ];
}
