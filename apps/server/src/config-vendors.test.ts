import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withSecretFiles } from './config.ts';
import { configRefusalOf as refusalOf } from './test/config-refusal.ts';

const HEX_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const pg = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal',
  DATA_ENCRYPTION_KEY: HEX_KEY,
};
const canadaPost = {
  ADDRESS_LOOKUP_PROVIDER: 'canadapost',
  CANADA_POST_ADDRESSCOMPLETE_KEY: 'AA11-AA11-AA11-AA11',
};

const twilio = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15145550000',
  PUBLIC_URL: 'https://portal.example.ca',
};
const docusign = {
  ESIGN_PROVIDER: 'docusign',
  DOCUSIGN_INTEGRATION_KEY: '7d5c3c1e-2f3b-4e4b-9a4e-1c2d3e4f5a6b',
  DOCUSIGN_USER_ID: '0f1e2d3c-4b5a-4969-8877-665544332211',
  DOCUSIGN_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----',
  DOCUSIGN_CONNECT_HMAC_KEYS: 'old-connect-key, new-connect-key',
  PUBLIC_URL: 'https://portal.example.ca',
};

describe('real vendors in the configuration (issue 33)', () => {
  it('uses the sandbox address look-up unless ADDRESS_LOOKUP_PROVIDER=canadapost, with its key, address and time limit', () => {
    expect(loadConfig({}).addressLookup).toEqual({ provider: 'sandbox' });
    expect(loadConfig(canadaPost).addressLookup).toEqual({
      provider: 'canadapost',
      key: 'AA11-AA11-AA11-AA11',
      baseUrl: 'https://ws1.postescanada-canadapost.ca',
      timeoutMs: 4000,
    });
    expect(
      loadConfig({
        ...canadaPost,
        CANADA_POST_ADDRESSCOMPLETE_URL: 'http://127.0.0.1:9/',
        ADDRESS_LOOKUP_TIMEOUT_MS: '1500',
      }).addressLookup,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1500 });
    expect(() => loadConfig({ ADDRESS_LOOKUP_PROVIDER: 'loqate' })).toThrow(
      /ADDRESS_LOOKUP_PROVIDER/,
    );
  });

  it('refuses a vendor chosen without its key, naming the variable, never a value', () => {
    const message = refusalOf({ ADDRESS_LOOKUP_PROVIDER: 'canadapost' });
    expect(message).toContain('set CANADA_POST_ADDRESSCOMPLETE_KEY');
    expect(refusalOf({ ...canadaPost, CANADA_POST_ADDRESSCOMPLETE_KEY: '  ' })).toContain(
      'CANADA_POST_ADDRESSCOMPLETE_KEY',
    );
  });

  it('sends texts through Twilio with SMS_PROVIDER=twilio, its account and exactly one sender', () => {
    const twilioEnv = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'token',
      PUBLIC_URL: 'https://portal.example.ca',
    };
    expect(loadConfig({}).sms).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ ...twilioEnv, TWILIO_FROM: '+15145550000' }).sms).toEqual({
      provider: 'twilio',
      accountSid: twilioEnv.TWILIO_ACCOUNT_SID,
      authToken: 'token',
      sender: { from: '+15145550000' },
      apiBaseUrl: 'https://api.twilio.com',
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ ...twilioEnv, TWILIO_MESSAGING_SERVICE_SID: `MG${'f'.repeat(32)}` }).sms,
    ).toMatchObject({ sender: { messagingServiceSid: `MG${'f'.repeat(32)}` } });
    expect(refusalOf(twilioEnv)).toContain('exactly one sender');
    expect(
      refusalOf({
        ...twilioEnv,
        TWILIO_FROM: '+15145550000',
        TWILIO_MESSAGING_SERVICE_SID: `MG${'f'.repeat(32)}`,
      }),
    ).toContain('exactly one sender');
    expect(refusalOf({ SMS_PROVIDER: 'twilio', TWILIO_FROM: '+15145550000' })).toContain(
      'set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, PUBLIC_URL',
    );
    expect(refusalOf({ ...twilioEnv, TWILIO_FROM: '5145550000' })).toContain('TWILIO_FROM must be');
  });

  it('mixed mode: with sandboxes off, a configured vendor is no longer among the roles refused', () => {
    const message = refusalOf({ ...pg, ...canadaPost });
    expect(message).toContain('no real adapter');
    expect(message).not.toContain('address look-up');
    expect(message).toContain('SMS');
    // Twilio configured too: texts are no longer among the roles refused.
    const withTwilio = refusalOf({
      ...pg,
      ...canadaPost,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15145550000',
      PUBLIC_URL: 'https://portal.example.ca',
    });
    expect(withTwilio).toContain('no real adapter');
    expect(withTwilio).not.toContain('SMS');
    expect(withTwilio).toContain('e-signature');
    // With sandboxes on, the configured role uses its adapter and the rest their sandboxes.
    const mixed = loadConfig({ ...pg, ...canadaPost, SANDBOX_VENDORS: 'true' });
    expect(mixed.sandboxVendors).toBe(true);
    expect(mixed.addressLookup?.provider).toBe('canadapost');
  });
});

