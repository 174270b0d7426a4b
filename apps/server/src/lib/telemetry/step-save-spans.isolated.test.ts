import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalInstrumentations } from './instrumentations.ts';
import { RedactingSpanExporter } from './redaction.ts';
import { markTracingStarted } from './tracing-config.ts';

/**
 * A step save's trace (issue 36, ADR 0042): the request's span holds the save's statements as
 * descendants, the transaction's BEGIN and COMMIT included. On PostgreSQL they come from
 * instrumentation-pg, with BEGIN and COMMIT pipelined inside the statements' writes (ADR 0026)
 * and spanned by pipelined-transactions.ts; on PGlite, which never goes through `pg`, from the
 * embedded database's own spans (embedded-database-spans.ts). Isolated: the SDK patches `pg`
 * and registers global providers, which no other test file should inherit.
 */

const exported = new InMemorySpanExporter();
const sdk = new NodeSDK({
  spanProcessors: [new SimpleSpanProcessor({ exporter: new RedactingSpanExporter(exported) })],
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: portalInstrumentations(),
});
sdk.start();
markTracingStarted();
// Loaded only now, so `pg` and the app load under the instrumentations.
const { createTestApp } = await import('../../test/test-app.ts');
const { signedInUser } = await import('../../test/users.ts');
const { createApplication, saveStep } = await import('../../test/applications.ts');

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
  await sdk.shutdown();
});

const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const textOf = (span: ReadableSpan) =>
  String(span.attributes['db.query.text'] ?? span.attributes['db.statement'] ?? '');

/** Every span under `root` in the exported trace, at any depth. */
function descendantsOf(root: ReadableSpan, spans: ReadableSpan[]): ReadableSpan[] {
  const found: ReadableSpan[] = [];
  const parents = new Set([idOf(root)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const span of spans) {
      const parent = span.parentSpanContext?.spanId;
      if (parent && parents.has(parent) && !parents.has(idOf(span))) {
        parents.add(idOf(span));
        found.push(span);
        grew = true;
      }
    }
  }
  return found;
}

describe("a step save's trace", () => {
  it('holds the save’s statements, BEGIN and COMMIT included, under its request span', async () => {
    const person = await signedInUser(test.app, 'traced');
    const created = await createApplication(test.app, person.token);
    const owned = await saveStep(test.app, person.token, created.id, 'ownership', created.version, {
      ownershipTypeId: 1,
    });
    exported.reset();
    await saveStep(test.app, person.token, created.id, 'doyouknow', owned.version, {
      knowsAccount: true,
    });
    const spans = exported.getFinishedSpans();
    const request = spans.find(
      (span) =>
        span.attributes['http.route'] === '/service/jaxrs/applications/:id/steps/:step' &&
        span.parentSpanContext === undefined,
    );
    expect(request, spans.map((span) => span.name).join(', ')).toBeDefined();
    const statements = descendantsOf(request!, spans).filter((span) => textOf(span) !== '');
    const texts = statements.map(textOf);

    expect(texts.some((text) => /for update of "applications"/i.test(text))).toBe(true);
    expect(texts.some((text) => /^with "saved_step" as \(insert/i.test(text))).toBe(true);
    const control = statements.filter((span) => /^(begin|commit)$/i.test(textOf(span).trim()));
    expect(control.map((span) => textOf(span).trim().toLowerCase()).sort()).toEqual([
      'begin',
      'commit',
    ]);
    const scopes = new Set(statements.map((span) => span.instrumentationScope.name));
    if (onPostgres) {
      expect(scopes).toContain('@opentelemetry/instrumentation-pg');
      // The connection prepared BEGIN and COMMIT in an earlier transaction: both travel
      // inside the save's two statements, and their spans say so.
      expect(control.map((span) => span.attributes['portal.db.pipelined'])).toEqual([true, true]);
    } else {
      expect(statements.every((span) => span.name.startsWith('pglite.query:'))).toBe(true);
    }
  });

  it('carries no application id, token or parameter value', async () => {
    const person = await signedInUser(test.app, 'private');
    const created = await createApplication(test.app, person.token);
    exported.reset();
    await saveStep(test.app, person.token, created.id, 'ownership', created.version, {
      ownershipTypeId: 1,
    });
    const text = JSON.stringify(
      exported.getFinishedSpans().map((span) => [span.name, span.attributes, span.events]),
    );
    expect(text).toContain('/service/jaxrs/applications/:id/steps/:step');
    for (const secret of [created.id, person.token, person.email]) {
      expect(text).not.toContain(secret);
    }
  });
});
