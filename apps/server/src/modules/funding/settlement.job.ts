import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { institutionNames, maskAccountNumber } from '@portal/domain/funding/bank-account';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import { nextDebitDate } from '@portal/domain/funding/funding-lifecycle';
import {
  currencyOfTypeId,
  eftFrequencies,
  fundingStatuses,
  fundingTypes,
  type EftFrequency,
} from '@portal/domain/enums/funding';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import type { Database } from '../../db/client.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import type { PaymentFilesJob } from '../payment-files/payment-files.job.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { serialPoller, type JobObserver, type PolledJob } from '../../lib/jobs/serial-poller.ts';
import { failureReason } from '../outbox/dispatcher.ts';
import { MAX_BATCHES_PER_PASS, silentJobLog, type BankJobOptions } from './bank-job-options.ts';
import { businessCalendarOf, regionOfInstitution } from './business-calendar.ts';
import { PAD_PRE_NOTIFICATION_TEMPLATE, padPreNotificationMail } from './funding-mail.ts';
import { fundingPageUrl, recordChange } from './funding.service.ts';
import * as repo from './funding.repo.ts';

/**
 * The settlement job (issue 14; ADR 0020): moves requests along the bank's days, on the bank's
 * clock (the sandbox bank's, which tests and demos advance):
 *
 * - a PAC (51) whose start date came is APPROVED (17), active from that date;
 * - an active PAC (or a deleted one before its effective date) gets a one-time debit (a child,
 *   SUBMITTED 14) for each debit date reached, then its next date (rolled to a business day);
 * - a deleted PAC (60) whose effective date came is DELETE_APPROVED (61);
 * - a PAD pre-notification whose day came is mailed;
 * - then the payment-files job (issue 35, modules/payment-files) moves the money: the day's
 *   CPA 005 files at the cut-off (PENDING 15), their delivery (SENT_TO_BANK 32), the bank's
 *   returns (REJECTED_BY_BANK 33) and the due dates reached (COMPLETED 18).
 *
 * Rows are claimed with `FOR UPDATE SKIP LOCKED` in a short transaction, as the outbox
 * dispatcher claims mail, so instances side by side take different rows; each change writes
 * its event and its mail in that transaction. A row whose handling fails is rolled back to its
 * savepoint and set aside for a minute (`claimed_until`), so it cannot stop the others.
 */
export type SettlementJob = PolledJob<SettlementPass>;

export interface SettlementPass {
  today: IsoDate;
  /** How many requests moved (status changes and debits created) and mails due were sent. */
  changed: number;
}

export interface SettlementOptions extends BankJobOptions {
  /** Told of each pass (the metrics, issue 36). */
  observer?: JobObserver;
  /** The money's movement with the bank; none in tests of the requests' own changes. */
  paymentFiles?: PaymentFilesJob;
}

