import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATIONS_TIME_ZONE } from '@portal/domain';
import { addCalendarDays, compareIsoDates, todayIn } from '@portal/domain/calendar/iso-date';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, reviewCases } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { serialPoller, type JobObserver, type PolledJob } from '../../lib/jobs/serial-poller.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import { failureReason, type OutboxLog } from '../outbox/dispatcher.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { applicantsOf } from './case-applicants.ts';
import { PEP_FORM_DUE_TEMPLATE, PEP_FORM_REMINDER_TEMPLATE, pepFormMail } from './pep-form-mail.ts';
import { pepPeopleOf } from './pep-form.service.ts';

/**
 * The PEP/HIO form's mails (issue 16; spec section 9): once a case with a form due exists, its
 * notice (reminders sent 0 -> 1), then reminders 7 and 14 days after submission (-> 2, -> 3),
 * to each applicant who must answer, in their language; nothing once the form is received or
 * the application declined. The count moves with a compare-and-set in the mail's transaction,
 * so two instances never mail the same step twice. A job that was down catches up with one
 * mail, not three.
 */

export const PEP_REMINDER_DAYS = [7, 14] as const;

export interface PepFormRemindersPass {
  mailed: number;
}
export type PepFormRemindersJob = PolledJob<PepFormRemindersPass>;

export interface PepFormRemindersOptions {
  /** Told of each pass (the metrics, issue 36). */
  observer?: JobObserver;
  db: Database;
  cipher: FieldCipher;
  publicUrl: string;
  log: OutboxLog;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** How many mails a case should have had by `today`: the notice, then one per reminder day. */
export function remindersDue(submittedAt: Date, now: Date): number {
  const submitted = todayIn(OPERATIONS_TIME_ZONE, submittedAt);
  const today = todayIn(OPERATIONS_TIME_ZONE, now);
  return (
    1 +
    PEP_REMINDER_DAYS.filter(
      (days) => compareIsoDates(today, addCalendarDays(submitted, days)) >= 0,
    ).length
  );
}

export function createPepFormRemindersJob(options: PepFormRemindersOptions): PepFormRemindersJob {
  const { db, cipher, log } = options;
  const now = options.now ?? (() => new Date());
  const dashboardUrl = `${options.publicUrl}/#/home/dashboard`;

  async function mailCase(applicationId: string, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [found] = await tx
        .select({
          submittedAt: reviewCases.submittedAt,
          dueOn: reviewCases.pepFormDueOn,
          sent: reviewCases.pepRemindersSent,
          ownerId: applications.ownerId,
          jointUserId: applications.jointUserId,
        })
        .from(reviewCases)
        .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
        .where(
          and(
            eq(reviewCases.applicationId, applicationId),
            isNull(reviewCases.pepFormReceivedAt),
            isNotNull(reviewCases.pepFormDueOn),
          ),
        )
        .for('update', { of: reviewCases, skipLocked: true });
      if (!found?.dueOn) return false;
      const target = remindersDue(found.submittedAt, at);
      if (found.sent >= target) return false;
      const moved = await tx
        .update(reviewCases)
        .set({ pepRemindersSent: target })
        .where(
          and(
            eq(reviewCases.applicationId, applicationId),
            eq(reviewCases.pepRemindersSent, found.sent),
          ),
        )
        .returning({ id: reviewCases.applicationId });
      if (moved.length === 0) return false;
      const steps = await savedStepsOf(tx, applicationId);
      const people = new Set(pepPeopleOf(steps));
      const reminder = found.sent > 0;
      for (const applicant of await applicantsOf(tx, found, steps)) {
        if (!people.has(applicant.role) || !applicant.email) continue;
        await enqueueMessage(tx, cipher, {
          channel: 'email',
          recipient: applicant.email,
          language: applicant.language,
          template: reminder ? PEP_FORM_REMINDER_TEMPLATE : PEP_FORM_DUE_TEMPLATE,
          applicationId,
          content: pepFormMail(applicant.language, {
            firstName: applicant.firstName,
            dueOn: found.dueOn,
            reminder,
            dashboardUrl,
          }),
        });
      }
      return true;
    });
  }

  async function pass(): Promise<PepFormRemindersPass> {
    const at = now();
    const due = await db
      .select({ id: reviewCases.applicationId })
      .from(reviewCases)
      .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
      .where(
        and(
          eq(reviewCases.pep, true),
          isNotNull(reviewCases.pepFormDueOn),
          isNull(reviewCases.pepFormReceivedAt),
          ne(applications.status, 'declined'),
          sql`${reviewCases.pepRemindersSent} < ${1 + PEP_REMINDER_DAYS.length}`,
        ),
      );
    let mailed = 0;
    for (const { id } of due) {
      try {
        if (await mailCase(id, at)) mailed += 1;
      } catch (error) {
        // One case's failure does not stop the others; the next pass tries it again.
        log.error({ applicationId: id, reason: failureReason(error) }, 'PEP/HIO form mail failed');
      }
    }
    return { mailed };
  }

  return serialPoller(
    pass,
    (error) => log.error({ reason: failureReason(error) }, 'PEP/HIO form reminders pass failed'),
    options.observer,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The PEP/HIO form's mails; tests, which do not poll, call `runOnce()` themselves. */
    pepFormReminders: PepFormRemindersJob;
  }
}

async function pepFormRemindersPlugin(
  app: FastifyInstance,
  options: { publicUrl: string; pollMs: number; now?: () => Date },
) {
  const job = createPepFormRemindersJob({
    observer: app.metrics.job('pepFormReminders'),
    db: app.db,
    cipher: app.cipher,
    publicUrl: options.publicUrl,
    log: app.log.child({ module: 'pep-form-reminders' }),
    ...(options.now && { now: options.now }),
  });
  app.decorate('pepFormReminders', job);
  if (options.pollMs > 0) app.addHook('onReady', async () => job.start(options.pollMs));
  app.addHook('preClose', async () => job.stop());
}

/** Registered in app.ts; polls hourly in production (a day's mail needs no better). */
export const pepFormReminders = fp(pepFormRemindersPlugin, {
  name: 'pep-form-reminders',
  dependencies: ['field-cipher'],
});
