import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxVendorsRefusal, type VendorRole } from './config.ts';
import { configRefusalOf } from './test/config-refusal.ts';
import { createDatabase, databaseUrl, dropDatabase } from './test/database-template.ts';
import { eventually, HttpPerson } from './test/journey/http-person.ts';
import { freePort, startServer, type SpawnedServer } from './test/journey/spawned-server.ts';
import {
  startProductionVendors,
  type ProductionVendors,
} from './test/vendors/production-vendors.ts';

/**
 * Issue 35, "Done when": the real `main.ts` starts on PostgreSQL with `NODE_ENV=production`,
 * `SANDBOX_VENDORS` off and every vendor role configured against its contract fake, each
 * started here on loopback (test/vendors/production-vendors.ts): SMTP (a mail sink), Twilio, DocuSign (and its OAuth server over
 * TLS), Canada Post AddressComplete, Onfido, Flinks, and the bank over SFTP (with OpenPGP); no
 * credit bureau. Nothing calls a vendor to start, so the stand-ins are addressed directly, not
 * through Prism's contract proxies (the real-vendors journey drives those).
 *
 * The database is a fresh one, not the run's migrated template: the production server migrates
 * it. It runs in the PostgreSQL pass only (TEST_DATABASE_URL: scripts/test-all.mjs), like the
 * other PostgreSQL-only tests.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
    let databaseCreated = false;
    let folder = '';
    let env: Record<string, string> = {};
    let vendors: ProductionVendors;
    let server: SpawnedServer;

    beforeAll(async () => {
      folder = mkdtempSync(path.join(tmpdir(), 'portal-production-start-'));
      vendors = await startProductionVendors(folder);
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
        ...vendors.env,
      };
      server = await startServer(env, { timeoutMs: 150_000 });
    }, 240_000);

    afterAll(async () => {
      // Everything is closed and the database dropped even if one of them fails to close.
      try {
        await server?.stop();
      } finally {
        await vendors?.close();
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
        vendors.mail.mails.find((message) => message.to.some((to) => to.includes(email))),
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
