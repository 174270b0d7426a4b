import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080 and the embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({
      driver: 'pglite',
      dataDir: path.resolve('./data', 'pglite'),
    });
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
  });

  it('lets PORT and DATA_DIR override the defaults', () => {
    const config = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/portal-data' });
    expect(config.port).toBe(9090);
    expect(config.database).toEqual({ driver: 'pglite', dataDir: '/tmp/portal-data/pglite' });
  });

  it('switches to PostgreSQL when DATABASE_URL is given', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/portal';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ driver: 'postgres', url });
  });

  it('refuses an invalid value with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});
