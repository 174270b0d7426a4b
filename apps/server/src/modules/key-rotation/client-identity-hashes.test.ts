import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { applications, applicationSteps, clientIdentities, users } from '../../db/schema.ts';
import { createFieldCipher } from '../../lib/crypto/field-cipher.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { sealFields } from '../applications/sealed-fields.ts';
import {
  identityHashesOf,
  recordApplicantIdentities,
  recordClientIdentity,
  type Identity,
} from '../client-identities/client-identities.ts';
import { clientIdentitiesBatch, clientIdentityUsage } from './client-identity-hashes.ts';

/**
 * The client identities under a key rotation (ADR 0043), on PGlite or, with TEST_DATABASE_URL,
 * PostgreSQL: re-hashed from the approved profile (or joint profile) they were recorded from,
 * or kept when it cannot give exactly their hashes. (key-rotation.test.ts goes end to end.)
 */

const K1 = randomBytes(32);
const K2 = randomBytes(32);
const before = createFieldCipher(K1);
const rotated = createFieldCipher({
  current: 'k2',
  keys: new Map([
    ['k2', K2],
    ['k1', K1],
  ]),
});

const OWNER: Identity = { email: 'Owner@Example.com', sin: '130 692 544', birthDate: '1985-03-27' };
const JOINT: Identity = { email: 'joint@example.com', sin: '193 456 787', birthDate: '1988-11-02' };
const UNREADABLE: Identity = {
  email: 'lost@example.com',
  sin: '046 454 286',
  birthDate: '1990-01-01',
};
const LOGIN: Identity = { email: 'login@example.com', sin: '123 456 782', birthDate: '1979-12-31' };

let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  await database.migrate(async () => {});
  db = database.db;
});

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

async function newUser(email = `${randomUUID()}@example.test`): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: 'not-a-hash', firstName: 'Key', lastName: 'Rotation' })
    .returning({ id: users.id });
  return user!.id;
}

/** An approved application whose profile steps are sealed under k1, as the steps were saved. */
async function approvedApplication(
  ownerId: string,
  jointUserId: string | null,
  profiles: Partial<Record<'profile' | 'profilejoint', Identity>>,
) {
  const [application] = await db
    .insert(applications)
    .values({ ownerId, jointUserId, status: 'approved' })
    .returning();
  for (const [step, identity] of Object.entries(profiles)) {
    await db.insert(applicationSteps).values({
      applicationId: application!.id,
      step,
      data: sealFields(before, application!.id, step, identity),
    });
  }
  return application!;
}

const identityOf = async (userId: string) => {
  const [row] = await db.select().from(clientIdentities).where(eq(clientIdentities.userId, userId));
  return row!;
};

describe('re-hashing the client identities under the current key (ADR 0043)', () => {
  let ownerId: string;
  let jointId: string;
  let unreadableId: string;
  let loginId: string;

  beforeAll(async () => {
    ownerId = await newUser();
    jointId = await newUser();
    const joint = await approvedApplication(ownerId, jointId, {
      profile: OWNER,
      profilejoint: JOINT,
    });
    await recordApplicantIdentities(db, before, joint);

    // Its approved application's SIN no longer reads (sealed for another place).
    unreadableId = await newUser();
    const unreadable = await approvedApplication(unreadableId, null, { profile: UNREADABLE });
    await recordApplicantIdentities(db, before, unreadable);
    await db
      .update(applicationSteps)
      .set({ data: sealFields(before, randomUUID(), 'profile', UNREADABLE) })
      .where(eq(applicationSteps.applicationId, unreadable.id));

    // Recorded with the login's email rather than the profile's.
    loginId = await newUser(LOGIN.email);
    await approvedApplication(loginId, null, {
      profile: { ...LOGIN, email: 'profile@example.com' },
    });
    await recordClientIdentity(db, before, loginId, LOGIN);
  });

  it('re-hashes the owner and the joint applicant from their own profiles, and keeps the unreadable one', async () => {
    const initially = await clientIdentityUsage(db, rotated);
    expect(
      initially.find((usage) => usage.column === 'sin_hash' && usage.keyId === 'k1'),
    ).toMatchObject({ count: 4, kept: 1, keptReason: 'no approved application with its SIN' });

    const first = await clientIdentitiesBatch(db, rotated, undefined, 2);
    const second = await clientIdentitiesBatch(db, rotated, first.last, 2);
    expect([first.more, second.more]).toEqual([true, true]);
    const third = await clientIdentitiesBatch(db, rotated, second.last, 2);
    expect(third.more).toBe(false);
    const progress = [first, second, third].map((batch) => batch.progress);
    expect(progress.reduce((sum, batch) => sum + batch.rewritten, 0)).toBe(3);
    expect(progress.reduce((sum, batch) => sum + batch.kept, 0)).toBe(1);

    expect(await identityOf(ownerId)).toMatchObject(identityHashesOf(rotated, OWNER));
    expect(await identityOf(jointId)).toMatchObject(identityHashesOf(rotated, JOINT));
    expect(await identityOf(loginId)).toMatchObject(identityHashesOf(rotated, LOGIN));
    expect((await identityOf(jointId)).emailHash.startsWith('k2.')).toBe(true);
    expect(await identityOf(unreadableId)).toMatchObject(identityHashesOf(before, UNREADABLE));

    const usage = await clientIdentityUsage(db, rotated);
    expect(usage.filter((column) => column.keyId === 'k1')).toEqual(
      ['email_hash', 'sin_hash', 'birth_date_hash'].map((column) => ({
        table: 'client_identities',
        column,
        kind: 'hash',
        keyId: 'k1',
        count: 1,
        kept: 1,
        keptReason: 'no approved application with its SIN',
      })),
    );
    expect(usage.filter((column) => column.keyId === 'k2').map((column) => column.count)).toEqual([
      3, 3, 3,
    ]);

    // A second pass finds only the kept row, and leaves it.
    const again = await clientIdentitiesBatch(db, rotated, undefined, 10);
    expect(again.progress).toEqual({ rewritten: 0, unreadable: 0, kept: 1 });
  });
});
