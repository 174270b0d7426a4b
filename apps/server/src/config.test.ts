import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlOf, sandboxedRoles } from './config.ts';
import { sandboxPaymentFilesSettings } from './providers/bank/payment-files-settings.ts';
import { configRefusalOf as refusalOf } from './test/config-refusal.ts';

const HEX_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const BASE64_KEY = Buffer.alloc(32, 7).toString('base64');

/** A host key fingerprint as `ssh-keygen -lf` prints it: `SHA256:` and 43 base64 characters. */
const fingerprintOf = (text: string) =>
  `SHA256:${createHash('sha256').update(text).digest('base64').replace(/=+$/, '')}`;
const OPENSSH_KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
const BANK_PGP_KEY =
  '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nxjMEZbank\n-----END PGP PUBLIC KEY BLOCK-----';
const OUR_PGP_KEY =
  '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nxVgEZours\n-----END PGP PRIVATE KEY BLOCK-----';

/** A real bank over SFTP, with everything BANK_PROVIDER=cpa005 cannot start without. */
const cpa005Sftp = {
  BANK_PROVIDER: 'cpa005',
  PAYMENT_FILES_ORIGINATOR_ID: '0123456789',
  PAYMENT_FILES_ORIGINATOR_SHORT_NAME: 'Laurentide',
  PAYMENT_FILES_ORIGINATOR_LONG_NAME: 'Laurentide Investissements',
  PAYMENT_FILES_RETURN_INSTITUTION: '006',
  PAYMENT_FILES_RETURN_TRANSIT: '10001',
  PAYMENT_FILES_RETURN_ACCOUNT: '123456789012',
  PAYMENT_FILES_DATA_CENTRE: '00610',
  PAYMENT_FILES_TRANSPORT: 'sftp',
  PAYMENT_FILES_SFTP_HOST: 'sftp.bank.example',
  PAYMENT_FILES_SFTP_USERNAME: 'laurentide',
  PAYMENT_FILES_SFTP_PRIVATE_KEY: OPENSSH_KEY,
  PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS: fingerprintOf('the bank host key'),
  PAYMENT_FILES_SFTP_OUTGOING_DIR: '/inbound',
  PAYMENT_FILES_SFTP_INCOMING_DIR: '/outbound',
};

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

  describe('BANK_PROVIDER and PAYMENT_FILES_* (issue 35)', () => {
    /** Everything but the named variable. */
    const without = (env: Record<string, string>, name: string): Record<string, string> =>
      Object.fromEntries(Object.entries(env).filter(([key]) => key !== name));

    it('leaves the bank to the sandbox by default: its files in DATA_DIR/payment-files, at the settlement job’s sandbox pace', () => {
      const config = loadConfig({ DATA_DIR: '/tmp/portal-data' });
      expect(config.paymentFiles).toEqual(
        sandboxPaymentFilesSettings('/tmp/portal-data/payment-files', 2_000),
      );
      expect(config.paymentFiles).toMatchObject({
        provider: 'sandbox',
        leadBusinessDays: 0,
        transport: {
          kind: 'folder',
          outgoingDir: '/tmp/portal-data/payment-files/outgoing',
          incomingDir: '/tmp/portal-data/payment-files/incoming',
        },
      });
      expect(sandboxedRoles(config)).toContain('bank');
      // No sandbox webhooks polling, no payment-files polling either, unless asked for.
      expect(loadConfig({ SANDBOX_WEBHOOK_POLL_MS: '0' }).paymentFiles?.pollMs).toBe(0);
      expect(
        loadConfig({ SANDBOX_WEBHOOK_POLL_MS: '0', PAYMENT_FILES_POLL_MS: '5000' }).paymentFiles
          ?.pollMs,
      ).toBe(5_000);
      // A real bank's originator settings do not reach the sandbox's files.
      expect(
        loadConfig({ ...without(cpa005Sftp, 'BANK_PROVIDER') }).paymentFiles?.originator,
      ).toEqual(sandboxPaymentFilesSettings('/tmp', 0).originator);
    });

    it('sends to a real bank over SFTP with BANK_PROVIDER=cpa005: its originator, host key and defaults', () => {
      const config = loadConfig(cpa005Sftp);
      expect(config.paymentFiles).toEqual({
        provider: 'cpa005',
        originator: {
          id: '0123456789',
          shortName: 'Laurentide',
          longName: 'Laurentide Investissements',
          returnInstitution: '006',
          returnTransit: '10001',
          returnAccount: '123456789012',
        },
        destinationDataCentre: '00610',
        leadBusinessDays: 1,
        cutOffTime: '15:00',
        timeZone: 'America/Toronto',
        transport: {
          kind: 'sftp',
          host: 'sftp.bank.example',
          port: 22,
          username: 'laurentide',
          privateKey: OPENSSH_KEY,
          hostKeyFingerprints: [fingerprintOf('the bank host key')],
          outgoingDir: '/inbound',
          incomingDir: '/outbound',
          acknowledge: 'move',
          timeoutMs: 60_000,
          verifyUpload: true,
        },
        payoutTransactionCode: 272,
        reasonCodeIn: 'transactionType',
        pollMs: 60_000,
      });
      expect(sandboxedRoles(config)).not.toContain('bank');
    });

    it('takes every SFTP, clock and code setting the bank may ask for', () => {
      const rotating = `${fingerprintOf('old key')}, ${fingerprintOf('new key')}`;
      const config = loadConfig({
        ...cpa005Sftp,
        PAYMENT_FILES_SFTP_PORT: '2222',
        PAYMENT_FILES_SFTP_PASSPHRASE: ' key passphrase ',
        PAYMENT_FILES_SFTP_PASSWORD: 'password',
        PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS: rotating,
        PAYMENT_FILES_SFTP_ACKNOWLEDGE: 'delete',
        PAYMENT_FILES_SFTP_ACKNOWLEDGED_DIR: '/outbound/done',
        PAYMENT_FILES_SFTP_TIMEOUT_MS: '30000',
        PAYMENT_FILES_SFTP_VERIFY_UPLOAD: 'false',
        PAYMENT_FILES_LEAD_BUSINESS_DAYS: '2',
        PAYMENT_FILES_CUTOFF: '14:30',
        PAYMENT_FILES_TIME_ZONE: 'America/Vancouver',
        PAYMENT_FILES_POLL_MS: '30000',
        PAYMENT_FILES_PAYOUT_TRANSACTION_CODE: '230',
        PAYMENT_FILES_REASON_CODE_IN: 'storedTransactionType',
      });
      expect(config.paymentFiles).toMatchObject({
        leadBusinessDays: 2,
        cutOffTime: '14:30',
        timeZone: 'America/Vancouver',
        pollMs: 30_000,
        payoutTransactionCode: 230,
        reasonCodeIn: 'storedTransactionType',
        transport: {
          port: 2222,
          // A passphrase is taken as given: its spaces may be part of it.
          passphrase: ' key passphrase ',
          password: 'password',
          hostKeyFingerprints: [fingerprintOf('old key'), fingerprintOf('new key')],
          acknowledge: 'delete',
          acknowledgedDir: '/outbound/done',
          timeoutMs: 30_000,
          verifyUpload: false,
        },
      });
    });

    it('writes to local folders with PAYMENT_FILES_TRANSPORT=folder, resolved once at start', () => {
      const folderBank = {
        ...cpa005Sftp,
        PAYMENT_FILES_TRANSPORT: 'folder',
        PAYMENT_FILES_OUTGOING_DIR: '/srv/bank/out',
        PAYMENT_FILES_INCOMING_DIR: 'bank/in',
      };
      expect(loadConfig(folderBank).paymentFiles?.transport).toEqual({
        kind: 'folder',
        outgoingDir: '/srv/bank/out',
        incomingDir: path.resolve('bank/in'),
      });
      expect(
        loadConfig({ ...folderBank, PAYMENT_FILES_ACKNOWLEDGED_DIR: '/srv/bank/done' }).paymentFiles
          ?.transport,
      ).toMatchObject({ acknowledgedDir: '/srv/bank/done' });
      expect(refusalOf({ ...cpa005Sftp, PAYMENT_FILES_TRANSPORT: 'folder' })).toContain(
        'set PAYMENT_FILES_OUTGOING_DIR, PAYMENT_FILES_INCOMING_DIR (',
      );
    });

    it.each([
      'PAYMENT_FILES_ORIGINATOR_ID',
      'PAYMENT_FILES_ORIGINATOR_SHORT_NAME',
      'PAYMENT_FILES_ORIGINATOR_LONG_NAME',
      'PAYMENT_FILES_RETURN_INSTITUTION',
      'PAYMENT_FILES_RETURN_TRANSIT',
      'PAYMENT_FILES_RETURN_ACCOUNT',
      'PAYMENT_FILES_DATA_CENTRE',
      'PAYMENT_FILES_TRANSPORT',
      'PAYMENT_FILES_SFTP_HOST',
      'PAYMENT_FILES_SFTP_USERNAME',
      'PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS',
      'PAYMENT_FILES_SFTP_OUTGOING_DIR',
      'PAYMENT_FILES_SFTP_INCOMING_DIR',
    ])('refuses BANK_PROVIDER=cpa005 without %s, naming it', (name) => {
      expect(refusalOf(without(cpa005Sftp, name))).toBe(
        `Invalid configuration: a vendor is chosen without what it needs: set ${name} ` +
          '(or NAME_FILE for a secret); docs/vendors.md says where each comes from',
      );
      // Empty, as compose files write an unset variable, is missing too.
      expect(refusalOf({ ...cpa005Sftp, [name]: ' ' })).toContain(`set ${name} (`);
    });

    it('refuses an SFTP login with neither a private key nor a password', () => {
      expect(refusalOf(without(cpa005Sftp, 'PAYMENT_FILES_SFTP_PRIVATE_KEY'))).toBe(
        'Invalid configuration: PAYMENT_FILES_TRANSPORT=sftp needs PAYMENT_FILES_SFTP_PRIVATE_KEY ' +
          'or PAYMENT_FILES_SFTP_PASSWORD (or NAME_FILE) to sign in',
      );
      const withPassword = {
        ...without(cpa005Sftp, 'PAYMENT_FILES_SFTP_PRIVATE_KEY'),
        PAYMENT_FILES_SFTP_PASSWORD: 'password',
      };
      expect(loadConfig(withPassword).paymentFiles?.transport).toMatchObject({
        password: 'password',
      });
    });

    it.each([
      'SHA256:too-short',
      `MD5:${'ab:'.repeat(15)}ab`,
      fingerprintOf('a key').slice('SHA256:'.length),
      `${fingerprintOf('a key')},SHA256:${'!'.repeat(43)}`,
    ])('refuses the host key fingerprint %s, naming the form it takes', (fingerprints) => {
      const message = refusalOf({
        ...cpa005Sftp,
        PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS: fingerprints,
      });
      expect(message).toContain(
        'PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS takes host key fingerprints as ssh-keygen -lf ' +
          'prints them (SHA256: and 43 base64 characters), comma-separated',
      );
    });

    it.each([
      ['PAYMENT_FILES_ORIGINATOR_ID', '012345678', 'the 10 letters and digits'],
      ['PAYMENT_FILES_ORIGINATOR_ID', 'laurentide', 'the 10 letters and digits'],
      ['PAYMENT_FILES_ORIGINATOR_SHORT_NAME', 'Laurentide Invest', '1 to 15 characters'],
      ['PAYMENT_FILES_ORIGINATOR_SHORT_NAME', '***', '1 to 15 characters'],
      ['PAYMENT_FILES_ORIGINATOR_LONG_NAME', 'Laurentide Investissements Québec', '1 to 30'],
      ['PAYMENT_FILES_RETURN_INSTITUTION', '06', 'a 3-digit institution number'],
      ['PAYMENT_FILES_RETURN_TRANSIT', '1000A', 'a 5-digit transit'],
      ['PAYMENT_FILES_RETURN_ACCOUNT', '1234567890123', '1 to 12 digits'],
      ['PAYMENT_FILES_DATA_CENTRE', '610', '5-digit processing centre'],
      ['PAYMENT_FILES_CUTOFF', '3pm', 'a time written HH:MM'],
      ['PAYMENT_FILES_CUTOFF', '24:00', 'a time written HH:MM'],
      ['PAYMENT_FILES_TIME_ZONE', 'Mars/Olympus_Mons', 'an IANA time zone name'],
      ['PAYMENT_FILES_TIME_ZONE', '-05:00', 'an IANA time zone name'],
      ['PAYMENT_FILES_TRANSPORT', 'ftps', 'PAYMENT_FILES_TRANSPORT'],
      ['PAYMENT_FILES_SFTP_HOST', 'sftp://sftp.bank.example', 'without sftp://'],
      [
        'PAYMENT_FILES_SFTP_PRIVATE_KEY',
        '/run/secrets/bank-key',
        'PAYMENT_FILES_SFTP_PRIVATE_KEY_FILE',
      ],
      ['PAYMENT_FILES_PAYOUT_TRANSACTION_CODE', '905', 'PAYMENT_FILES_PAYOUT_TRANSACTION_CODE'],
      ['BANK_PROVIDER', 'rbc', 'BANK_PROVIDER'],
    ])('refuses %s=%s with the rule, never the value', (name, value, rule) => {
      const message = refusalOf({ ...cpa005Sftp, [name]: value });
      expect(message).toContain(name);
      expect(message).toContain(rule);
      expect(message).not.toContain(value);
    });

    it('encrypts with OpenPGP once the bank’s public key is given, and refuses options that would do nothing', () => {
      expect(loadConfig(cpa005Sftp).paymentFiles?.pgp).toBeUndefined();
      expect(
        loadConfig({ ...cpa005Sftp, PAYMENT_FILES_PGP_BANK_PUBLIC_KEY: BANK_PGP_KEY }).paymentFiles
          ?.pgp,
      ).toEqual({
        bankPublicKey: BANK_PGP_KEY,
        armor: false,
        signFiles: false,
        requireSignedReturns: false,
      });
      expect(
        loadConfig({
          ...cpa005Sftp,
          PAYMENT_FILES_PGP_BANK_PUBLIC_KEY: BANK_PGP_KEY,
          PAYMENT_FILES_PGP_PRIVATE_KEY: OUR_PGP_KEY,
          PAYMENT_FILES_PGP_PASSPHRASE: 'pgp passphrase',
          PAYMENT_FILES_PGP_ARMOR: 'true',
          PAYMENT_FILES_PGP_SIGN: 'true',
          PAYMENT_FILES_PGP_DECRYPT_RETURNS: 'false',
          PAYMENT_FILES_PGP_REQUIRE_SIGNED_RETURNS: 'true',
        }).paymentFiles?.pgp,
      ).toEqual({
        bankPublicKey: BANK_PGP_KEY,
        ourPrivateKey: OUR_PGP_KEY,
        ourPassphrase: 'pgp passphrase',
        armor: true,
        signFiles: true,
        decryptReturns: false,
        requireSignedReturns: true,
      });
      // Without the bank's key, files would leave in clear whatever else is set.
      expect(refusalOf({ ...cpa005Sftp, PAYMENT_FILES_PGP_PRIVATE_KEY: OUR_PGP_KEY })).toContain(
        'PAYMENT_FILES_PGP_PRIVATE_KEY set without PAYMENT_FILES_PGP_BANK_PUBLIC_KEY, which turns OpenPGP on',
      );
      expect(
        refusalOf({
          ...cpa005Sftp,
          PAYMENT_FILES_PGP_BANK_PUBLIC_KEY: BANK_PGP_KEY,
          PAYMENT_FILES_PGP_SIGN: 'true',
        }),
      ).toContain('PAYMENT_FILES_PGP_SIGN needs PAYMENT_FILES_PGP_PRIVATE_KEY');
      expect(refusalOf({ ...cpa005Sftp, PAYMENT_FILES_PGP_BANK_PUBLIC_KEY: 'bank.asc' })).toContain(
        'PAYMENT_FILES_PGP_BANK_PUBLIC_KEY must be an armored OpenPGP public key',
      );
    });

    it('reads the SFTP and OpenPGP keys and passwords from files (NAME_FILE), the bank’s public key too', () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'payment-files-secrets-'));
      const file = (name: string, content: string) => {
        writeFileSync(path.join(folder, name), content, { mode: 0o600 });
        return path.join(folder, name);
      };
      const config = loadConfig({
        ...without(cpa005Sftp, 'PAYMENT_FILES_SFTP_PRIVATE_KEY'),
        PAYMENT_FILES_SFTP_PRIVATE_KEY_FILE: file('sftp-key', `${OPENSSH_KEY}\n`),
        PAYMENT_FILES_SFTP_PASSPHRASE_FILE: file('sftp-passphrase', 'sftp passphrase\n'),
        PAYMENT_FILES_SFTP_PASSWORD_FILE: file('sftp-password', 'sftp password\n'),
        PAYMENT_FILES_PGP_BANK_PUBLIC_KEY_FILE: file('bank.asc', `${BANK_PGP_KEY}\n`),
        PAYMENT_FILES_PGP_PRIVATE_KEY_FILE: file('ours.asc', `${OUR_PGP_KEY}\n`),
        PAYMENT_FILES_PGP_PASSPHRASE_FILE: file('pgp-passphrase', 'pgp passphrase\n'),
      });
      expect(config.paymentFiles?.transport).toMatchObject({
        privateKey: OPENSSH_KEY,
        passphrase: 'sftp passphrase',
        password: 'sftp password',
      });
      expect(config.paymentFiles?.pgp).toMatchObject({
        bankPublicKey: BANK_PGP_KEY,
        ourPrivateKey: OUR_PGP_KEY,
        ourPassphrase: 'pgp passphrase',
      });
      expect(
        refusalOf({ ...cpa005Sftp, PAYMENT_FILES_SFTP_PRIVATE_KEY_FILE: file('again', 'x') }),
      ).toContain(
        'PAYMENT_FILES_SFTP_PRIVATE_KEY and PAYMENT_FILES_SFTP_PRIVATE_KEY_FILE are both set',
      );
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
