import {
  abandonableStatuses,
  abandonedDeletionAt,
  abandonedReminderAt,
} from '@portal/domain/retention/retention-rules';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applicationDocuments,
  applicationRetention,
  applicationSignatures,
  applications,
  identityAttempts,
  users,
} from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import {
  ABANDONED_APPLICATION_REMINDER_TEMPLATE,
  abandonedApplicationMail,
} from './abandoned-application-mail.ts';
import {
  ABANDONED_APPLICATION_DELETED,
  ABANDONED_APPLICATION_REMINDED,
  RETENTION_ACTOR_ID,
  recordDeletion,
} from './retention-audit.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';

/**
 * Applications abandoned before signature (issue 36, ADR 0044): one nobody signed and nobody
 * changed for `abandonedAfterDays` is deleted with its documents, here and at the vendors, and
 * its applicants are mailed `reminderDaysBefore` days earlier, in their language. The reminder
 * is recorded on the application's retention row, with a compare on the last activity: a
 * change after it starts a new stretch and a new reminder. The deletion never comes sooner than
 * `reminderDaysBefore` after the reminder, so a job that was down reminds before it deletes.
 * A legal hold stops both.
 */

export interface AbandonedSweepDeps {
  db: Database;
  cipher: FieldCipher;
  publicUrl: string;
  esign?: EsignProvider;
  documentVerification?: DocumentVerificationProvider;
  log: { warn(details: object, message: string): void };
}

export interface AbandonedSweepSettings {
  abandonedAfterDays: number;
  reminderDaysBefore: number;
  batchSize: number;
}

export interface AbandonedSweepCounts {
  reminded: number;
  deleted: number;
}

const DAY_MS = 86_400_000;

/** Not held, in a status before signature (the SQL shared by the look-up and the re-check). */
function abandonable() {
  return and(
    inArray(applications.status, [...abandonableStatuses]),
    sql`not coalesce(${applicationRetention.legalHold}, false)`,
  );
}

