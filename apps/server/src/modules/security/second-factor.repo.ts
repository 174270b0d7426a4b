import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mfaFactors, mfaRecoveryCodes, oneTimeCodes } from '../../db/schema.ts';

export type FactorRow = typeof mfaFactors.$inferSelect;
export type FactorKind = 'totp' | 'sms';
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

export async function factorsOf(db: Database, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
}

export async function confirmedFactorsOf(db: Database, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt)));
}

/** A new factor being set up replaces one being set up; a confirmed one is left alone. */
export async function upsertPendingFactor(
  db: Database,
  values: { userId: string; kind: FactorKind; secretEncrypted: string },
): Promise<boolean> {
  const rows = await db
    .insert(mfaFactors)
    .values(values)
    .onConflictDoUpdate({
      target: [mfaFactors.userId, mfaFactors.kind],
      set: { secretEncrypted: values.secretEncrypted, createdAt: sql`now()` },
      setWhere: isNull(mfaFactors.confirmedAt),
    })
    .returning({ kind: mfaFactors.kind });
  return rows.length > 0;
}

export async function confirmFactor(db: Database, userId: string, kind: FactorKind, now: Date) {
  await db
    .update(mfaFactors)
    .set({ confirmedAt: now })
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, kind)));
}

/**
 * Records the TOTP step just accepted, only if it is later than the last one: two requests
 * racing with the same code cannot both win.
 */
export async function useTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.kind, 'totp'),
        sql`coalesce(${mfaFactors.lastUsedStep}, -1) < ${step}`,
      ),
    )
    .returning({ step: mfaFactors.lastUsedStep });
  return rows.length > 0;
}

export async function deleteFactors(db: Database, userId: string, kinds: readonly FactorKind[]) {
  for (const kind of kinds) {
    await db
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, kind)));
  }
}

export async function replaceRecoveryCodes(db: Database, userId: string, hashes: string[]) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (hashes.length > 0) {
    await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  }
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

/** Spends a recovery code in one statement: true only for the first use. */
export async function spendRecoveryCode(
  db: Database,
  userId: string,
  codeHashes: string[],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        inArray(mfaRecoveryCodes.codeHash, codeHashes),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function findCode(
  db: Database,
  userId: string,
  purpose: string,
): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));
  return row;
}

/** A new code for the purpose replaces the old one, with fresh attempts. */
export async function upsertCode(
  db: Database,
  values: {
    userId: string;
    purpose: string;
    target: string | null;
    codeHash: string;
    expiresAt: Date;
    sentAt: Date;
    sendCount: number;
    sendWindowStartedAt: Date;
  },
) {
  await db
    .insert(oneTimeCodes)
    .values({ ...values, attempts: 0 })
    .onConflictDoUpdate({
      target: [oneTimeCodes.userId, oneTimeCodes.purpose],
      set: {
        target: values.target,
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        sentAt: values.sentAt,
        sendCount: values.sendCount,
        sendWindowStartedAt: values.sendWindowStartedAt,
        attempts: 0,
      },
    });
}

/** Counts one try atomically and answers the count (so concurrent guesses get distinct ones). */
export async function countCodeAttempt(
  db: Database,
  userId: string,
  purpose: string,
): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts;
}

/**
 * Spends the code whose hash is `codeHash`, keeping its row: the send count and the time of the
 * last send go on bounding the next sends (B-F8: deleting the row restarted them). Answers
 * false when another request spent it first, so a code signs in once however many race.
 */
export async function spendCode(
  db: Database,
  values: { userId: string; purpose: string; codeHash: string; spentHash: string; now: Date },
): Promise<boolean> {
  const spent = await db
    .update(oneTimeCodes)
    .set({ codeHash: values.spentHash, expiresAt: values.now })
    .where(
      and(
        eq(oneTimeCodes.userId, values.userId),
        eq(oneTimeCodes.purpose, values.purpose),
        eq(oneTimeCodes.codeHash, values.codeHash),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  return spent.length > 0;
}
