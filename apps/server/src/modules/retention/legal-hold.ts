import {
  deletableFrom,
  retentionRecordClasses,
  type RetentionPeriods,
  type RetentionRecordClass,
  type RetentionStateView,
} from '@portal/domain/retention/retention-rules';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applicationRetention, applications } from '../../db/schema.ts';
import { Refusal, type RefusalTexts } from '../../lib/refusals/refusal.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';

/**
 * What operations set on an application's retention (issue 36, ADR 0044): a legal hold, set and
 * lifted with a reason, and the account's closure, which starts the retention periods. Each
 * change is one transaction with its audit event.
 */

const notFound = () => new Refusal(404, 'notFound');
const notDecidable = () => new Refusal(409, 'notDecidable');

export const LEGAL_HOLD_SET = 'legalHoldSet';
export const LEGAL_HOLD_LIFTED = 'legalHoldLifted';
export const ACCOUNT_CLOSURE_RECORDED = 'accountClosureRecorded';

/** 409: only an approved application opened an account, so only its closure is recorded. */
export const ACCOUNT_NOT_APPROVED = 'accountNotApproved';
/** 422: a closure is recorded once it happened, never ahead (it would start the clock early). */
export const CLOSURE_IN_FUTURE = 'closureInFuture';

/** The texts of the two refusals above, in the caller's language. */
export const retentionRefusalTexts: RefusalTexts = {
  en: {
    [ACCOUNT_NOT_APPROVED]:
      'This application was not approved, so it opened no account: there is no closure to record.',
    [CLOSURE_IN_FUTURE]: 'The closure date cannot be in the future.',
  },
  fr: {
    [ACCOUNT_NOT_APPROVED]:
      'Cette demande n’a pas été approuvée : elle n’a ouvert aucun compte, il n’y a pas de fermeture à consigner.',
    [CLOSURE_IN_FUTURE]: 'La date de fermeture ne peut pas être dans le futur.',
  },
};

async function lockedApplication(tx: Database, applicationId: string) {
  const [row] = await tx
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The row, created empty (open, not held) the first time something is set. */
async function ensureRow(tx: Database, applicationId: string, now: Date) {
  await tx
    .insert(applicationRetention)
    .values({ applicationId, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(applicationRetention)
    .where(eq(applicationRetention.applicationId, applicationId));
  if (!row) throw new Error('application_retention row missing after insert');
  return row;
}

export async function retentionStateOf(
  db: Database,
  applicationId: string,
  periods: RetentionPeriods,
): Promise<RetentionStateView> {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      accountClosedAt: applicationRetention.accountClosedAt,
      legalHold: sql<boolean>`coalesce(${applicationRetention.legalHold}, false)`,
      legalHoldReason: applicationRetention.legalHoldReason,
      legalHoldSince: applicationRetention.legalHoldSince,
    })
    .from(applications)
    .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
    .where(eq(applications.id, applicationId));
  if (!row) throw notFound();
  // The application's own creation: each record is at least as young, so this is the earliest.
  const subject = {
    createdAt: row.createdAt,
    accountClosedAt: row.accountClosedAt,
    legalHold: row.legalHold,
  };
  const earliest = Object.fromEntries(
    retentionRecordClasses.map((recordClass) => [
      recordClass,
      deletableFrom(subject, periods[recordClass])?.toISOString() ?? null,
    ]),
  ) as Record<RetentionRecordClass, string | null>;
  return {
    applicationId: row.id,
    status: row.status,
    accountClosedAt: row.accountClosedAt?.toISOString() ?? null,
    legalHold: row.legalHold,
    legalHoldReason: row.legalHoldReason ?? null,
    legalHoldSince: row.legalHoldSince?.toISOString() ?? null,
    deletableFrom: earliest,
  };
}

export interface HoldChange {
  staffId: string;
  applicationId: string;
  reason: string;
  now?: Date;
}

/** Sets the hold (409 when already held: the reason on file stays the one audited). */
export function setLegalHold(db: Database, change: HoldChange): Promise<void> {
  return changeLegalHold(db, change, true);
}

/** Lifts the hold (409 when none is set); retention counts again from its usual start. */
export function liftLegalHold(db: Database, change: HoldChange): Promise<void> {
  return changeLegalHold(db, change, false);
}

/** Sets or lifts the hold in one transaction, audited with the reason (and, lifted, since when). */
async function changeLegalHold(db: Database, change: HoldChange, held: boolean): Promise<void> {
  const now = change.now ?? new Date();
  await db.transaction(async (tx) => {
    const application = await lockedApplication(tx, change.applicationId);
    const row = await ensureRow(tx, change.applicationId, now);
    if (row.legalHold === held) throw notDecidable();
    await tx
      .update(applicationRetention)
      .set({
        legalHold: held,
        legalHoldReason: held ? change.reason : null,
        legalHoldSince: held ? now : null,
        legalHoldBy: held ? change.staffId : null,
        updatedAt: now,
      })
      .where(eq(applicationRetention.applicationId, change.applicationId));
    await recordAuditEvent(tx, {
      applicationId: change.applicationId,
      actorId: change.staffId,
      action: held ? LEGAL_HOLD_SET : LEGAL_HOLD_LIFTED,
      fromStatus: application.status,
      toStatus: application.status,
      details: held
        ? { reason: change.reason }
        : { reason: change.reason, heldSince: row.legalHoldSince?.toISOString() ?? null },
      createdAt: now,
    });
  });
}

/**
 * Records when the account the application opened was closed (the dealer's back office closes
 * accounts; the portal learns it from operations). Only an approved application opened one.
 */
export async function recordAccountClosure(
  db: Database,
  change: { staffId: string; applicationId: string; closedAt: Date; reason: string; now?: Date },
): Promise<void> {
  const now = change.now ?? new Date();
  await db.transaction(async (tx) => {
    const application = await lockedApplication(tx, change.applicationId);
    if (application.status !== 'approved') throw new Refusal(409, ACCOUNT_NOT_APPROVED);
    if (change.closedAt > now) {
      throw new Refusal(422, CLOSURE_IN_FUTURE, { fields: { closedAt: CLOSURE_IN_FUTURE } });
    }
    const row = await ensureRow(tx, change.applicationId, now);
    await tx
      .update(applicationRetention)
      .set({ accountClosedAt: change.closedAt, updatedAt: now })
      .where(eq(applicationRetention.applicationId, change.applicationId));
    await recordAuditEvent(tx, {
      applicationId: change.applicationId,
      actorId: change.staffId,
      action: ACCOUNT_CLOSURE_RECORDED,
      fromStatus: application.status,
      toStatus: application.status,
      details: {
        reason: change.reason,
        closedAt: change.closedAt.toISOString(),
        previous: row.accountClosedAt?.toISOString() ?? null,
      },
      createdAt: now,
    });
  });
}
