import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlOf, sandboxedRoles } from './config.ts';
import { cpa005Sftp } from './test/payment-files-config.ts';
import { configRefusalOf as refusalOf } from './test/config-refusal.ts';

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

  it('keeps the bureau maintenance windows on unless BUREAU_MAINTENANCE_WINDOWS=false', () => {
    expect(loadConfig({}).bureauMaintenanceWindows).toBe(true);
    expect(loadConfig({ BUREAU_MAINTENANCE_WINDOWS: 'false' }).bureauMaintenanceWindows).toBe(
      false,
    );
  });

  it('limits the API at 600 requests, 60 writes a minute and 30 new applications an hour unless RATE_LIMIT_* say otherwise', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      requestsPerMinute: 600,
      writesPerMinute: 60,
      applicationsPerHour: 30,
      addressFactor: 3,
    });
    expect(
      loadConfig({
        RATE_LIMIT_REQUESTS_PER_MINUTE: '1200',
        RATE_LIMIT_WRITES_PER_MINUTE: '120',
        RATE_LIMIT_APPLICATIONS_PER_HOUR: '5',
        RATE_LIMIT_ADDRESS_FACTOR: '1',
      }).rateLimits,
    ).toEqual({
      requestsPerMinute: 1200,
      writesPerMinute: 120,
      applicationsPerHour: 5,
      addressFactor: 1,
    });
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: '0' })).toThrow(ConfigError);
  });

  it('lets PORT and DATA_DIR override the defaults', () => {
    const config = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/portal-data' });
    expect(config.port).toBe(9090);
    expect(config.database).toEqual({ driver: 'pglite', dataDir: '/tmp/portal-data/pglite' });
  });

  it('switches to PostgreSQL when DATABASE_URL is given', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/portal';
    expect(
      loadConfig({ DATABASE_URL: url, DATA_ENCRYPTION_KEY: HEX_KEY, SANDBOX_VENDORS: 'true' })
        .database,
    ).toEqual({
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
      const sandbox = { SANDBOX_VENDORS: 'true' };
      expect(() => loadConfig({ DATABASE_URL: url, ...sandbox })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: url, ...sandbox })).toThrow(
        /DATA_ENCRYPTION_KEY is required with DATABASE_URL/,
      );
      expect(() => loadConfig({ DATABASE_URL: url, NODE_ENV: 'production' })).toThrow(ConfigError);
      for (const NODE_ENV of ['development', 'test']) {
        expect(
          loadConfig({ DATABASE_URL: url, NODE_ENV, DATA_DIR: '/tmp/portal-data', ...sandbox })
            .dataKey,
        ).toEqual({ kind: 'file', path: '/tmp/portal-data/encryption.key' });
      }
    });
  });

  describe('SANDBOX_MAILBOX_SECRET (issue 30)', () => {
    it('takes a given secret, else names a file in DATA_DIR to draw one into', () => {
      const secret = 'an-operator-secret-of-32-characters-or-more';
      expect(loadConfig({ SANDBOX_MAILBOX_SECRET: secret }).sandboxMailboxSecret).toEqual({
        kind: 'given',
        secret,
      });
      expect(loadConfig({ DATA_DIR: '/tmp/portal-data' }).sandboxMailboxSecret).toEqual({
        kind: 'file',
        path: '/tmp/portal-data/sandbox-mailbox.secret',
      });
    });

    it('refuses a short secret without repeating it', () => {
      const load = () => loadConfig({ SANDBOX_MAILBOX_SECRET: 'hunter2' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/SANDBOX_MAILBOX_SECRET must be at least 32 characters/);
      expect(load).not.toThrow(/hunter2/);
    });
  });

  describe('SANDBOX_VENDORS (issue 11 hole 3)', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/portal';
    const pg = { DATABASE_URL: url, DATA_ENCRYPTION_KEY: HEX_KEY };

    it('is on by default only for the embedded database', () => {
      expect(loadConfig({}).sandboxVendors).toBe(true);
      expect(loadConfig({ ...pg, SANDBOX_VENDORS: 'true' }).sandboxVendors).toBe(true);
    });

    it('refuses to start on PostgreSQL without it, naming each role and what to set', () => {
      expect(() => loadConfig(pg)).toThrow(ConfigError);
      let message = '';
      try {
        loadConfig(pg);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('SANDBOX_VENDORS=true');
      expect(message).toContain('mail (set SMTP_URL and MAIL_FROM)');
      expect(message).toContain('e-signature');
      expect(message).toContain('SMS');
      expect(message).toContain('address look-up');
      // With SMTP configured, mail is no longer named; the roles without an adapter still are.
      const withSmtp = () =>
        loadConfig({ ...pg, SMTP_URL: 'smtp://relay:587', MAIL_FROM: 'a@b.example' });
      expect(withSmtp).toThrow(/e-signature/);
      expect(withSmtp).not.toThrow(/set SMTP_URL/);
    });

    it('refuses sandbox vendors when NODE_ENV=production, even when asked for', () => {
      expect(() => loadConfig({ ...pg, SANDBOX_VENDORS: 'true', NODE_ENV: 'production' })).toThrow(
        /SANDBOX_VENDORS cannot be on when NODE_ENV=production/,
      );
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    });

    it('never seeds the demo users, whose secrets the README prints, in production', () => {
      expect(() =>
        loadConfig({
          ...pg,
          SEED_DEMO_USERS: 'true',
          NODE_ENV: 'production',
          SANDBOX_VENDORS: 'false',
        }),
      ).toThrow(/SEED_DEMO_USERS cannot be on when NODE_ENV=production/);
    });

    it('refuses to turn them off on the embedded database while a role has no adapter', () => {
      expect(() => loadConfig({ SANDBOX_VENDORS: 'false' })).toThrow(/no real adapter/);
    });
  });

  describe('BANK_CONNECTION_PROVIDER (issue 34)', () => {
    const pg = {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal',
      DATA_ENCRYPTION_KEY: HEX_KEY,
    };
    const flinks = {
      BANK_CONNECTION_PROVIDER: 'flinks',
      FLINKS_CUSTOMER_ID: '43387ca6-0391-4c82-857d-70d95f087ecb',
      FLINKS_API_URL: 'https://toolbox-api.private.fin.ag/',
      FLINKS_CONNECT_URL: 'https://toolbox-iframe.private.fin.ag/v2/',
      FLINKS_API_KEY: 'x-api-key-value',
      FLINKS_SECRET_KEY: 'c4569c54-e167-4d34-8de6-f4113bc82414',
    };
    /** Every other vendor the server has a real adapter for, configured. */
    const everyOtherVendor = {
      SMTP_URL: 'smtp://relay:587',
      MAIL_FROM: 'a@b.example',
      ADDRESS_LOOKUP_PROVIDER: 'canadapost',
      CANADA_POST_ADDRESSCOMPLETE_KEY: 'AA11-AA11-AA11-AA11',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15145550000',
      ESIGN_PROVIDER: 'docusign',
      DOCUSIGN_INTEGRATION_KEY: '7d5c3c1e-2f3b-4e4b-9a4e-1c2d3e4f5a6b',
      DOCUSIGN_USER_ID: '0f1e2d3c-4b5a-4969-8877-665544332211',
      DOCUSIGN_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----',
      DOCUSIGN_CONNECT_HMAC_KEYS: 'connect-key',
      IDENTITY_DOCUMENT_PROVIDER: 'onfido',
      ONFIDO_API_TOKEN: 'api_sandbox.token',
      ONFIDO_WEBHOOK_TOKEN: 'webhook-token',
      PUBLIC_URL: 'https://portal.example.ca',
    };

    it('connects banks through the sandbox frame unless BANK_CONNECTION_PROVIDER=flinks', () => {
      expect(loadConfig({}).bankConnection).toEqual({ provider: 'sandbox' });
      expect(loadConfig(flinks).bankConnection).toEqual({
        provider: 'flinks',
        customerId: '43387ca6-0391-4c82-857d-70d95f087ecb',
        apiBaseUrl: 'https://toolbox-api.private.fin.ag',
        connectUrl: 'https://toolbox-iframe.private.fin.ag/v2/',
        apiKey: 'x-api-key-value',
        secretKey: 'c4569c54-e167-4d34-8de6-f4113bc82414',
        timeoutMs: 15_000,
        keepConnection: false,
      });
      expect(
        loadConfig({
          ...flinks,
          FLINKS_KEEP_CONNECTION: 'true',
          BANK_CONNECTION_TIMEOUT_MS: '5000',
        }).bankConnection,
      ).toMatchObject({ keepConnection: true, timeoutMs: 5000 });
      expect(() => loadConfig({ BANK_CONNECTION_PROVIDER: 'plaid' })).toThrow(
        /BANK_CONNECTION_PROVIDER/,
      );
    });

    it('refuses Flinks chosen without its settings, naming each, never a value', () => {
      const message = refusalOf({ BANK_CONNECTION_PROVIDER: 'flinks' });
      expect(message).toContain(
        'set FLINKS_CUSTOMER_ID, FLINKS_API_URL, FLINKS_CONNECT_URL, FLINKS_API_KEY, FLINKS_SECRET_KEY',
      );
      expect(refusalOf({ ...flinks, FLINKS_CUSTOMER_ID: 'not-a-guid' })).toContain(
        'FLINKS_CUSTOMER_ID must be a GUID',
      );
      expect(refusalOf({ ...flinks, FLINKS_API_KEY: ' ' })).toContain('FLINKS_API_KEY');
    });

    it('takes the two Flinks secrets from files (NAME_FILE) too', () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'flinks-secrets-'));
      writeFileSync(path.join(folder, 'api-key'), 'key-from-file\n');
      writeFileSync(path.join(folder, 'secret'), 'secret-from-file\n');
      const rest: Record<string, string> = { ...flinks };
      delete rest.FLINKS_API_KEY;
      delete rest.FLINKS_SECRET_KEY;
      const config = loadConfig({
        ...rest,
        FLINKS_API_KEY_FILE: path.join(folder, 'api-key'),
        FLINKS_SECRET_KEY_FILE: path.join(folder, 'secret'),
      });
      expect(config.bankConnection).toMatchObject({
        apiKey: 'key-from-file',
        secretKey: 'secret-from-file',
      });
    });

    it('with sandboxes off and every real vendor configured but the bank, names only bank EFT/PAD processing', () => {
      const without = refusalOf({ ...pg, ...everyOtherVendor });
      expect(without).toContain(
        'bank connection (set BANK_CONNECTION_PROVIDER=flinks and its keys)',
      );
      const message = refusalOf({ ...pg, ...everyOtherVendor, ...flinks });
      const roles = message.split('no real adapter: ')[1]?.split('. Configure')[0]?.split('; ');
      expect(roles).toEqual([
        'bank EFT/PAD processing (set BANK_PROVIDER=cpa005 and its PAYMENT_FILES_* settings)',
      ]);
    });

    it('with sandboxes off, starts in production once the bank is configured too (BANK_PROVIDER=cpa005)', () => {
      const config = loadConfig({
        ...pg,
        ...everyOtherVendor,
        ...flinks,
        ...cpa005Sftp,
        NODE_ENV: 'production',
      });
      expect(config.sandboxVendors).toBe(false);
      expect(config.creditBureau).toEqual({ provider: 'none' });
      expect(config.paymentFiles?.provider).toBe('cpa005');
      expect(sandboxedRoles(config)).toEqual([]);
    });
  });

  describe('TRUST_PROXY (issue 11 hole 6)', () => {
    it('trusts no proxy unless given addresses or CIDR ranges', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.168.1.7',
        '::1',
      ]);
    });

    it.each(['true', '1', 'yes', '*', '10.0.0.0/33', 'lb.internal'])(
      'refuses %s, which would let anyone choose their address',
      (value) => {
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
      },
    );
  });

  describe('PUBLIC_URL', () => {
    it('defaults to localhost on a developer machine, as docs/configuration.md says', () => {
      expect(publicUrlOf(loadConfig({}))).toBe('http://localhost:8080');
      expect(publicUrlOf(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }))).toBe(
        'http://localhost:9000',
      );
      expect(publicUrlOf(loadConfig({ PUBLIC_URL: 'https://portal.example.ca/' }))).toBe(
        'https://portal.example.ca',
      );
    });
  });
});
