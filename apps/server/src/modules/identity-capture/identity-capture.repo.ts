import { and, desc, eq, gt, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  identityAttempts,
  identityCaptures,
  identityHandoffs,
  identityVerifications,
  signInThrottles,
} from '../../db/schema.ts';

export type HandoffRow = typeof identityHandoffs.$inferSelect;
export type CaptureRow = typeof identityCaptures.$inferSelect;

/** A hand-off with what the phone pages need of its attempt. */
export interface HandoffWithAttempt {
  handoff: HandoffRow;
  attempt: {
    id: string;
    applicationId: string;
    role: string;
    userId: string;
    outcome: string;
    reason: string | null;
    vendor: string | null;
  };
}

const attemptColumns = {
  id: identityAttempts.id,
  applicationId: identityAttempts.applicationId,
  role: identityAttempts.role,
  userId: identityAttempts.userId,
  outcome: identityAttempts.outcome,
  reason: identityAttempts.reason,
  vendor: identityAttempts.vendor,
};

/** Stages after which a hand-off no longer runs. */
const OVER = ['decided', 'expired'];

/** The person's newest hand-off still running on this application (not decided, not expired). */
export async function findRunningHandoff(
  db: Database,
  applicationId: string,
  role: string,
  { lock = false } = {},
): Promise<HandoffWithAttempt | undefined> {
  const query = db
    .select({ handoff: identityHandoffs, attempt: attemptColumns })
    .from(identityHandoffs)
    .innerJoin(identityAttempts, eq(identityAttempts.id, identityHandoffs.attemptId))
    .where(
      and(
        eq(identityAttempts.applicationId, applicationId),
        eq(identityAttempts.role, role),
        notInArray(identityHandoffs.stage, OVER),
      ),
    )
    .orderBy(desc(identityAttempts.startedAt))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: identityHandoffs }) : await query;
  return row;
}

export async function findHandoffByCredential(
  db: Database,
  credential: { kind: 'token' | 'shortCode'; hashes: string[] },
  { lock = false } = {},
): Promise<HandoffWithAttempt | undefined> {
  const column =
    credential.kind === 'token' ? identityHandoffs.tokenHash : identityHandoffs.shortCodeHash;
  const query = db
    .select({ handoff: identityHandoffs, attempt: attemptColumns })
    .from(identityHandoffs)
    .innerJoin(identityAttempts, eq(identityAttempts.id, identityHandoffs.attemptId))
    .where(inArray(column, credential.hashes))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: identityHandoffs }) : await query;
  return row;
}

export async function findHandoffByAttempt(
  db: Database,
  attemptId: string,
): Promise<HandoffRow | undefined> {
  const [row] = await db
    .select()
    .from(identityHandoffs)
    .where(eq(identityHandoffs.attemptId, attemptId))
    .limit(1);
  return row;
}

export async function insertHandoff(db: Database, values: typeof identityHandoffs.$inferInsert) {
  await db.insert(identityHandoffs).values(values);
}

export async function updateHandoff(
  db: Database,
  attemptId: string,
  values: Partial<Omit<HandoffRow, 'attemptId'>>,
) {
  await db
    .update(identityHandoffs)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(identityHandoffs.attemptId, attemptId));
}

/** The vendor's reference, once the images are sent: the webhook finds the attempt by it. */
export async function setAttemptVendor(
  db: Database,
  attemptId: string,
  vendor: string,
  vendorReference: string,
) {
  await db
    .update(identityAttempts)
    .set({ vendor, vendorReference })
    .where(eq(identityAttempts.id, attemptId));
}

/** Which sides are captured (no content). */
export async function capturedSides(db: Database, attemptId: string): Promise<string[]> {
  const rows = await db
    .select({ side: identityCaptures.side })
    .from(identityCaptures)
    .where(eq(identityCaptures.attemptId, attemptId));
  return rows.map((row) => row.side);
}

export async function capturesOf(db: Database, attemptId: string): Promise<CaptureRow[]> {
  return db.select().from(identityCaptures).where(eq(identityCaptures.attemptId, attemptId));
}

export async function upsertCapture(db: Database, values: typeof identityCaptures.$inferInsert) {
  await db
    .insert(identityCaptures)
    .values(values)
    .onConflictDoUpdate({
      target: [identityCaptures.attemptId, identityCaptures.side],
      set: {
        contentType: values.contentType,
        fileNameEncrypted: values.fileNameEncrypted,
        contentEncrypted: values.contentEncrypted,
        capturedAt: values.capturedAt ?? new Date(),
      },
    });
}

export async function deleteCapture(db: Database, attemptId: string, side?: string) {
  await db
    .delete(identityCaptures)
    .where(
      side === undefined
        ? eq(identityCaptures.attemptId, attemptId)
        : and(eq(identityCaptures.attemptId, attemptId), eq(identityCaptures.side, side)),
    );
}

export async function verificationStateOf(
  db: Database,
  applicationId: string,
  role: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ state: identityVerifications.state })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.applicationId, applicationId),
        eq(identityVerifications.role, role),
      ),
    )
    .limit(1);
  return row?.state;
}

/** Whether failed look-ups from this key are locked out now (the sign-in throttles' table). */
export async function isThrottled(db: Database, key: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ key: signInThrottles.key })
    .from(signInThrottles)
    .where(and(eq(signInThrottles.key, key), gt(signInThrottles.lockedUntil, now)))
    .limit(1);
  return row !== undefined;
}
