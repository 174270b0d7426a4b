/**
 * Whether this process traces, decided from the standard `OTEL_*` variables alone (issue 36,
 * ADR 0042): only when an exporter is asked for. Without one the SDK is never loaded, so an
 * instance that nobody traces pays for nothing (no module hooks, no patched `pg` or `http`).
 */

type Env = Record<string, string | undefined>;

/** The exporters `OTEL_TRACES_EXPORTER` may name that this server can build. */
export type TraceExporterName = 'otlp' | 'console';

const set = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** The exporters asked for, empty when tracing is off. */
export function traceExportersFromEnv(env: Env): TraceExporterName[] {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return [];
  const named = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (named.includes('none')) return [];
  if (named.length > 0) {
    const known = named.filter((name): name is TraceExporterName =>
      ['otlp', 'console'].includes(name),
    );
    return [...new Set(known)];
  }
  // No exporter named: an OTLP endpoint alone turns tracing on (OTLP is the spec's default).
  const endpoint =
    set(env.OTEL_EXPORTER_OTLP_ENDPOINT) || set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  return endpoint ? ['otlp'] : [];
}

export function tracingWanted(env: Env): boolean {
  return traceExportersFromEnv(env).length > 0;
}

let started = false;
let shutdown: () => Promise<void> = async () => {};

/**
 * Said by whoever starts the SDK (start-tracing.ts, a test's tracer provider), with how to send
 * the spans still batched and stop it.
 */
export function markTracingStarted(shutdownSdk?: () => Promise<void>): void {
  started = true;
  if (shutdownSdk) shutdown = shutdownSdk;
}

/**
 * Sends the spans still batched and stops the SDK (nothing when tracing is off): the graceful
 * shutdown calls it after the last request in flight has finished, before the process exits,
 * so the spans of the requests drained are not lost.
 */
export function shutdownTracing(): Promise<void> {
  return shutdown().catch(() => undefined);
}

/** Whether spans may be recorded in this process: what is wrapped only for tracing asks this. */
export function tracingStarted(): boolean {
  return started;
}
