import { retentionCutoff, type RetentionPeriods } from '@portal/domain/retention/retention-rules';
import { and, eq, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  applicationDocuments,
  applicationRetention,
  applicationSignatures,
  applications,
  auditEvents,
  clientAccounts,
  fundingRequests,
  identityAttempts,
  padAgreements,
  paymentFiles,
  paymentItems,
  paymentReturnFiles,
  paymentReturns,
} from '../../db/schema.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import { RECORD_DELETED, recordDeletion, type SweptRecordClass } from './retention-audit.ts';

/**
 * The retention sweep (issue 36, ADR 0044): each record class's records whose period, counted
 * from the later of their creation and the account's closure, has passed, and whose account is
 * closed and not under a legal hold, are deleted in batches, each batch one transaction with
 * one audit event per application (ids and the class only). Rows are picked with SKIP LOCKED
 * and deleted by id, so two instances never delete, or audit, the same record twice; a pass
 * that stopped half-way is simply run again.
 */

export interface RetentionSweepDeps {
  db: Database;
  /** The vendor of the envelopes, asked to forget an agreement before our copy goes. */
  esign?: EsignProvider;
  log: { warn(details: object, message: string): void };
}

export interface RetentionSweepSettings {
  periods: RetentionPeriods;
  batchSize: number;
}

export type RetentionSweepCounts = Record<SweptRecordClass, number> & {
  /** Audit events past their period: counted, deleted only by the owner's `audit:prune`. */
  auditEventsPastRetention: number;
};

/**
 * The application's account is closed since at least `cutoff` and not held: the SQL form of
 * `isPastRetention` for the account's side (the record's own date is compared by each query).
 */
function closedAndReleased(applicationId: AnyPgColumn | SQL, cutoff: Date): SQL {
  return sql`exists (select 1 from ${applicationRetention} where ${applicationRetention.applicationId} = ${applicationId} and ${applicationRetention.accountClosedAt} <= ${cutoff} and not ${applicationRetention.legalHold})`;
}

/**
 * The audit events past their period at `cutoff` (RETENTION_AUDIT_EVENTS_YEARS before now): of
 * an account closed and not held since at least then, or of no application (one deleted, whose
 * hold and closure went with it, or none: a payment file's events). The one selection both the
 * sweep's count and the owner's prune (modules/audit/audit-prune.ts) use.
 */
export function auditEventPastRetention(cutoff: Date): SQL {
  return and(
    lte(auditEvents.createdAt, cutoff),
    or(
      closedAndReleased(auditEvents.applicationId, cutoff),
      sql`not exists (select 1 from ${applications} where ${applications.id} = ${auditEvents.applicationId})`,
    ),
  )!;
}

/** Runs `batch` until it deletes fewer than a full batch; answers how many it deleted. */
async function inBatches(size: number, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await batch();
    total += deleted;
    if (deleted < size) return total;
  }
}

function groupByApplication<Row extends { applicationId: string; id: string }>(rows: Row[]) {
  const byApplication = new Map<string, string[]>();
  for (const row of rows) {
    byApplication.set(row.applicationId, [...(byApplication.get(row.applicationId) ?? []), row.id]);
  }
  return byApplication;
}

