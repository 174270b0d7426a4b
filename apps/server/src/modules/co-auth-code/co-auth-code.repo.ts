import { and, asc, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, auditEvents, coAuthCodes, users } from '../../db/schema.ts';

export type CoAuthCodeRow = typeof coAuthCodes.$inferSelect;

/** The audit action of a code sent again on the joint applicant's request. */
export const RESENT_ACTION = 'coAuthCodeResent';

/** How many invitations to one address are looked at; more would be an abuse, not a family. */
const MAX_CANDIDATES = 20;

/**
 * Writes the application's code, replacing any earlier one: a new invitation starts again
 * (new code, fresh attempts, not verified).
 */
export async function upsertCode(
  db: Database,
  row: Pick<CoAuthCodeRow, 'applicationId' | 'inviteeEmail' | 'codeHash' | 'expiresAt' | 'sentAt'>,
): Promise<void> {
  const fresh = { ...row, attempts: 0, verifiedAt: null, verifiedBy: null };
  await db
    .insert(coAuthCodes)
    .values(fresh)
    .onConflictDoUpdate({
      target: coAuthCodes.applicationId,
      set: {
        inviteeEmail: fresh.inviteeEmail,
        codeHash: fresh.codeHash,
        attempts: 0,
        expiresAt: fresh.expiresAt,
        sentAt: fresh.sentAt,
        verifiedAt: null,
        verifiedBy: null,
      },
    });
}

/**
 * Codes mailed to this address and not verified yet, the most recently sent first. `lock`
 * holds them until the transaction ends, so two guesses never count as one.
 */
export async function pendingFor(
  db: Database,
  inviteeEmail: string,
  { lock = false } = {},
): Promise<CoAuthCodeRow[]> {
  const query = db
    .select()
    .from(coAuthCodes)
    .where(and(eq(coAuthCodes.inviteeEmail, inviteeEmail), isNull(coAuthCodes.verifiedAt)))
    .orderBy(desc(coAuthCodes.sentAt), asc(coAuthCodes.applicationId))
    .limit(MAX_CANDIDATES);
  return lock ? query.for('update') : query;
}

/** The invitation this person last proved the code of, if any. */
export async function lastVerifiedBy(
  db: Database,
  userId: string,
): Promise<CoAuthCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(coAuthCodes)
    .where(and(eq(coAuthCodes.verifiedBy, userId), isNotNull(coAuthCodes.verifiedAt)))
    .orderBy(desc(coAuthCodes.verifiedAt))
    .limit(1);
  return row;
}

export async function setAttempts(
  db: Database,
  applicationId: string,
  attempts: number,
): Promise<void> {
  await db
    .update(coAuthCodes)
    .set({ attempts })
    .where(eq(coAuthCodes.applicationId, applicationId));
}

/** A new code for the same invitation: fresh attempts, a new validity. */
export async function replaceCode(
  db: Database,
  applicationId: string,
  values: Pick<CoAuthCodeRow, 'codeHash' | 'expiresAt' | 'sentAt'>,
): Promise<CoAuthCodeRow> {
  const [row] = await db
    .update(coAuthCodes)
    .set({ ...values, attempts: 0 })
    .where(eq(coAuthCodes.applicationId, applicationId))
    .returning();
  if (!row) throw new Error('co_auth_codes update returned nothing');
  return row;
}

export async function markVerified(
  db: Database,
  applicationId: string,
  userId: string,
  at: Date,
): Promise<CoAuthCodeRow> {
  const [row] = await db
    .update(coAuthCodes)
    .set({ verifiedAt: at, verifiedBy: userId })
    .where(eq(coAuthCodes.applicationId, applicationId))
    .returning();
  if (!row) throw new Error('co_auth_codes update returned nothing');
  return row;
}

/**
 * When the codes sent again for this application since `since` were sent, oldest first. Read
 * from the audit trail, which the applications service writes and never deletes: the table of
 * codes keeps only the current code, not how many came before it.
 */
export async function resendTimesSince(
  db: Database,
  applicationId: string,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: auditEvents.createdAt })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.applicationId, applicationId),
        eq(auditEvents.action, RESENT_ACTION),
        gt(auditEvents.createdAt, since),
      ),
    )
    .orderBy(asc(auditEvents.createdAt));
  return rows.map((row) => row.createdAt);
}

/** The primary applicant's sign-in account: where and in which language they are written to. */
export async function primaryAccountOf(
  db: Database,
  applicationId: string,
): Promise<{ email: string; language: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, language: users.language })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.ownerId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}
