import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** What a browser sends when a person opens a page (a page cannot set these headers). */
const pageLoad = {
  accept: 'text/html,application/xhtml+xml',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'none',
};

describe('pages opened at another address than PUBLIC_URL (issue 30, item 12)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ publicUrl: 'http://localhost:8080' });
  });
  afterAll(() => test.close());

  it('moves a page opened at 127.0.0.1 to the same path on PUBLIC_URL', async () => {
    for (const url of ['/', '/index.html', '/security/login?returnTo=%2F', '/sandbox/mailbox']) {
      const response = await test.app.inject({
        url,
        headers: { ...pageLoad, host: '127.0.0.1:8080' },
      });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(`http://localhost:8080${url}`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('moves a page opened at the right name but another port', async () => {
    const response = await test.app.inject({
      url: '/',
      headers: { ...pageLoad, host: 'localhost:3000' },
    });
    expect(response.headers.location).toBe('http://localhost:8080/');
  });

  it('serves the page opened at PUBLIC_URL itself', async () => {
    const response = await test.app.inject({
      url: '/security/login',
      headers: { ...pageLoad, host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves a page a proxy says was asked for at PUBLIC_URL', async () => {
    const response = await test.app.inject({
      url: '/security/login',
      headers: { ...pageLoad, host: '10.0.0.5:8080', 'x-forwarded-host': 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers API calls, frames and non-browser clients where they asked', async () => {
    const elsewhere = { host: '127.0.0.1:8080' };
    const health = await test.app.inject({ url: '/healthz', headers: elsewhere });
    expect(health.statusCode).toBe(200);
    const api = await test.app.inject({
      url: '/service/jaxrs/references/countries',
      headers: { ...elsewhere, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
    });
    expect(api.statusCode).not.toBe(302);
    const frame = await test.app.inject({
      url: '/security/login',
      headers: { ...pageLoad, ...elsewhere, 'sec-fetch-dest': 'iframe' },
    });
    expect(frame.statusCode).toBe(200);
    const curl = await test.app.inject({
      url: '/security/login',
      headers: { ...elsewhere, accept: 'text/html' },
    });
    expect(curl.statusCode).toBe(200);
    const post = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...pageLoad, ...elsewhere, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%40example.com&password=x',
    });
    expect(post.statusCode).not.toBe(302);
  });
});
