import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, sandboxedRoles } from './config.ts';
import { sandboxPaymentFilesSettings } from './providers/bank/payment-files-settings.ts';
import { configRefusalOf as refusalOf } from './test/config-refusal.ts';
import {
  BANK_PGP_KEY,
  cpa005Sftp,
  fingerprintOf,
  OPENSSH_KEY,
  OUR_PGP_KEY,
} from './test/payment-files-config.ts';

/** The bank role's configuration (issue 35), apart from config.test.ts for its size. */
describe('loadConfig', () => {
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
});