describe('secrets from files (NAME_FILE)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
  const secretFile = (name: string, content: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, content, { mode: 0o600 });
    return file;
  };

  it('reads a secret from the file named in NAME_FILE, without its last line break', () => {
    const config = loadConfig({
      ADDRESS_LOOKUP_PROVIDER: 'canadapost',
      CANADA_POST_ADDRESSCOMPLETE_KEY_FILE: secretFile('canada-post', 'BB22-BB22-BB22-BB22\n'),
      DATA_ENCRYPTION_KEY_FILE: secretFile('data-key', `${HEX_KEY}\r\n`),
    });
    expect(config.addressLookup).toMatchObject({ key: 'BB22-BB22-BB22-BB22' });
    expect(config.dataKey).toEqual({ kind: 'given', key: Buffer.from(HEX_KEY, 'hex') });
  });

  it('refuses both forms at once, and a file it cannot read, naming the variable only', () => {
    const file = secretFile('both', 'CC33-CC33-CC33-CC33');
    expect(() => loadConfig({ ...canadaPost, CANADA_POST_ADDRESSCOMPLETE_KEY_FILE: file })).toThrow(
      /CANADA_POST_ADDRESSCOMPLETE_KEY and CANADA_POST_ADDRESSCOMPLETE_KEY_FILE are both set/,
    );
    const missing = refusalOf({ APP_SECRET_FILE: path.join(folder, 'absent') });
    expect(missing).toBe('Invalid configuration: APP_SECRET_FILE cannot be read (ENOENT)');
  });

  it('reads files only for secrets: another variable with _FILE is not a way in', () => {
    const read = (file: string) => `read ${file}`;
    const resolved = withSecretFiles({ PORT_FILE: '/etc/passwd', SMTP_URL_FILE: 'x' }, read);
    expect(resolved.PORT).toBeUndefined();
    expect(resolved.SMTP_URL).toBe('read x');
    expect(() => loadConfig({ SMTP_URL_FILE: path.join(folder, 'nope') })).toThrow(ConfigError);
  });

  it('signs through DocuSign with ESIGN_PROVIDER=docusign, its JWT grant, account and Connect keys', () => {
    expect(loadConfig({}).esign).toEqual({ provider: 'sandbox' });
    expect(loadConfig(docusign).esign).toEqual({
      provider: 'docusign',
      integrationKey: docusign.DOCUSIGN_INTEGRATION_KEY,
      userId: docusign.DOCUSIGN_USER_ID,
      privateKey: docusign.DOCUSIGN_PRIVATE_KEY,
      authServer: 'account.docusign.com',
      connectHmacKeys: ['old-connect-key', 'new-connect-key'],
      timeoutMs: 15_000,
    });
    expect(
      loadConfig({
        ...docusign,
        DOCUSIGN_AUTH_SERVER: 'account-d.docusign.com',
        DOCUSIGN_ACCOUNT_ID: 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff',
      }).esign,
    ).toMatchObject({
      authServer: 'account-d.docusign.com',
      accountId: 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff',
    });
    const missing = refusalOf({
      ESIGN_PROVIDER: 'docusign',
      DOCUSIGN_USER_ID: docusign.DOCUSIGN_USER_ID,
    });
    expect(missing).toContain(
      'set DOCUSIGN_INTEGRATION_KEY, DOCUSIGN_PRIVATE_KEY, DOCUSIGN_CONNECT_HMAC_KEYS, PUBLIC_URL',
    );
    expect(refusalOf({ ...docusign, DOCUSIGN_PRIVATE_KEY: 'not a key' })).toContain(
      'DOCUSIGN_PRIVATE_KEY must be a PEM RSA private key',
    );
    expect(
      refusalOf({ ...docusign, DOCUSIGN_AUTH_SERVER: 'https://account.docusign.com' }),
    ).toContain('DOCUSIGN_AUTH_SERVER is a host name');
    // The key's value never appears in a refusal.
    expect(refusalOf({ ...docusign, DOCUSIGN_USER_ID: 'secret-looking-value' })).not.toContain(
      'secret-looking-value',
    );
  });

  it('with sandboxes off and the three vendors of issue 33 configured, names exactly the four roles left without one configured (no bureau is not one)', () => {
    const message = refusalOf({ ...pg, ...canadaPost, ...twilio, ...docusign });
    const roles = message.split('no real adapter: ')[1]?.split('. Configure')[0]?.split('; ');
    expect(roles).toEqual([
      'mail (set SMTP_URL and MAIL_FROM)',
      'photo-ID and selfie verification (set IDENTITY_DOCUMENT_PROVIDER=onfido and its tokens)',
      'bank connection (set BANK_CONNECTION_PROVIDER=flinks and its keys)',
      'bank EFT/PAD processing (set BANK_PROVIDER=cpa005 and its PAYMENT_FILES_* settings)',
    ]);
  });

  it('checks photo IDs through Onfido with IDENTITY_DOCUMENT_PROVIDER=onfido, in Canada unless told', () => {
    expect(loadConfig({}).identityDocument).toEqual({ provider: 'sandbox' });
    const onfido = {
      IDENTITY_DOCUMENT_PROVIDER: 'onfido',
      ONFIDO_API_TOKEN: 'api_sandbox.token',
      ONFIDO_WEBHOOK_TOKEN: 'webhook-token',
    };
    expect(loadConfig(onfido).identityDocument).toEqual({
      provider: 'onfido',
      apiToken: 'api_sandbox.token',
      webhookToken: 'webhook-token',
      region: 'ca',
      timeoutMs: 30_000,
    });
    expect(refusalOf({ IDENTITY_DOCUMENT_PROVIDER: 'onfido' })).toContain(
      'set ONFIDO_API_TOKEN, ONFIDO_WEBHOOK_TOKEN',
    );
    // Configured, it is no longer among the roles refused with sandboxes off.
    const withOnfido = refusalOf({ ...pg, ...canadaPost, ...twilio, ...docusign, ...onfido });
    expect(withOnfido).not.toContain('photo-ID');
    expect(withOnfido).toContain('bank connection');
  });

  it('asks the credit-file questions through the sandbox bureau with sandboxes on, through none with them off, unless told', () => {
    expect(loadConfig({}).creditBureau).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ CREDIT_BUREAU_PROVIDER: 'none' }).creditBureau).toEqual({
      provider: 'none',
    });
    expect(loadConfig({ ...pg, SANDBOX_VENDORS: 'true' }).creditBureau).toEqual({
      provider: 'sandbox',
    });
    // Sandboxes off: no bureau by default, and the sandbox's bureau asked for is refused by name.
    const asked = refusalOf({
      ...pg,
      ...canadaPost,
      ...twilio,
      ...docusign,
      CREDIT_BUREAU_PROVIDER: 'sandbox',
    });
    expect(asked).toContain('credit bureau for identity questions');
    expect(asked).toContain('CREDIT_BUREAU_PROVIDER=none');
    expect(refusalOf({ CREDIT_BUREAU_PROVIDER: 'experian' })).toContain('CREDIT_BUREAU_PROVIDER');
  });
});
