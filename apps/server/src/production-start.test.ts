import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKey } from 'openpgp';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxVendorsRefusal, type VendorRole } from './config.ts';
import {
  startTestSftpServer,
  type TestSftpServer,
} from './providers/bank/transport/sftp-test-server.ts';
import { configRefusalOf } from './test/config-refusal.ts';
import { createDatabase, databaseUrl, dropDatabase } from './test/database-template.ts';
import { eventually, HttpPerson } from './test/journey/http-person.ts';
import { freePort, startServer, type SpawnedServer } from './test/journey/spawned-server.ts';
import { startCanadaPostFake, type CanadaPostFake } from './test/vendors/canada-post-fake.ts';
import {
  docusignTestIdentity,
  startDocusignOauth,
  type DocusignOauthStandIn,
} from './test/vendors/docusign-oauth.ts';
import { startDocusignStandIn, type DocusignStandIn } from './test/vendors/docusign-stand-in.ts';
import { startFlinksFake, type FlinksFake } from './test/vendors/flinks-fake.ts';
import { startOnfidoStandIn, type OnfidoStandIn } from './test/vendors/onfido-stand-in.ts';
import { startTwilioStandIn, type TwilioStandIn } from './test/vendors/twilio-stand-in.ts';

/**
 * Issue 35, "Done when": the real `main.ts` starts on PostgreSQL with `NODE_ENV=production`,
 * `SANDBOX_VENDORS` off and every vendor role configured against its contract fake, each
 * started here on loopback: SMTP (a mail sink), Twilio, DocuSign (and its OAuth server over
 * TLS), Canada Post AddressComplete, Onfido, Flinks, and the bank over SFTP (with OpenPGP); no
 * credit bureau. Nothing calls a vendor to start, so the stand-ins are addressed directly, not
 * through Prism's contract proxies (the real-vendors journey drives those).
 *
 * The database is a fresh one, not the run's migrated template: the production server migrates
 * it. It runs in the PostgreSQL pass only (TEST_DATABASE_URL: scripts/test-all.mjs), like the
 * other PostgreSQL-only tests.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TWILIO_ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const TWILIO_AUTH_TOKEN = randomBytes(16).toString('hex');
const ONFIDO_API_TOKEN = `api_live.${randomBytes(12).toString('hex')}`;
const SFTP_USER = 'laurentide';
const MAIL_FROM = 'Placements Laurentide <no-reply@laurentide.example>';

/** An SMTP server that takes every mail (no TLS, no AUTH) and keeps its recipients and text. */
interface MailSink {
  url: string;
  mails: { to: string[]; data: string }[];
  close(): Promise<void>;
}

