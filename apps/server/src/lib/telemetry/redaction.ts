import type { Attributes, AttributeValue, SpanContext } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace';

type ExportResultCallback = Parameters<SpanExporter['export']>[1];

/**
 * What a span may carry out of the process (issue 36, ADR 0042). An allow-list, not a
 * deny-list: an attribute an instrumentation adds in a later version (a header, a body, a
 * parameter value, a client address) is dropped until someone decides it is safe. Addresses
 * keep their shape but lose what identifies a person or opens an account: the route template
 * when the span knows it, otherwise every path segment that is not a plain word and the whole
 * query string (identity-capture tokens, hand-off codes, reset tokens, vendor ids).
 */

const KEPT = new Set([
  'http.request.method',
  'http.method',
  'http.response.status_code',
  'http.status_code',
  'http.route',
  'http.flavor',
  'network.protocol.version',
  'network.protocol.name',
  'url.scheme',
  'server.address',
  'server.port',
  'net.peer.name',
  'net.peer.port',
  'net.host.port',
  'error.type',
  'db.system',
  'db.system.name',
  'db.name',
  'db.namespace',
  'db.operation',
  'db.operation.name',
  // The SQL text: drizzle sends every value as a parameter ($1, $2...), never inside the text,
  // and parameter values are never recorded (instrumentation-pg's enhancedDatabaseReporting
  // stays off).
  'db.statement',
  'db.query.text',
  'db.postgresql.plan',
  'fastify.type',
  'fastify.root',
  'hook.name',
  'hook.callback.name',
  'service.name',
]);

/** Attributes holding an address: kept, with their tokens taken out. */
const ADDRESSES = new Set(['url.full', 'url.path', 'url.original', 'http.url', 'http.target']);

/**
 * A path segment kept as it is: a word of the routes (`api`, `identityCapture`, `steps`). A
 * segment with a digit, a dot, an `@`, a `%` or more than 32 characters (every id, token, code
 * and address the portal or a vendor puts in a path) is replaced.
 */
const PLAIN_SEGMENT = /^[A-Za-z][A-Za-z_-]{0,31}$/;
/** A route template's parameter (`:id`), kept: it names the place, not the value. */
const PARAMETER = /^:[A-Za-z]\w{0,31}$/;
const plainSegment = (segment: string) => PLAIN_SEGMENT.test(segment) || PARAMETER.test(segment);

/** `path` with every segment that is not a plain word replaced by `:x`, and no query string. */
export function redactPath(path: string): string {
  const [beforeQuery = '', ...query] = path.split('?');
  const segments = beforeQuery
    .split('/')
    .map((segment) => (segment === '' || plainSegment(segment) ? segment : ':x'));
  return segments.join('/') + (query.length > 0 ? '?:x' : '');
}

/** An absolute or relative address with its path redacted (scheme, host and port kept). */
export function redactAddress(address: string, route?: string): string {
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i.exec(address);
  const origin = absolute?.[1] ?? '';
  const rest = (absolute ? absolute[2] : address)?.split('#')[0] ?? '';
  // Credentials in the authority (`https://user:secret@host`) never leave either.
  const safeOrigin = origin.replace(/\/\/[^@/]*@/, '//');
  const hasQuery = rest.includes('?');
  const path = route !== undefined ? route + (hasQuery ? '?:x' : '') : redactPath(rest);
  return safeOrigin + path;
}

function redactValue(key: string, value: AttributeValue, route?: string): AttributeValue {
  if (typeof value !== 'string') return value;
  if (key === 'http.route') return redactPath(value);
  return ADDRESSES.has(key) ? redactAddress(value, key === 'url.full' ? undefined : route) : value;
}

export function redactAttributes(attributes: Attributes): Attributes {
  const route = typeof attributes['http.route'] === 'string' ? attributes['http.route'] : undefined;
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (KEPT.has(key) || ADDRESSES.has(key) || key.startsWith('portal.')) {
      kept[key] = redactValue(key, value, route);
    }
  }
  return kept;
}

/** A span name with any address in it redacted (`GET /x/abc123` becomes `GET /x/:x`). */
export function redactSpanName(name: string): string {
  return name.replace(/(\S*\/\S*)/g, (address) => redactAddress(address));
}

/** Events keep their name and, for an exception, its type: its message may quote input. */
function redactEvent(event: TimedEvent): TimedEvent {
  const type = event.attributes?.['exception.type'];
  return {
    name: event.name,
    time: event.time,
    ...(event.droppedAttributesCount !== undefined && {
      droppedAttributesCount: event.droppedAttributesCount,
    }),
    attributes: typeof type === 'string' ? { 'exception.type': type } : {},
  };
}

/** A copy of `span` holding only what may leave the process. */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  const context: SpanContext = span.spanContext();
  return {
    name: redactSpanName(span.name),
    kind: span.kind,
    spanContext: () => context,
    ...(span.parentSpanContext && { parentSpanContext: span.parentSpanContext }),
    startTime: span.startTime,
    endTime: span.endTime,
    // A status message is an error's message, which may quote what was sent.
    status: { code: span.status.code },
    attributes: redactAttributes(span.attributes),
    links: span.links.map((link) => ({ context: link.context })),
    events: span.events.map(redactEvent),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** Hands `inner` redacted copies only: every exporter the server builds is wrapped in one. */
export class RedactingSpanExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: ExportResultCallback): void {
    this.inner.export(spans.map(redactSpan), resultCallback);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/** Several exporters fed the same batch (`OTEL_TRACES_EXPORTER=otlp,console`). */
export class SpanExporters implements SpanExporter {
  constructor(private readonly exporters: SpanExporter[]) {}

  export(spans: ReadableSpan[], resultCallback: ExportResultCallback): void {
    let pending = this.exporters.length;
    let failed: Parameters<ExportResultCallback>[0] | undefined;
    if (pending === 0) return resultCallback({ code: 0 });
    for (const exporter of this.exporters) {
      exporter.export(spans, (result) => {
        if (result.code !== 0) failed = result;
        pending -= 1;
        if (pending === 0) resultCallback(failed ?? result);
      });
    }
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.exporters.map((exporter) => exporter.shutdown()));
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.exporters.map((exporter) => exporter.forceFlush?.()));
  }
}
