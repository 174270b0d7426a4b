import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const HEX_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const BASE64_KEY = Buffer.alloc(32, 7).toString('base64');

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
    expect(loadConfig({ DATABASE_URL: url, DATA_ENCRYPTION_KEY: HEX_KEY }).database).toEqual({
      driver: 'postgres',
      url,
    });
  });

  it('refuses an invalid value with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  describe('DATA_ENCRYPTION_KEY (ADR 0008)', () => {
    it('takes a key of 64 hexadecimal characters or 32 bytes in base64', () => {
      expect(loadConfig({ DATA_ENCRYPTION_KEY: HEX_KEY }).dataKey).toEqual({
        kind: 'given',
        key: Buffer.from(HEX_KEY, 'hex'),
      });
      expect(loadConfig({ DATA_ENCRYPTION_KEY: BASE64_KEY }).dataKey).toEqual({
        kind: 'given',
        key: Buffer.alloc(32, 7),
      });
      const urlSafe = Buffer.alloc(32, 0xfb).toString('base64url');
      expect(loadConfig({ DATA_ENCRYPTION_KEY: urlSafe }).dataKey).toEqual({
        kind: 'given',
        key: Buffer.alloc(32, 0xfb),
      });
    });

    it('refuses a key of another length or alphabet without repeating it', () => {
      for (const key of [
        HEX_KEY.slice(2),
        Buffer.alloc(16).toString('base64'),
        'secret!',
        'g'.repeat(64),
      ]) {
        let message = '';
        try {
          loadConfig({ DATA_ENCRYPTION_KEY: key });
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          message = (error as Error).message;
        }
        expect(message).toMatch(/DATA_ENCRYPTION_KEY must be 32 bytes/);
        expect(message).not.toContain(key);
      }
    });

    it('without a key, uses a key file in DATA_DIR on the embedded database', () => {
      expect(loadConfig({ DATA_DIR: '/tmp/portal-data' }).dataKey).toEqual({
        kind: 'file',
        path: '/tmp/portal-data/encryption.key',
      });
    });

    it('refuses to start on PostgreSQL without a key, except in development or test', () => {
      const url = 'postgres://postgres@127.0.0.1:5432/portal';
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /DATA_ENCRYPTION_KEY is required with DATABASE_URL/,
      );
      expect(() => loadConfig({ DATABASE_URL: url, NODE_ENV: 'production' })).toThrow(ConfigError);
      for (const NODE_ENV of ['development', 'test']) {
        expect(
          loadConfig({ DATABASE_URL: url, NODE_ENV, DATA_DIR: '/tmp/portal-data' }).dataKey,
        ).toEqual({ kind: 'file', path: '/tmp/portal-data/encryption.key' });
      }
    });
  });

  describe('ADDRESS_LOOKUP_PROVIDER', () => {
    it('defaults to the sandbox, the only provider so far', () => {
      expect(loadConfig({}).addressLookupProvider).toBe('sandbox');
      expect(loadConfig({ ADDRESS_LOOKUP_PROVIDER: 'sandbox' }).addressLookupProvider).toBe(
        'sandbox',
      );
      expect(() => loadConfig({ ADDRESS_LOOKUP_PROVIDER: 'canadapost' })).toThrow(
        /ADDRESS_LOOKUP_PROVIDER/,
      );
    });
  });
});
