import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { tracingStarted } from './tracing-config.ts';

/**
 * Spans for what `instrumentation-pg` cannot see (issue 36, ADR 0042): the BEGIN and COMMIT a
 * pooled connection sends inside another statement's write (ADR 0026), and every statement of
 * the embedded database, which does not go through `pg` at all. Each is a client span named and
 * attributed like instrumentation-pg's (`db.system.name`, `db.query.text`: the SQL text, never a
 * value), made only under a span that records: with tracing off, or outside a request, nothing
 * is created.
 */

const tracer = () => trace.getTracer('portal-database');

/** The first word of the statement, upper-cased (`SELECT`, `WITH`, `BEGIN`), as pg names spans. */
function operationOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
}

/** A statement span, or undefined when there is no recording span to hang it on. */
export function startStatementSpan(
  system: 'pg' | 'pglite',
  text: string,
  extra: Record<string, string | boolean> = {},
): Span | undefined {
  if (!trace.getActiveSpan()?.isRecording()) return undefined;
  const operation = operationOf(text);
  return tracer().startSpan(`${system}.query:${operation}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.text': text,
      ...extra,
    },
  });
}

/** Ends `span` as `error` says (the message stays out: it may quote a value). */
export function endStatementSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * Spans for the BEGIN and COMMIT that travel inside a statement's write on a pooled connection
 * (pipelined-transactions.ts): started when the statement is sent, ended when its answer
 * (which carries theirs) comes back. `portal.db.pipelined` tells them from BEGINs sent alone.
 */
export function pipelinedSpans(bundle: { begin: boolean; commit: boolean }) {
  if (!tracingStarted()) return () => {};
  const pipelined = { 'portal.db.pipelined': true };
  const spans = [
    bundle.begin ? startStatementSpan('pg', 'begin', pipelined) : undefined,
    bundle.commit ? startStatementSpan('pg', 'commit', pipelined) : undefined,
  ];
  return (error?: unknown) => spans.forEach((span) => endStatementSpan(span, error));
}
