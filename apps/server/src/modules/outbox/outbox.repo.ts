import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export type NewOutboxRow = typeof outboxMessages.$inferInsert;
export type OutboxRow = typeof outboxMessages.$inferSelect;

/** A message a dispatcher holds: `attempts` (counted by the claim) names the claim itself. */
export type ClaimedRow = Pick<
  OutboxRow,
  'id' | 'channel' | 'recipient' | 'template' | 'contentEncrypted' | 'attempts'
>;

/**
 * "Now" for the outbox: the given instant (tests move the clock), or else the database's own
 * clock, one for every instance, so that leases and due times do not depend on which instance's
 * clock is ahead. `now()` is the transaction's start: a claim sees every message committed
 * before it began, even one queued within the same millisecond.
 */
const instant = (at: Date | undefined): Date | SQL => at ?? sql`now()`;
const after = (at: Date | undefined, ms: number): Date | SQL =>
  at
    ? new Date(at.getTime() + ms)
    : sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

export async function insertMessage(db: Database, row: NewOutboxRow): Promise<void> {
  await db.insert(outboxMessages).values(row);
}

/**
 * Claims up to `limit` due messages for `leaseMs`: pending, due, and not held by another
 * dispatcher's live lease. Run it in a transaction of its own: `SKIP LOCKED` lets dispatchers
 * claiming at the same moment take different rows instead of waiting for each other.
 */
export async function claimDue(
  tx: Database,
  { at, leaseMs, limit }: { at?: Date; leaseMs: number; limit: number },
): Promise<ClaimedRow[]> {
  const now = instant(at);
  const due = await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.nextAttemptAt, now),
        or(isNull(outboxMessages.lockedUntil), lt(outboxMessages.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(outboxMessages)
    .set({ lockedUntil: after(at, leaseMs), attempts: sql`${outboxMessages.attempts} + 1` })
    .where(
      inArray(
        outboxMessages.id,
        due.map((row) => row.id),
      ),
    )
    .returning({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      template: outboxMessages.template,
      contentEncrypted: outboxMessages.contentEncrypted,
      attempts: outboxMessages.attempts,
    });
}

/**
 * The rows of one claim: still pending and claimed `attempts` times. A dispatcher whose lease
 * ran out and whose message was claimed again (attempts moved on) no longer matches.
 */
const ofClaim = (id: string, attempts: number) =>
  and(
    eq(outboxMessages.id, id),
    eq(outboxMessages.status, 'pending'),
    eq(outboxMessages.attempts, attempts),
  );

/** Answers false when the claim was lost (see `ofClaim`): nothing is written then. */
export async function markSent(
  db: Database,
  claim: { id: string; attempts: number },
  at?: Date,
  vendorReference?: string,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: instant(at),
      lockedUntil: null,
      lastError: null,
      ...(vendorReference && { vendorReference }),
    })
    .where(ofClaim(claim.id, claim.attempts))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/**
 * Releases a claim whose send failed, due again `delayMs` from now. Answers when, or undefined
 * when the claim was lost.
 */
export async function reschedule(
  db: Database,
  claim: { id: string; attempts: number },
  { at, delayMs, lastError }: { at?: Date; delayMs: number; lastError: string },
): Promise<Date | undefined> {
  const [row] = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: after(at, delayMs), lastError, lockedUntil: null })
    .where(ofClaim(claim.id, claim.attempts))
    .returning({ nextAttemptAt: outboxMessages.nextAttemptAt });
  return row?.nextAttemptAt;
}

/**
 * Ends a claim whose message the vendor refused for good: never claimed again. Answers false
 * when the claim was lost.
 */
export async function markRefused(
  db: Database,
  claim: { id: string; attempts: number },
  { at, lastError, reason }: { at?: Date; lastError: string; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({
      status: 'refused',
      lockedUntil: null,
      lastError,
      deliveryStatus: 'refused',
      deliveryReason: reason,
      deliveryErrorCode: lastError,
      deliveryUpdatedAt: instant(at),
    })
    .where(ofClaim(claim.id, claim.attempts))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/**
 * A vendor's delivery report, kept only when it moves the message forward (`rank` above the
 * recorded status's): a replayed or late report changes nothing. Answers the message's id and
 * template when it was recorded.
 */
export async function recordDeliveryReport(
  db: Database,
  report: {
    vendorReference: string;
    status: string;
    rank: number;
    recordedRanks: Record<string, number>;
    errorCode: string | null;
    reason: string | null;
    at: Date;
  },
): Promise<{ id: string; template: string } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: outboxMessages.id,
        template: outboxMessages.template,
        deliveryStatus: outboxMessages.deliveryStatus,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.vendorReference, report.vendorReference))
      .for('update');
    if (!row) return undefined;
    const recorded = row.deliveryStatus ? (report.recordedRanks[row.deliveryStatus] ?? -1) : -1;
    if (report.rank <= recorded) return undefined;
    await tx
      .update(outboxMessages)
      .set({
        deliveryStatus: report.status,
        deliveryReason: report.reason,
        deliveryErrorCode: report.errorCode,
        deliveryUpdatedAt: report.at,
      })
      .where(eq(outboxMessages.id, row.id));
    return { id: row.id, template: row.template };
  });
}

/** Why the newest text message to `recipient` queued since `since` did not arrive, if it did not. */
export async function latestSmsTo(
  db: Database,
  recipient: string,
  since: Date,
): Promise<Pick<OutboxRow, 'deliveryReason'> | undefined> {
  const [row] = await db
    .select({ deliveryReason: outboxMessages.deliveryReason })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, 'sms'),
        eq(outboxMessages.recipient, recipient),
        gte(outboxMessages.createdAt, since),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(1);
  return row;
}

export async function findMessage(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}
