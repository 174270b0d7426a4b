import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/journey/spawned-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';

/** The instance's Prometheus metrics (issue 36). */

const TOKEN = 'metrics-token-metrics-token-metrics-01';
let test: TestApp;
let person: TestUser;

beforeAll(async () => {
  // With the embedded database's admission queue (ADR 0025), as a server has it on PGlite.
  test = await createTestApp({
    metricsToken: TOKEN,
    pgliteQueue: { maxActive: 4, maxWaitMs: 10_000 },
  });
  person = await signedInUser(test.app, 'metrics');
});
afterAll(() => test?.close());

const scrape = () =>
  test.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

describe('GET /metrics', () => {
  it('answers only the scraper that sends the token', async () => {
    expect((await test.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const wrong = await test.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('01', '02')}` },
    });
    expect(wrong.statusCode).toBe(404);
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route template, never by the path with its id', async () => {
    const id = randomUUID();
    const answer = await test.app.inject({
      url: `/service/jaxrs/applications/${id}`,
      headers: bearer(person.token),
    });
    expect(answer.statusCode).toBe(404);
    const text = (await scrape()).body;
    expect(text).toMatch(
      /portal_http_requests_total\{method="GET",route="\/service\/jaxrs\/applications\/:id",status="404"\} [1-9]/,
    );
    expect(text).toContain('portal_http_request_duration_seconds_bucket');
    expect(text).not.toContain(id);
  });

  it('reports each job’s passes and lag, and the outbox backlog', async () => {
    await test.app.settlement.runOnce();
    await test.app.auditChain.runOnce();
    const text = (await scrape()).body;
    expect(text).toMatch(/portal_job_passes_total\{job="settlement",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/portal_job_passes_total\{job="auditChain",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/portal_job_lag_seconds\{job="settlement"\} \d/);
    expect(text).toMatch(/portal_outbox_backlog \d+/);
    expect(text).toMatch(/portal_outbox_oldest_age_seconds \d/);
  });

  it('reports the payment files pass apart from the settlement that runs it', async () => {
    await test.app.settlement.runOnce();
    const text = (await scrape()).body;
    expect(text).toMatch(/portal_job_passes_total\{job="paymentFiles",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/portal_job_lag_seconds\{job="paymentFiles"\} \d/);
  });

  it("reports the database's load: the pool on PostgreSQL, the embedded queue on PGlite", async () => {
    const text = (await scrape()).body;
    if (process.env.TEST_DATABASE_URL) {
      expect(text).toMatch(/portal_db_pool_connections [1-9]/);
      expect(text).toMatch(/portal_db_pool_idle_connections \d/);
      expect(text).toMatch(/portal_db_pool_waiting_requests 0/);
    } else {
      // The requests before this scrape took their turn in the admission queue (ADR 0025).
      expect(text).toMatch(/portal_pglite_queue_active_requests \d/);
      expect(text).toMatch(/portal_pglite_queue_waiting_requests \d/);
      expect(text).toMatch(/portal_pglite_queue_wait_seconds_count [1-9]/);
      expect(text).toMatch(/portal_pglite_queue_wait_seconds_count [1-9]/);
    }
  });

  it('holds no email, name, token or password', async () => {
    const text = (await scrape()).body;
    for (const secret of [person.email, person.token, person.password, 'Martin', TOKEN]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on a listener of its own, token and all, and nothing else there', async () => {
    const port = await freePort();
    const apart = await createTestApp({
      metricsToken: TOKEN,
      metricsListener: { port, host: '127.0.0.1' },
    });
    try {
      await apart.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${port}`;
      const scraped = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('portal_http_requests_total');
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
      const other = await fetch(`${url}/healthz`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(other.status).toBe(404);
    } finally {
      await apart.close();
    }
  });
});
