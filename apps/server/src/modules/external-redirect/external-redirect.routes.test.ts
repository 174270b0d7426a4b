import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp } from '../../test/test-app.ts';

describe('EXTERNAL_REDIRECT_ORIGINS (issue 17)', () => {
  it('keeps origins only, once each', () => {
    const config = loadConfig({
      EXTERNAL_REDIRECT_ORIGINS:
        ' https://auth.bankvendor.example , https://id.vendor.example:8443,https://auth.bankvendor.example/',
    });
    expect(config.externalRedirectOrigins).toEqual([
      'https://auth.bankvendor.example',
      'https://id.vendor.example:8443',
    ]);
    expect(loadConfig({}).externalRedirectOrigins).toBeUndefined();
    expect(
      loadConfig({ EXTERNAL_REDIRECT_ORIGINS: 'http://localhost:9000' }).externalRedirectOrigins,
    ).toEqual(['http://localhost:9000']);
  });

  it.each([
    ['plain http off loopback', 'http://auth.bankvendor.example', /https/],
    ['a path', 'https://auth.bankvendor.example/oauth', /origin only/],
    ['a user', 'https://me@auth.bankvendor.example', /origin only/],
    ['not an address', 'auth.bankvendor.example', /not an origin/],
  ])('refuses %s, naming the variable', (_what, value, reason) => {
    expect(() => loadConfig({ EXTERNAL_REDIRECT_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ EXTERNAL_REDIRECT_ORIGINS: value })).toThrow(reason);
  });
});

describe('GET /service/jaxrs/externalRedirect/origins', () => {
  it('answers the configured origins to anyone, cacheable', async () => {
    const test = await createTestApp({
      externalRedirectOrigins: ['https://auth.bankvendor.example'],
    });
    try {
      const response = await test.app.inject({ url: '/service/jaxrs/externalRedirect/origins' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ origins: ['https://auth.bankvendor.example'] });
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    } finally {
      await test.close();
    }
  });

  it('answers an empty list when nothing is configured: our own origin only', async () => {
    const test = await createTestApp();
    try {
      const response = await test.app.inject({ url: '/service/jaxrs/externalRedirect/origins' });
      expect(response.json()).toEqual({ origins: [] });
    } finally {
      await test.close();
    }
  });
});
