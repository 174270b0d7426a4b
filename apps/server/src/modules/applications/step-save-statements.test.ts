import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createFieldCipher } from '../../lib/crypto/field-cipher.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { uniqueEmail } from '../../test/users.ts';
import { auditTrail } from './applications.repo.ts';
import { createApplication, saveStep } from './applications.service.ts';

/**
 * How many statements one step save sends (issue 18): the lock with every saved step, then the
 * step, the application and the audit event written together. A change that adds a round trip
 * to every save fails here instead of silently slowing the API down.
 */
const cipher = createFieldCipher(new Uint8Array(32).fill(3));

/** Every statement drizzle sends through `db`, transaction control included. */
class StatementLog implements Logger {
  statements: string[] = [];
  logQuery(query: string) {
    this.statements.push(query);
  }
  /** The statements since `mark`, without BEGIN and COMMIT (PGlite sends those unseen). */
  workSince(mark: number) {
    return this.statements.slice(mark).filter((query) => !/^\s*(begin|commit)\b/i.test(query));
  }
}

describe('one step save', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let db: Database;
  const log = new StatementLog();
  let ownerId = '';

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    handle = await openDatabase(database.config);
    await handle.migrate();
    // The same connection, seen through a drizzle instance that logs what it sends.
    const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
    db =
      handle.driver === 'pglite'
        ? (drizzlePglite(client as PGlite, { schema, logger: log }) as unknown as Database)
        : (drizzlePostgres(client as pg.Pool, { schema, logger: log }) as unknown as Database);
    const [owner] = await db
      .insert(schema.users)
      .values({ email: uniqueEmail('saver'), passwordHash: 'x', firstName: 'A', lastName: 'B' })
      .returning();
    ownerId = owner!.id;
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  async function applicationAtGoals() {
    const created = await createApplication(db, ownerId);
    const owned = await saveStep(
      db,
      ownerId,
      created.id,
      'ownership',
      { version: created.version, data: { ownershipTypeId: 1 } },
      cipher,
    );
    const known = await saveStep(
      db,
      ownerId,
      created.id,
      'doyouknow',
      { version: owned.version, data: { knowsAccount: false } },
      cipher,
    );
    return { id: created.id, version: known.version };
  }

  for (const bypassQualId of [true, false]) {
    it(`runs two statements in one transaction (bypass-qualId ${bypassQualId ? 'on' : 'off'})`, async () => {
      const application = await applicationAtGoals();
      const mark = log.statements.length;
      const answer = await saveStep(
        db,
        ownerId,
        application.id,
        'goals',
        { version: application.version, data: { goals: [1, 4] } },
        cipher,
        {},
        { bypassQualId },
      );
      const work = log.workSince(mark);
      expect(work).toHaveLength(2);
      expect(work[0]).toMatch(/^select .* for update of "applications"/is);
      expect(work[1]).toMatch(/^with "saved_step" as \(insert into "application_steps"/i);
      if (handle.driver === 'postgres') {
        // node-postgres shows the transaction drizzle opens: exactly one, committed.
        const control = log.statements.slice(mark).filter((query) => !work.includes(query));
        expect(control.map((query) => query.trim().toLowerCase())).toEqual(['begin', 'commit']);
      }
      // Everything a save answers and leaves behind is still there.
      expect(answer).toMatchObject({
        version: application.version + 1,
        nextStep: 'relatedaccounts',
        saved: { goals: [1, 4] },
      });
      if (bypassQualId) expect(answer).not.toHaveProperty('identity');
      else expect(answer).toMatchObject({ identity: { state: 'notStarted' } });
      const trail = await auditTrail(db, application.id);
      expect(trail.at(-1)).toMatchObject({
        action: 'stepSaved',
        actorId: ownerId,
        details: { step: 'goals', version: application.version + 1 },
      });
    });
  }

  it('refuses a stale version after the one locking read, writing nothing', async () => {
    const application = await applicationAtGoals();
    const mark = log.statements.length;
    await expect(
      saveStep(
        db,
        ownerId,
        application.id,
        'goals',
        { version: application.version - 1, data: { goals: [1] } },
        cipher,
      ),
    ).rejects.toMatchObject({ status: 409, errorCode: 'staleVersion' });
    const work = log.workSince(mark).filter((query) => !/^\s*rollback\b/i.test(query));
    expect(work).toHaveLength(1);
  });
});
