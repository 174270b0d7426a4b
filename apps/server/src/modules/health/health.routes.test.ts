import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /healthz', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('answers 200 once the database is migrated and seeded', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: test.app.dbDriver });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('sends security headers on every answer', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/service/jaxrs/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'notFound', message: 'Not found.' });
  });

  it('sends a person who followed a wrong link to the client not-found page', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/some/old/page',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/#/not-found');
  });
});

describe('GET /healthz/live and /healthz/ready (issue 36)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const ready = () => test.app.inject({ method: 'GET', url: '/healthz/ready' });

  it('says the process is live, and ready on a current database', async () => {
    const live = await test.app.inject({ method: 'GET', url: '/healthz/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const answer = await ready();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'current',
      draining: false,
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while draining, though still live', async () => {
    test.app.lifecycle.draining = true;
    try {
      const answer = await ready();
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'notReady', draining: true });
      expect((await test.app.inject({ method: 'GET', url: '/healthz/live' })).statusCode).toBe(200);
    } finally {
      test.app.lifecycle.draining = false;
    }
  });

  it('is not ready on a database missing a migration this code ships', async () => {
    await test.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ status: 'notReady', migrations: 'behind' });
  });
});