async function startMailSink(): Promise<MailSink> {
  const mails: MailSink['mails'] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let pending = '';
    let to: string[] = [];
    let data: string[] | undefined;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line);
            continue;
          }
          mails.push({ to, data: data.join('\n') });
          [to, data] = [[], undefined];
          socket.write('250 queued\r\n');
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'EHLO':
            socket.write('250-sink\r\n250 8BITMIME\r\n');
            break;
          case 'RCPT':
            to.push(line.slice('RCPT TO:'.length));
            socket.write('250 OK\r\n');
            break;
          case 'DATA':
            data = [];
            socket.write('354 go on\r\n');
            break;
          case 'QUIT':
            socket.end('221 bye\r\n');
            break;
          default:
            socket.write('250 OK\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * `main.ts` run to its end with `env`: its exit code and standard error. For a start the
 * configuration refuses, which ends before any connection.
 */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

/** What configures each role but the credit bureau (which is configured as `none`). */
const settingsOfRole: Record<Exclude<VendorRole, 'creditBureau'>, readonly string[]> = {
  mail: ['SMTP_URL'],
  sms: ['SMS_PROVIDER'],
  esign: ['ESIGN_PROVIDER'],
  addressLookup: ['ADDRESS_LOOKUP_PROVIDER'],
  documentVerification: ['IDENTITY_DOCUMENT_PROVIDER'],
  bankConnection: ['BANK_CONNECTION_PROVIDER'],
  bank: ['BANK_PROVIDER'],
};

const without = (env: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'issue 35: the real main.ts in production, every vendor role on its fake (PostgreSQL: runs with TEST_DATABASE_URL)',
  () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const databaseName = `prod_start_${randomBytes(6).toString('hex')}`;
    const identity = docusignTestIdentity();
    let databaseCreated = false;
    let folder = '';
    let env: Record<string, string> = {};
    let mail: MailSink;
    let twilio: TwilioStandIn;
    let docusign: DocusignStandIn;
    let oauth: DocusignOauthStandIn;
    let canadaPost: CanadaPostFake;
    let onfido: OnfidoStandIn;
    let flinks: FlinksFake;
    let sftp: TestSftpServer;
    let server: SpawnedServer;

    beforeAll(async () => {
      folder = mkdtempSync(path.join(tmpdir(), 'portal-production-start-'));
      const sftpKeys = ssh2.utils.generateKeyPairSync('ecdsa', { bits: 256 });
      const [bankPgp, ourPgp] = await Promise.all([
        generateKey({ userIDs: [{ name: 'Bank EFT', email: 'eft@bank.example' }] }),
        generateKey({ userIDs: [{ name: 'Laurentide', email: 'eft@laurentide.example' }] }),
      ]);
      // Keys as a platform mounts them: files named by NAME_FILE.
      const keyFile = (name: string, content: string) => {
        const file = path.join(folder, name);
        writeFileSync(file, `${content}\n`, { mode: 0o600 });
        return file;
      };
      [mail, twilio, docusign, canadaPost, onfido, flinks, sftp] = await Promise.all([
        startMailSink(),
        startTwilioStandIn({ accountSid: TWILIO_ACCOUNT_SID, authToken: TWILIO_AUTH_TOKEN }),
        startDocusignStandIn({ accountId: identity.accountId }),
        startCanadaPostFake(),
        startOnfidoStandIn({ apiToken: ONFIDO_API_TOKEN }),
        startFlinksFake(),
        startTestSftpServer({
          user: { username: SFTP_USER, publicKey: sftpKeys.public },
          folders: ['to-bank', 'from-bank'],
        }),
      ]);
      oauth = await startDocusignOauth(identity, () => docusign.url);
      await createDatabase(serverUrl, databaseName);
      databaseCreated = true;

      const port = await freePort();
      env = {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: 'https://portal.example.ca',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(folder, 'data'),
        WEB_DIST_DIR: path.join(folder, 'no-web-client'),
        DATABASE_URL: databaseUrl(serverUrl, databaseName),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        APP_SECRET: randomBytes(32).toString('base64url'),
        OUTBOX_POLL_MS: '200',
        // Mail: an SMTP relay.
        SMTP_URL: mail.url,
        MAIL_FROM,
        // SMS: Twilio.
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN,
        TWILIO_FROM: '+14385550100',
        TWILIO_API_URL: twilio.url,
        // E-signature: DocuSign, its OAuth server over TLS with the stand-in's certificate.
        ESIGN_PROVIDER: 'docusign',
        DOCUSIGN_INTEGRATION_KEY: identity.integrationKey,
        DOCUSIGN_USER_ID: identity.userId,
        DOCUSIGN_PRIVATE_KEY_FILE: keyFile('docusign.pem', identity.privateKey),
        DOCUSIGN_AUTH_SERVER: oauth.host,
        DOCUSIGN_CONNECT_HMAC_KEYS: randomBytes(32).toString('base64'),
        NODE_EXTRA_CA_CERTS: oauth.certificateFile,
        // Address look-up: Canada Post AddressComplete.
        ADDRESS_LOOKUP_PROVIDER: 'canadapost',
        CANADA_POST_ADDRESSCOMPLETE_KEY: canadaPost.key,
        CANADA_POST_ADDRESSCOMPLETE_URL: canadaPost.url,
        // Photo ID and selfie: Onfido.
        IDENTITY_DOCUMENT_PROVIDER: 'onfido',
        ONFIDO_API_TOKEN,
        ONFIDO_WEBHOOK_TOKEN: randomBytes(24).toString('hex'),
        ONFIDO_API_URL: onfido.url,
        // Bank connection: Flinks.
        BANK_CONNECTION_PROVIDER: 'flinks',
        FLINKS_CUSTOMER_ID: flinks.customerId,
        FLINKS_API_URL: flinks.apiUrl,
        FLINKS_CONNECT_URL: flinks.connectUrl,
        FLINKS_API_KEY: flinks.apiKey,
        FLINKS_SECRET_KEY: flinks.secretKey,
        // No credit bureau: the identity step offers the other methods.
        CREDIT_BUREAU_PROVIDER: 'none',
        // The bank: CPA 005 files over SFTP, encrypted to the bank's OpenPGP key.
        BANK_PROVIDER: 'cpa005',
        PAYMENT_FILES_ORIGINATOR_ID: '0123456789',
        PAYMENT_FILES_ORIGINATOR_SHORT_NAME: 'Laurentide',
        PAYMENT_FILES_ORIGINATOR_LONG_NAME: 'Placements Laurentide',
        PAYMENT_FILES_RETURN_INSTITUTION: '006',
        PAYMENT_FILES_RETURN_TRANSIT: '10001',
        PAYMENT_FILES_RETURN_ACCOUNT: '1234567',
        PAYMENT_FILES_DATA_CENTRE: '00610',
        PAYMENT_FILES_TRANSPORT: 'sftp',
        PAYMENT_FILES_SFTP_HOST: '127.0.0.1',
        PAYMENT_FILES_SFTP_PORT: String(sftp.port),
        PAYMENT_FILES_SFTP_USERNAME: SFTP_USER,
        PAYMENT_FILES_SFTP_PRIVATE_KEY_FILE: keyFile('sftp-key', sftpKeys.private),
        PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS: sftp.hostKeyFingerprint,
        PAYMENT_FILES_SFTP_OUTGOING_DIR: '/to-bank',
        PAYMENT_FILES_SFTP_INCOMING_DIR: '/from-bank',
        PAYMENT_FILES_PGP_BANK_PUBLIC_KEY_FILE: keyFile('bank.asc', bankPgp.publicKey),
        PAYMENT_FILES_PGP_PRIVATE_KEY_FILE: keyFile('ours.asc', ourPgp.privateKey),
      };
      server = await startServer(env, { timeoutMs: 150_000 });
    }, 240_000);

    afterAll(async () => {
      // Everything is closed and the database dropped even if one of them fails to close.
      try {
        await server?.stop();
      } finally {
        await Promise.allSettled([
          mail?.close(),
          twilio?.close(),
          docusign?.close(),
          oauth?.close(),
          canadaPost?.close(),
          onfido?.close(),
          flinks?.close(),
          sftp?.close(),
        ]);
        if (databaseCreated) await dropDatabase(serverUrl, databaseName);
        if (folder) rmSync(folder, { recursive: true, force: true });
      }
    }, 60_000);

    const log = () => `\n--- server log ---\n${server.output().slice(-4000)}`;

    it('answers on its fresh database: a person registers, and the verification mail leaves through SMTP', async () => {
      const person = new HttpPerson(server.url);
      const email = `production.start.${randomBytes(4).toString('hex')}@example.com`;
      const registered = await person.post('/security/register', {
        form: {
          firstName: 'Camille',
          lastName: 'Tremblay',
          email,
          password: 'Erable-Rouge-Saint-Laurent-2026',
          language: 'en',
        },
      });
      expect(registered.status, `${registered.text}${log()}`).toBe(201);
      const sent = await eventually('the verification mail at the SMTP relay', async () =>
        mail.mails.find((message) => message.to.some((to) => to.includes(email))),
      );
      expect(sent.data).toContain('no-reply@laurentide.example');
    });

    it('serves no sandbox: its pages are not there', async () => {
      const person = new HttpPerson(server.url);
      for (const page of ['/sandbox/mailbox', '/sandbox/bank/clock']) {
        const answer = await person.get(page);
        expect(answer.status, page).toBe(404);
      }
    });

    it('refuses the same environment with the bank left unconfigured, naming the role', async () => {
      const refused = await runMain(without(env, settingsOfRole.bank));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(sandboxVendorsRefusal(['bank']));
    }, 60_000);

    it('refuses the same environment with any one role left unconfigured, naming that role alone', () => {
      for (const [role, settings] of Object.entries(settingsOfRole)) {
        expect(configRefusalOf(without(env, settings)), role).toBe(
          sandboxVendorsRefusal([role as VendorRole]),
        );
      }
      // The credit bureau is configured as none; its sandbox asked for is refused by name.
      expect(configRefusalOf({ ...env, CREDIT_BUREAU_PROVIDER: 'sandbox' })).toBe(
        sandboxVendorsRefusal(['creditBureau']),
      );
    });
  },
);
