import { SpanKind, SpanStatusCode, TraceFlags } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import {
  redactAddress,
  redactAttributes,
  redactPath,
  redactSpanName,
  RedactingSpanExporter,
} from './redaction.ts';

/** What a span may carry out of the process (issue 36, ADR 0042). */

const TOKEN = 'q3Xv9_Lm2ZrTt8yKpW4bN6cD1eF0gH5jA7sU2iO3kE';

function spanWith(attributes: ReadableSpan['attributes'], name = 'GET'): ReadableSpan {
  const context = {
    traceId: 'a'.repeat(32),
    spanId: 'b'.repeat(16),
    traceFlags: TraceFlags.SAMPLED,
  };
  return {
    name,
    kind: SpanKind.SERVER,
    spanContext: () => context,
    startTime: [1, 0],
    endTime: [2, 0],
    status: { code: SpanStatusCode.ERROR, message: 'invalid email camille@example.com' },
    attributes,
    links: [],
    events: [
      {
        name: 'exception',
        time: [1, 5],
        attributes: { 'exception.type': 'ZodError', 'exception.message': 'camille@example.com' },
      },
    ],
    duration: [1, 0],
    ended: true,
    resource: { attributes: {} } as unknown as ReadableSpan['resource'],
    instrumentationScope: { name: 'test' },
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

describe('redactPath', () => {
  it('keeps the words of a route and replaces ids, tokens, codes and addresses', () => {
    expect(redactPath(`/service/jaxrs/identityCapture/${TOKEN}/document`)).toBe(
      '/service/jaxrs/identityCapture/:x/document',
    );
    expect(redactPath('/v/K7MP3QWZ')).toBe('/v/:x');
    expect(redactPath('/applications/6f1c2b9e-0d4a-4c1e-9f7a-3b2c1d0e9f8a/steps/goals')).toBe(
      '/applications/:x/steps/goals',
    );
    expect(redactPath('/sandbox/mailbox/messages?to=camille%40example.com')).toBe(
      '/sandbox/mailbox/messages?:x',
    );
    expect(redactPath('/applications/:id/steps/:step')).toBe('/applications/:id/steps/:step');
  });
});

describe('redactAddress', () => {
  it('keeps the origin, drops credentials in it, and takes the route template when known', () => {
    expect(redactAddress('https://user:secret@api.ca.onfido.com/v3.6/applicants/abc123')).toBe(
      'https://api.ca.onfido.com/:x/applicants/:x',
    );
    expect(
      redactAddress(`/security/reset-password?token=${TOKEN}`, '/security/reset-password'),
    ).toBe('/security/reset-password?:x');
  });
});

describe('redactAttributes', () => {
  it('keeps only what is allowed: no header, body, client address or parameter value', () => {
    const kept = redactAttributes({
      'http.request.method': 'GET',
      'http.route': '/service/jaxrs/identityCapture/:credential',
      'url.path': `/service/jaxrs/identityCapture/${TOKEN}`,
      'url.query': `token=${TOKEN}`,
      'http.request.header.cookie': ['session=abc'],
      'http.request.header.authorization': ['Bearer abc'],
      'client.address': '203.0.113.7',
      'user_agent.original': 'Mozilla/5.0',
      'db.query.text': 'select * from users where email = $1',
      'db.postgresql.values': ['camille@example.com'],
      'portal.db.pipelined': true,
    });
    expect(kept).toEqual({
      'http.request.method': 'GET',
      'http.route': '/service/jaxrs/identityCapture/:credential',
      'url.path': '/service/jaxrs/identityCapture/:credential',
      'db.query.text': 'select * from users where email = $1',
      'portal.db.pipelined': true,
    });
  });
});

describe('RedactingSpanExporter', () => {
  it('hands its exporter copies without the status message, exception messages or raw names', async () => {
    const memory = new InMemorySpanExporter();
    const exporter = new RedactingSpanExporter(memory);
    await new Promise((resolve) =>
      exporter.export(
        [spanWith({ 'url.full': `https://portal.example/v/K7MP3QWZ` }, `GET /v/K7MP3QWZ`)],
        resolve,
      ),
    );
    const [span] = memory.getFinishedSpans();
    const text = JSON.stringify(span);
    expect(text).not.toContain('K7MP3QWZ');
    expect(text).not.toContain('camille@example.com');
    expect(span?.name).toBe('GET /v/:x');
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span?.events[0]?.attributes).toEqual({ 'exception.type': 'ZodError' });
    expect(redactSpanName('pg.query:SELECT portal')).toBe('pg.query:SELECT portal');
  });
});