export function createRetentionSweep(deps: RetentionSweepDeps, settings: RetentionSweepSettings) {
  const { db } = deps;
  const size = settings.batchSize;

  /** FINTRAC records: of a closed account, or of an application deleted before it opened one. */
  const identityBatch = (now: Date) => {
    const cutoff = retentionCutoff(now, settings.periods.identityRecord);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: identityAttempts.id, applicationId: identityAttempts.applicationId })
        .from(identityAttempts)
        .where(
          and(
            lte(identityAttempts.startedAt, cutoff),
            or(
              closedAndReleased(identityAttempts.applicationId, cutoff),
              and(
                lte(identityAttempts.retainUntil, now),
                notExists(
                  tx
                    .select({ one: sql`1` })
                    .from(applications)
                    .where(eq(applications.id, identityAttempts.applicationId)),
                ),
              ),
            ),
          ),
        )
        .limit(size)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx.delete(identityAttempts).where(
        inArray(
          identityAttempts.id,
          rows.map((row) => row.id),
        ),
      );
      for (const [applicationId, ids] of groupByApplication(rows)) {
        await recordDeletion(tx, {
          action: RECORD_DELETED,
          applicationId,
          recordClass: 'identityRecord',
          recordIds: ids,
          at: now,
        });
      }
      return rows.length;
    });
  };

  /** Uploaded documents go with the account-opening record (accountAgreement's period). */
  const documentBatch = (now: Date) => {
    const cutoff = retentionCutoff(now, settings.periods.accountAgreement);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: applicationDocuments.id, applicationId: applicationDocuments.applicationId })
        .from(applicationDocuments)
        .where(
          and(
            lte(applicationDocuments.uploadedAt, cutoff),
            closedAndReleased(applicationDocuments.applicationId, cutoff),
          ),
        )
        .limit(size)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx.delete(applicationDocuments).where(
        inArray(
          applicationDocuments.id,
          rows.map((row) => row.id),
        ),
      );
      for (const [applicationId, ids] of groupByApplication(rows)) {
        await recordDeletion(tx, {
          action: RECORD_DELETED,
          applicationId,
          recordClass: 'applicationDocument',
          recordIds: ids,
          at: now,
        });
      }
      return rows.length;
    });
  };

  /**
   * Signed agreements: the vendor forgets the envelope first (outside any transaction: a
   * vendor call never holds a lock), then our row goes. A vendor that fails keeps the row for
   * the next pass, so nothing is left at the vendor once our copy is gone.
   */
  const agreementBatch = async (now: Date) => {
    const cutoff = retentionCutoff(now, settings.periods.accountAgreement);
    const due = await db
      .select({
        applicationId: applicationSignatures.applicationId,
        role: applicationSignatures.role,
        provider: applicationSignatures.provider,
        envelopeId: applicationSignatures.envelopeId,
      })
      .from(applicationSignatures)
      .where(
        and(
          lte(applicationSignatures.createdAt, cutoff),
          closedAndReleased(applicationSignatures.applicationId, cutoff),
        ),
      )
      .limit(size);
    let deleted = 0;
    for (const signature of due) {
      try {
        if (deps.esign?.name === signature.provider) {
          await deps.esign.discard(signature.envelopeId);
        }
      } catch (error) {
        deps.log.warn(
          { applicationId: signature.applicationId, reason: (error as Error).name },
          'retention: the e-sign vendor did not delete an envelope; kept for the next pass',
        );
        continue;
      }
      deleted += await db.transaction(async (tx) => {
        const gone = await tx
          .delete(applicationSignatures)
          .where(
            and(
              eq(applicationSignatures.applicationId, signature.applicationId),
              eq(applicationSignatures.role, signature.role),
              // Still past retention now that we hold the lock (a hold may have come since).
              closedAndReleased(applicationSignatures.applicationId, cutoff),
            ),
          )
          .returning({ envelopeId: applicationSignatures.envelopeId });
        if (gone.length === 0) return 0;
        await recordDeletion(tx, {
          action: RECORD_DELETED,
          applicationId: signature.applicationId,
          recordClass: 'accountAgreement',
          recordIds: [`${signature.applicationId}:${signature.role}`],
          at: now,
        });
        return 1;
      });
    }
    // Fewer than a batch (a vendor failed) ends this pass's loop: the next pass tries again.
    return deleted;
  };

  const padBatch = (now: Date) => {
    const cutoff = retentionCutoff(now, settings.periods.padAgreement);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: padAgreements.id, applicationId: fundingRequests.applicationId })
        .from(padAgreements)
        .innerJoin(fundingRequests, eq(fundingRequests.id, padAgreements.fundingRequestId))
        .where(
          and(
            lte(padAgreements.acceptedAt, cutoff),
            closedAndReleased(fundingRequests.applicationId, cutoff),
          ),
        )
        .limit(size)
        .for('update', { of: padAgreements, skipLocked: true });
      if (rows.length === 0) return 0;
      await tx.delete(padAgreements).where(
        inArray(
          padAgreements.id,
          rows.map((row) => row.id),
        ),
      );
      for (const [applicationId, ids] of groupByApplication(rows)) {
        await recordDeletion(tx, {
          action: RECORD_DELETED,
          applicationId,
          recordClass: 'padAgreement',
          recordIds: ids,
          at: now,
        });
      }
      return rows.length;
    });
  };

  /**
   * A payment file names many people: it goes only once every account it carried is closed,
   * released and past the period, with its items. Return files go once nothing they returned
   * is left (their items deleted with their files, or never matched).
   */
  const paymentFileBatch = (now: Date) => {
    const cutoff = retentionCutoff(now, settings.periods.paymentFiles);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: paymentFiles.id })
        .from(paymentFiles)
        .where(
          and(
            lte(paymentFiles.createdAt, cutoff),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(paymentItems)
                .innerJoin(clientAccounts, eq(clientAccounts.id, paymentItems.clientAccountId))
                .where(
                  and(
                    eq(paymentItems.fileId, paymentFiles.id),
                    sql`not ${closedAndReleased(clientAccounts.applicationId, cutoff)}`,
                  ),
                ),
            ),
          ),
        )
        .limit(size)
        .for('update', { of: paymentFiles, skipLocked: true });
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      await tx.delete(paymentItems).where(inArray(paymentItems.fileId, ids));
      await tx.delete(paymentFiles).where(inArray(paymentFiles.id, ids));
      await recordDeletion(tx, {
        action: RECORD_DELETED,
        applicationId: null,
        recordClass: 'paymentFile',
        recordIds: ids,
        at: now,
      });
      return rows.length;
    });
  };

  const returnFileBatch = (now: Date) => {
    const cutoff = retentionCutoff(now, settings.periods.paymentFiles);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: paymentReturnFiles.id })
        .from(paymentReturnFiles)
        .where(
          and(
            lte(paymentReturnFiles.readAt, cutoff),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(paymentReturns)
                .where(
                  and(
                    eq(paymentReturns.returnFileId, paymentReturnFiles.id),
                    sql`${paymentReturns.itemId} is not null`,
                  ),
                ),
            ),
          ),
        )
        .limit(size)
        .for('update', { of: paymentReturnFiles, skipLocked: true });
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      await tx.delete(paymentReturns).where(inArray(paymentReturns.returnFileId, ids));
      await tx.delete(paymentReturnFiles).where(inArray(paymentReturnFiles.id, ids));
      await recordDeletion(tx, {
        action: RECORD_DELETED,
        applicationId: null,
        recordClass: 'paymentReturnFile',
        recordIds: ids,
        at: now,
      });
      return rows.length;
    });
  };

  /**
   * Counted for the job's log: the server's role cannot delete audit events (ADR 0041), the
   * owner prunes the same selection with `npm run audit:prune` (audit-prune.ts, ADR 0040).
   */
  async function auditEventsPastRetention(now: Date): Promise<number> {
    const cutoff = retentionCutoff(now, settings.periods.auditEvents);
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(auditEventPastRetention(cutoff));
    return row?.count ?? 0;
  }

  return async function sweep(now: Date): Promise<RetentionSweepCounts> {
    return {
      identityRecord: await inBatches(size, () => identityBatch(now)),
      applicationDocument: await inBatches(size, () => documentBatch(now)),
      accountAgreement: await inBatches(size, () => agreementBatch(now)),
      padAgreement: await inBatches(size, () => padBatch(now)),
      paymentFile: await inBatches(size, () => paymentFileBatch(now)),
      paymentReturnFile: await inBatches(size, () => returnFileBatch(now)),
      abandonedApplication: 0,
      auditEventsPastRetention: await auditEventsPastRetention(now),
    };
  };
}

export type RetentionSweep = ReturnType<typeof createRetentionSweep>;
