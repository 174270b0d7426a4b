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