export function createAbandonedApplicationSweep(
  deps: AbandonedSweepDeps,
  settings: AbandonedSweepSettings,
) {
  const { db, cipher } = deps;
  const dashboardUrl = `${deps.publicUrl}/#/home/dashboard`;

  /** Reminds the applicants of one application, once per stretch of inactivity. */
  async function remind(applicationId: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [found] = await tx
        .select({
          status: applications.status,
          updatedAt: applications.updatedAt,
          ownerId: applications.ownerId,
          jointUserId: applications.jointUserId,
          remindedAt: applicationRetention.abandonedReminderAt,
        })
        .from(applications)
        .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
        .where(and(eq(applications.id, applicationId), abandonable()))
        .for('update', { of: applications, skipLocked: true });
      if (!found) return false;
      if (found.remindedAt && found.remindedAt >= found.updatedAt) return false;
      const reminderAt = abandonedReminderAt(
        found.updatedAt,
        settings.abandonedAfterDays,
        settings.reminderDaysBefore,
      );
      if (reminderAt > now) return false;
      await tx
        .insert(applicationRetention)
        .values({ applicationId, abandonedReminderAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: applicationRetention.applicationId,
          set: { abandonedReminderAt: now, updatedAt: now },
        });
      // The later of the planned day and the reminder's notice: a late reminder still warns.
      const deletionAt = new Date(
        Math.max(
          abandonedDeletionAt(found.updatedAt, settings.abandonedAfterDays).getTime(),
          now.getTime() + settings.reminderDaysBefore * DAY_MS,
        ),
      );
      const deletionOn = deletionAt.toISOString().slice(0, 10);
      const people = await tx
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(
          inArray(
            users.id,
            [found.ownerId, found.jointUserId].filter((id): id is string => id !== null),
          ),
        );
      for (const person of people) {
        const language = person.language === 'fr' ? 'fr' : 'en';
        await enqueueMessage(tx, cipher, {
          channel: 'email',
          recipient: person.email,
          language,
          template: ABANDONED_APPLICATION_REMINDER_TEMPLATE,
          applicationId,
          content: abandonedApplicationMail(language, {
            firstName: person.firstName,
            deletionOn,
            dashboardUrl,
          }),
        });
      }
      await recordAuditEvent(tx, {
        applicationId,
        actorId: RETENTION_ACTOR_ID,
        action: ABANDONED_APPLICATION_REMINDED,
        fromStatus: found.status,
        toStatus: found.status,
        details: { recordClass: 'abandonedApplication', deletionOn },
        createdAt: now,
      });
      return true;
    });
  }

  /** Whether the application is abandoned and reminded long enough ago to go at `now`. */
  function dueForDeletion(row: { updatedAt: Date; remindedAt: Date | null }, now: Date): boolean {
    if (!row.remindedAt || row.remindedAt < row.updatedAt) return false;
    const deletionAt = Math.max(
      abandonedDeletionAt(row.updatedAt, settings.abandonedAfterDays).getTime(),
      row.remindedAt.getTime() + settings.reminderDaysBefore * DAY_MS,
    );
    return deletionAt <= now.getTime();
  }

  /**
   * Deletes one application: the vendors forget its envelopes and checks first (outside the
   * transaction; a failure keeps the application for the next pass), then the application
   * goes with everything that cascades from it (steps, documents, signatures, identity state).
   * The FINTRAC attempts have no foreign key and keep their own five years (ADR 0018): the
   * retention sweep deletes them once those pass.
   */
  async function remove(applicationId: string, now: Date): Promise<boolean> {
    const envelopes = await db
      .select({ provider: applicationSignatures.provider, id: applicationSignatures.envelopeId })
      .from(applicationSignatures)
      .where(eq(applicationSignatures.applicationId, applicationId));
    const checks = await db
      .select({ vendor: identityAttempts.vendor, reference: identityAttempts.vendorReference })
      .from(identityAttempts)
      .where(eq(identityAttempts.applicationId, applicationId));
    try {
      for (const envelope of envelopes) {
        if (deps.esign?.name === envelope.provider) await deps.esign.discard(envelope.id);
      }
      for (const check of checks) {
        const provider = deps.documentVerification;
        if (check.reference && provider?.forget && provider.name === check.vendor) {
          await provider.forget(check.reference);
        }
      }
    } catch (error) {
      deps.log.warn(
        { applicationId, reason: (error as Error).name },
        'abandoned application: a vendor did not delete its copy; kept for the next pass',
      );
      return false;
    }
    return db.transaction(async (tx) => {
      const [found] = await tx
        .select({
          status: applications.status,
          updatedAt: applications.updatedAt,
          remindedAt: applicationRetention.abandonedReminderAt,
        })
        .from(applications)
        .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
        .where(and(eq(applications.id, applicationId), abandonable()))
        .for('update', { of: applications, skipLocked: true });
      // Changed, signed, held or taken by another instance since the look-up: not now.
      if (!found || !dueForDeletion(found, now)) return false;
      const documents = await tx
        .select({ id: applicationDocuments.id })
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, applicationId));
      await tx.delete(applications).where(eq(applications.id, applicationId));
      await recordDeletion(tx, {
        action: ABANDONED_APPLICATION_DELETED,
        applicationId,
        recordClass: 'abandonedApplication',
        recordIds: [applicationId, ...documents.map((document) => document.id)],
        fromStatus: found.status,
        at: now,
      });
      return true;
    });
  }

  /** Up to a batch of applications `dueForDeletion` at `now`, oldest first. */
  function dueBatch(now: Date) {
    const inactiveSince = new Date(now.getTime() - settings.abandonedAfterDays * DAY_MS);
    const remindedBefore = new Date(now.getTime() - settings.reminderDaysBefore * DAY_MS);
    return db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
      .where(
        and(
          abandonable(),
          lte(applications.updatedAt, inactiveSince),
          lte(applicationRetention.abandonedReminderAt, remindedBefore),
          sql`${applicationRetention.abandonedReminderAt} >= ${applications.updatedAt}`,
        ),
      )
      .orderBy(applications.updatedAt)
      .limit(settings.batchSize);
  }

  return async function sweep(now: Date): Promise<AbandonedSweepCounts> {
    const reminderSince = new Date(
      now.getTime() -
        Math.max(0, settings.abandonedAfterDays - settings.reminderDaysBefore) * DAY_MS,
    );
    let reminded = 0;
    let deleted = 0;
    // Reminders: those not yet told since their last activity.
    for (;;) {
      const batch = await db
        .select({ id: applications.id })
        .from(applications)
        .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
        .where(
          and(
            abandonable(),
            lte(applications.updatedAt, reminderSince),
            or(
              sql`${applicationRetention.abandonedReminderAt} is null`,
              sql`${applicationRetention.abandonedReminderAt} < ${applications.updatedAt}`,
            ),
          ),
        )
        .orderBy(applications.updatedAt)
        .limit(settings.batchSize);
      let done = 0;
      for (const { id } of batch) if (await remind(id, now)) done += 1;
      reminded += done;
      if (batch.length < settings.batchSize || done === 0) break;
    }
    // Deletions: those reminded long enough ago.
    for (;;) {
      const batch = await dueBatch(now);
      let done = 0;
      for (const { id } of batch) if (await remove(id, now)) done += 1;
      deleted += done;
      if (batch.length < settings.batchSize || done === 0) break;
    }
    return { reminded, deleted };
  };
}

export type AbandonedApplicationSweep = ReturnType<typeof createAbandonedApplicationSweep>;
