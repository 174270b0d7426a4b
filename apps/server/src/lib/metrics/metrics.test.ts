import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';

/** The instance's Prometheus metrics (issue 36). */

const TOKEN = 'metrics-token-metrics-token-metrics-01';
let test: TestApp;
let person: TestUser;

beforeAll(async () => {
  test = await createTestApp({ metricsToken: TOKEN });
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

  it('holds no email, name, token or password', async () => {
    const text = (await scrape()).body;
    for (const secret of [person.email, person.token, person.password, 'Martin', TOKEN]) {
      expect(text).not.toContain(secret);
    }
  });
});
