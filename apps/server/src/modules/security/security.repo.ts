import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accessTokens,
  passwordResets,
  sessions,
  signInChallenges,
  signInThrottles,
  users,
} from '../../db/schema.ts';

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

/** Keeps a session alive until `idleExpiresAt` (never past its absolute end); answers it. */
export async function extendSession(db: Database, id: string, idleExpiresAt: Date, now: Date) {
  const [row] = await db
    .update(sessions)
    .set({
      idleExpiresAt: sql`least(${idleExpiresAt.toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})`,
      lastSeenAt: now,
    })
    .where(eq(sessions.id, id))
    .returning();
  return row;
}

export async function revokeSession(db: Database, id: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
  await db.update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.sessionId, id));
}

/** Ends every live session of a person (and their tokens), but `except` when given. */
export async function revokeSessionsOfUser(
  db: Database,
  userId: string,
  now: Date,
  except?: string,
): Promise<void> {
  const mine = and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    except ? ne(sessions.id, except) : undefined,
  );
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(mine)
    .returning({ id: sessions.id });
  if (ended.length === 0) return;
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        except ? ne(accessTokens.sessionId, except) : undefined,
      ),
    );
}

/** A person's live sessions, most recently used first. */
export async function listLiveSessions(db: Database, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export async function insertAccessToken(db: Database, values: typeof accessTokens.$inferInsert) {
  await db.insert(accessTokens).values(values);
}

/** The live token with its user and session, or undefined. */
export async function findLiveAccessToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: accessTokens, user: users, sessionEndsAt: sessions.absoluteExpiresAt })
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

export interface AttemptCount {
  /** This attempt's number in the current window (1 for the first). */
  count: number;
  /** Set once the count went past the limit: every attempt is refused until then. */
  lockedUntil: Date | null;
}

/**
 * Counts one attempt on `key` before the work it guards, in one atomic statement, so that any
 * number of concurrent requests on any number of instances get distinct numbers: at most
 * `limit` of them are ever let through. The attempt past the limit locks the key until
 * `lockUntil`; a lock that has ended, or a count quiet since `windowStart`, starts again at 1.
 */
export async function countAttempt(
  db: Database,
  key: string,
  {
    now,
    windowStart,
    limit,
    lockUntil,
  }: {
    now: Date;
    windowStart: Date;
    limit: number;
    lockUntil: Date;
  },
): Promise<AttemptCount> {
  const t = signInThrottles;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${at(now)})`;
  const restarts = sql`(${t.lockedUntil} is not null or ${t.lastFailureAt} < ${at(windowStart)})`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, lastFailureAt: now, lockedUntil: limit < 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${locked} then ${t.failures} when ${restarts} then 1 else ${t.failures} + 1 end`,
        lockedUntil: sql`case when ${locked} then ${t.lockedUntil}
          when ${restarts} then (case when 1 > ${limit} then ${at(lockUntil)} end)
          when ${t.failures} + 1 > ${limit} then ${at(lockUntil)} end`,
        lastFailureAt: sql`case when ${locked} then ${t.lastFailureAt} else ${at(now)} end`,
      },
    })
    .returning({ count: t.failures, lockedUntil: t.lockedUntil });
  if (!row) throw new Error('attempt count returned nothing');
  return row;
}

/** Takes back one attempt that succeeded (a right password), unless the key is locked. */
export async function uncountAttempt(db: Database, key: string) {
  await db
    .update(signInThrottles)
    .set({ failures: sql`greatest(${signInThrottles.failures} - 1, 0)` })
    .where(and(eq(signInThrottles.key, key), isNull(signInThrottles.lockedUntil)));
}

export async function clearThrottle(db: Database, key: string) {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key));
}

export async function updatePassword(db: Database, userId: string, hash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash: hash, passwordChangedAt: now })
    .where(eq(users.id, userId));
}

export async function insertChallenge(db: Database, values: typeof signInChallenges.$inferInsert) {
  await db.insert(signInChallenges).values(values);
}

export async function findLiveChallenge(db: Database, secretHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.secretHash, secretHash), gt(signInChallenges.expiresAt, now)));
  return row;
}

/** Deletes the challenge and, while at it, every expired one. */
export async function deleteChallenge(db: Database, secretHash: string, now: Date) {
  await db
    .delete(signInChallenges)
    .where(or(eq(signInChallenges.secretHash, secretHash), lt(signInChallenges.expiresAt, now)));
}

export async function insertPasswordReset(
  db: Database,
  values: typeof passwordResets.$inferInsert,
) {
  await db.insert(passwordResets).values(values);
}

/** Spends a live reset link in one statement: answers its user only the first time. */
export async function spendPasswordReset(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}

export async function findLivePasswordReset(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  return row;
}

/** Every other reset link of the person stops working (a new password was chosen). */
export async function spendPasswordResetsOf(db: Database, userId: string, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function markEmailVerified(db: Database, userId: string, now: Date) {
  await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
}

export async function setPendingEmail(db: Database, userId: string, email: string | null) {
  await db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
}

/**
 * The proved new address becomes the sign-in email; false when another account took it in the
 * meantime (the unique index decides, on any instance).
 */
export async function changeEmail(db: Database, userId: string, email: string, now: Date) {
  const taken = await findUserByEmail(db, email);
  if (taken && taken.id !== userId) return false;
  try {
    await db
      .update(users)
      .set({ email, pendingEmail: null, emailVerifiedAt: now })
      .where(eq(users.id, userId));
    return true;
  } catch (error) {
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505')
      return false;
    throw error;
  }
}

export async function updateUser(
  db: Database,
  userId: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'language'>>,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}
