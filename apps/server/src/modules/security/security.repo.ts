import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accessTokens, sessions, signInThrottles, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; answers undefined when the email is taken (unique index). */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function insertSession(
  db: Database,
  values: typeof sessions.$inferInsert,
): Promise<typeof sessions.$inferSelect> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** A session that is neither revoked nor expired at `now`. */
export async function findLiveSession(db: Database, secretHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.secretHash, secretHash),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function extendSession(db: Database, id: string, idleExpiresAt: Date) {
  await db
    .update(sessions)
    .set({
      idleExpiresAt: sql`least(${idleExpiresAt.toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})`,
    })
    .where(eq(sessions.id, id));
}

export async function revokeSession(db: Database, id: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
  await db.update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.sessionId, id));
}

export async function insertAccessToken(db: Database, values: typeof accessTokens.$inferInsert) {
  await db.insert(accessTokens).values(values);
}

/** The live token with its user and session, or undefined. */
export async function findLiveAccessToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function extendAccessToken(db: Database, id: string, expiresAt: Date) {
  await db.update(accessTokens).set({ expiresAt }).where(eq(accessTokens.id, id));
}

export async function findThrottle(db: Database, key: string) {
  const [row] = await db.select().from(signInThrottles).where(eq(signInThrottles.key, key));
  return row;
}

/**
 * Counts one more failure atomically (several instances may count at once); a count that was
 * quiet for `resetAfter` starts again from one.
 */
export async function recordFailure(db: Database, key: string, now: Date, resetBefore: Date) {
  const [row] = await db
    .insert(signInThrottles)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: {
        failures: sql`case when ${signInThrottles.lastFailureAt} < ${resetBefore.toISOString()}::timestamptz then 1 else ${signInThrottles.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning();
  return row;
}

export async function lockThrottle(db: Database, key: string, until: Date) {
  await db.update(signInThrottles).set({ lockedUntil: until }).where(eq(signInThrottles.key, key));
}

export async function clearThrottle(db: Database, key: string) {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key));
}
