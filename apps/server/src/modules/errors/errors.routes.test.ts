import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ERROR_REPORTS_PER_MINUTE } from './errors.service.ts';

describe('POST /service/jaxrs/errors', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const report = (payload: object, remoteAddress = '10.1.1.1') =>
    test.app.inject({ method: 'POST', url: '/service/jaxrs/errors', payload, remoteAddress });

  it('stores errorField, pageFailed and username without a bearer token', async () => {
    const response = await report({
      errorField: 'TypeError: x is undefined',
      pageFailed: '#/home/dashboard',
      username: 'camille@example.com',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await test.app.db.select({ n: count() }).from(errorReports);
    expect(row?.n).toBe(1);
  });

  it('refuses an oversized report', async () => {
    const response = await report({ errorField: 'x'.repeat(4001), pageFailed: '', username: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ errorField: 'invalid' });
  });

  it('limits each sender to a few reports a minute, others unaffected', async () => {
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i += 1) {
      expect((await report({ errorField: `e${i}` }, '10.9.9.9')).statusCode).toBe(201);
    }
    const limited = await report({ errorField: 'one too many' }, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect((await report({ errorField: 'elsewhere' }, '10.2.2.2')).statusCode).toBe(201);
  });
});