export function createSettlementJob(options: SettlementOptions): SettlementJob {
  const { db, cipher, clock, paymentFiles, publicUrl } = options;
  const log = options.log ?? silentJobLog;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 100;
  const holdMs = options.holdMs ?? 60_000;
  const instance = randomUUID();

  /** Handles one claimed request; answers how many changes it made. */
  async function handle(
    tx: Database,
    kind: repo.DueKind,
    request: repo.FundingRequestRow,
    today: IsoDate,
  ): Promise<number> {
    const row = await repo.itemRowOf(tx, request);
    const person = (await repo.personOf(tx, request.userId))!;
    const calendar = businessCalendarOf(regionOfInstitution(row.bankAccount.institutionNumber));
    const change = (
      to: Parameters<typeof recordChange>[2]['to'],
      set: Parameters<typeof recordChange>[2]['set'],
      mail: Parameters<typeof recordChange>[2]['mail'],
    ) => recordChange(tx, cipher, { row, person, to, actor: 'job', set, mail, publicUrl });

    switch (kind) {
      case 'activate':
        await change(
          fundingStatuses.APPROVED,
          { activeDate: request.startDate, nextDebitDate: request.startDate },
          { change: 'pacActive', date: request.startDate },
        );
        return 1;
      case 'occurrence': {
        let debit = request.nextDebitDate;
        let created = 0;
        // A clock moved far ahead reaches several debit dates at once: each gets its debit.
        while (debit !== null && debit <= today) {
          if (request.effectiveDate !== null && debit >= request.effectiveDate) {
            debit = null;
            break;
          }
          const child = await repo.insertOccurrence(tx, {
            id: randomUUID(),
            userId: request.userId,
            applicationId: request.applicationId,
            toAccountId: request.toAccountId,
            bankAccountId: request.bankAccountId,
            parentId: request.id,
            fundingTypeId: fundingTypes.OneTime,
            frequencyId: eftFrequencies.onetime,
            amountCents: request.amountCents,
            startDate: debit,
            status: fundingStatuses.SUBMITTED,
            preNotificationWaived: request.preNotificationWaived,
            taxYear: request.taxYear,
            agreementId: request.agreementId,
          });
          if (child) {
            await repo.insertEvent(tx, {
              fundingRequestId: child.id,
              actor: 'job',
              fromStatus: null,
              toStatus: fundingStatuses.SUBMITTED,
            });
            created += 1;
          }
          const following = nextDebitDate(
            request.startDate,
            request.frequencyId as EftFrequency,
            debit,
          );
          debit = following === undefined ? null : calendar.addBusinessDays(following, 0);
        }
        await repo.updateRequest(tx, request.id, { nextDebitDate: debit });
        return created;
      }
      case 'deleteApproved':
        await change(
          fundingStatuses.DELETE_APPROVED,
          { nextDebitDate: null },
          { change: 'pacStopped', date: request.effectiveDate ?? today },
        );
        return 1;
    }
  }

  async function runKind(kind: repo.DueKind, today: IsoDate) {
    let changed = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const { claimed, moved } = await db.transaction(async (tx) => {
        const rows = await repo.claimDue(tx, {
          kind,
          today,
          limit: batchSize,
          now: now(),
        });
        let count = 0;
        for (const request of rows) {
          try {
            count += await tx.transaction((savepoint) => handle(savepoint, kind, request, today));
          } catch (error) {
            log.error(
              { fundingRequestId: request.id, kind, reason: failureReason(error) },
              'funding settlement failed; the request is set aside',
            );
            await repo.holdRequest(tx, request.id, {
              // Marked as set aside (not a live lease), so operations queue it (issue 16).
              by: `held:${instance}`,
              until: new Date(now().getTime() + holdMs),
            });
          }
        }
        return { claimed: rows.length, moved: count };
      });
      changed += moved;
      if (claimed < batchSize || moved === 0) break;
    }
    return changed;
  }

  async function sendPreNotifications(today: IsoDate): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await repo.claimDueConfirmations(tx, { today, limit: batchSize });
      for (const { agreement, request } of due) {
        const row = await repo.itemRowOf(tx, request);
        const person = (await repo.personOf(tx, request.userId))!;
        const language = person.language === 'fr' ? 'fr' : 'en';
        await enqueueMessage(tx, cipher, {
          channel: 'email',
          recipient: person.email,
          language,
          template: PAD_PRE_NOTIFICATION_TEMPLATE,
          applicationId: request.applicationId,
          content: padPreNotificationMail({
            language,
            firstName: person.firstName,
            amountCents: request.amountCents,
            currency: currencyOfTypeId(row.clientAccount.currencyTypeId) ?? 'CAD',
            frequency: request.frequencyId as EftFrequency,
            toAccountLabel: toAccountLabel(
              {
                accountTypeName: row.clientAccount.accountTypeName as NamedAccountTypeName,
                accountNumber: row.clientAccount.accountNumber,
              },
              language,
            ),
            bankAccountMasked: maskAccountNumber(row.bankAccount.accountNumberLast3),
            institutionName:
              institutionNames[row.bankAccount.institutionNumber]?.[language] ??
              row.bankAccount.institutionName,
            debitDate: request.startDate,
            url: fundingPageUrl(publicUrl),
          }),
        });
        await repo.markConfirmationSent(tx, agreement.id, now());
      }
      return due.length;
    });
  }

  async function pass(): Promise<SettlementPass> {
    const today = await clock.today();
    let changed = 0;
    // Order matters: a PAC activated today gets today's debit, which today's file takes.
    // A PAC is active, and its debits made, by the last date today's payment file takes.
    const horizon = paymentFiles?.horizonOf(today) ?? today;
    for (const kind of ['activate', 'occurrence'] as const) {
      changed += await runKind(kind, horizon);
    }
    changed += await runKind('deleteApproved', today);
    changed += await sendPreNotifications(today);
    if (paymentFiles) {
      const moved = await paymentFiles.pass(today);
      changed += moved.written + moved.delivered + moved.returnsApplied + moved.settled;
    }
    if (changed > 0) log.info({ today, changed }, 'funding settlement pass');
    return { today, changed };
  }

  return serialPoller(
    pass,
    (error) => {
      log.error({ reason: failureReason(error) }, 'funding settlement pass failed');
    },
    options.observer,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The settlement job; tests, which do not poll, call `runOnce()` themselves. */
    settlement: SettlementJob;
  }
}

export interface SettlementPluginOptions {
  clock: BankClock;
  paymentFiles?: PaymentFilesJob;
  publicUrl: string;
  /** How often a pass runs; 0 (the tests) never on its own. */
  pollMs: number;
}

async function settlementPlugin(app: FastifyInstance, options: SettlementPluginOptions) {
  const job = createSettlementJob({
    observer: app.metrics.job('settlement'),
    db: app.db,
    cipher: app.cipher,
    clock: options.clock,
    ...(options.paymentFiles && { paymentFiles: options.paymentFiles }),
    publicUrl: options.publicUrl,
    log: app.log.child({ module: 'settlement' }),
  });
  app.decorate('settlement', job);
  if (options.pollMs > 0) app.addHook('onReady', async () => job.start(options.pollMs));
  // Before the database closes (onClose): the pass under way finishes first.
  app.addHook('preClose', async () => job.stop());
}

export const settlement = fp(settlementPlugin, {
  name: 'settlement',
  dependencies: ['field-cipher'],
});
