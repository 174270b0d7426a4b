import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from './test/database-template.ts';
import {
  APPLICANT_SIN_MASKED,
  applicationToProfile,
  documentContent,
  profileWithSin,
  registerAndSignIn,
  savedSteps,
  saveStep,
  signIn,
  uploadStatement,
  type ApplicationOverHttp,
} from './test/journey/applicant-over-http.ts';
import { HttpPerson } from './test/journey/http-person.ts';
import { freePort, startServer, type SpawnedServer } from './test/journey/spawned-server.ts';
import { createTestDatabase } from './test/test-app.ts';

const run = promisify(execFile);

/**
 * Issue 36, "a tested restore": the runbook's backup (docs/operations.md, "Backups and
 * restore") done to a database the real server filled: an applicant with a document and a SIN,
 * sealed with the key ring. `pg_dump` in custom format, `pg_restore` into a new database, and
 * the server started there with the same key ring (given from outside, as the runbook keeps it
 * apart from the dump: the restored instance's DATA_DIR is a new, empty one) gives both back
 * through the API. A restore under another key cannot open them: the SIN's save is refused.
 *
 * PostgreSQL pass only (TEST_DATABASE_URL), with PostgreSQL's client tools on the PATH
 * (.ci/run installs them).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'issue 36: a database dumped with pg_dump and restored with pg_restore serves the document and the SIN again (PostgreSQL)',
  () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const restoredName = `restored_${randomBytes(6).toString('hex')}`;
    const keyRing = {
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      APP_SECRET: randomBytes(32).toString('base64url'),
    };
    let source: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    let restoredCreated = false;
    let folder = '';
    let server: SpawnedServer | undefined;
    let email = '';
    let application: ApplicationOverHttp;
    let document: { id: string; content: Buffer };

    /** The real server on a database, with a DATA_DIR of its own. */
    async function serverOn(url: string, dataDir: string, keys: Record<string, string>) {
      const port = await freePort();
      return startServer(
        {
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          DATA_DIR: path.join(folder, dataDir),
          WEB_DIST_DIR: path.join(folder, 'no-web-client'),
          DATABASE_URL: url,
          SANDBOX_VENDORS: 'true',
          SEED_DEMO_USERS: 'false',
          SANDBOX_MAILBOX_SECRET: randomBytes(24).toString('hex'),
          ...keys,
        },
        { timeoutMs: 150_000 },
      );
    }

    /** The applicant again, on another server. */
    const personAt = (target: SpawnedServer) => new HttpPerson(target.url);

    beforeAll(async () => {
      folder = mkdtempSync(path.join(tmpdir(), 'portal-restore-'));
      source = await createTestDatabase();
      if (source.config.driver !== 'postgres') throw new Error('PostgreSQL expected');
      server = await serverOn(source.config.url, 'source', keyRing);
      const seeding = personAt(server);
      email = await registerAndSignIn(seeding, 'restore');
      application = await applicationToProfile(seeding);
      await saveStep(seeding, application, 'profile', profileWithSin());
      document = await uploadStatement(seeding, application);
    }, 240_000);

    afterAll(async () => {
      try {
        await server?.stop();
      } finally {
        await source?.drop();
        if (restoredCreated) await dropDatabase(serverUrl, restoredName);
        if (folder) rmSync(folder, { recursive: true, force: true });
      }
    }, 60_000);

    it('dumps the database in custom format and restores it into a new one', async () => {
      if (source?.config.driver !== 'postgres') throw new Error('PostgreSQL expected');
      const dump = path.join(folder, 'portal.dump');
      // As the runbook says: custom format, no owner or privileges, taken while the server runs.
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${dump}`,
        source.config.url,
      ]);
      expect(statSync(dump).size).toBeGreaterThan(0);
      await server?.stop();
      server = undefined;
      await createDatabase(serverUrl, restoredName);
      restoredCreated = true;
      await run('pg_restore', [
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        `--dbname=${databaseUrl(serverUrl, restoredName)}`,
        dump,
      ]);
    }, 120_000);

    it('starts on the restored database with the same key ring: the applicant signs in and reads the document and the SIN back', async () => {
      server = await serverOn(databaseUrl(serverUrl, restoredName), 'restored', keyRing);
      const restored = personAt(server);
      await signIn(restored, email);
      // The document, decrypted by the restored server with the key ring kept apart.
      const content = await documentContent(restored, application, document.id);
      expect(content.equals(document.content)).toBe(true);
      // The SIN: its mask is on file, and a save that leaves it blank keeps the sealed value,
      // which the server must decrypt to check the step again (it answers 500 if it cannot).
      expect((await savedSteps(restored, application)).profile?.sinMasked).toBe(
        APPLICANT_SIN_MASKED,
      );
      await saveStep(restored, application, 'profile', profileWithSin(''));
      expect((await savedSteps(restored, application)).profile?.sinMasked).toBe(
        APPLICANT_SIN_MASKED,
      );
      await server.stop();
      server = undefined;
    }, 240_000);

    it('under another key the restored database does not give the document or the SIN back', async () => {
      server = await serverOn(databaseUrl(serverUrl, restoredName), 'other-key', {
        ...keyRing,
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      });
      const restored = personAt(server);
      await signIn(restored, email);
      const answer = await restored.get(
        `/service/jaxrs/applications/${application.id}/documents/${document.id}/content`,
      );
      expect(answer.status).not.toBe(200);
      const sin = await restored.put(
        `/service/jaxrs/applications/${application.id}/steps/profile`,
        {
          json: { version: application.version, data: profileWithSin('') },
        },
      );
      expect(sin.status).not.toBe(200);
    }, 240_000);
  },
);
