import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addCalendarDays, type IsoDate } from '@portal/domain/calendar/iso-date';
import { transferInStatuses } from '@portal/domain/enums/transfers';
import type { Database } from '../../db/client.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import { serialPoller, type JobObserver, type PolledJob } from '../../lib/jobs/serial-poller.ts';
import { failureReason } from '../outbox/dispatcher.ts';
import {
  MAX_BATCHES_PER_PASS,
  silentJobLog,
  type BankJobOptions,
} from '../funding/bank-job-options.ts';
import { businessCalendarOf } from '../funding/business-calendar.ts';
import { sandboxDeliveringFirm, type DeliveringFirm } from './delivering-firm.ts';
import { recordTransferChange, transferContext } from './transfers.service.ts';
import * as repo from './transfers.repo.ts';

/**
 * The transfer processing job (issue 15; ADR 0021): moves signed transfers along on the bank's
 * clock (the sandbox bank's, which tests and demos advance), on the national business-day
 * calendar. The sandbox's timings, for a transfer signed on business day D whose expected date
 * (section 9 timings, `expected_earliest`) is E:
 *
 * - D+1: SC_IN_PROGRESS (52) → SC_SENT_TO_DP (59), the request sent to the delivering firm;
 * - D+2: the firm answers: SC_DECLINED (53) for an account number starting with `000`
 *   (delivering-firm.ts), else SC_PENDING_TRADE_SETTLEMENT (56);
 * - E-1: SC_CREDIT_APPROVED (57);
 * - E: SC_PROCESSED (54). E is D+10 for a standard transfer, D+5 for mutual funds, D+12 for a
 *   joint or spousal one: each step has its own day, and is dated that day (`sent_on`,
 *   `completed_on`, the mail) even when the clock jumped past it.
 *
 * Unsigned transfers (status null) and cancelled ones (62) are never picked up. Rows are
 * claimed with `FOR UPDATE SKIP LOCKED` in a short transaction, as settlement claims its
 * requests: instances side by side take different rows, and a client's cancel of a claimed row
 * answers 409. Each change writes its event and its mail in that transaction; a row whose
 * handling fails is rolled back to its savepoint and set aside for a minute.
 */
export type TransferProcessingJob = PolledJob<TransferProcessingPass>;

export interface TransferProcessingPass {
  today: IsoDate;
  /** How many transfers changed status. */
  changed: number;
}

export interface TransferProcessingOptions extends BankJobOptions {
  /** Told of each pass (the metrics, issue 36). */
  observer?: JobObserver;
  firm?: DeliveringFirm;
}

/**
 * The business day `n` business days before the latest business day up to `today`: a date
 * strictly before it has had at least `n` business days pass by `today`.
 */
export function businessCutoff(today: IsoDate, n: number): IsoDate {
  const calendar = businessCalendarOf('national');
  let day = today;
  while (!calendar.isBusinessDay(day)) day = addCalendarDays(day, -1);
  for (let left = n - 1; left > 0;) {
    day = addCalendarDays(day, -1);
    if (calendar.isBusinessDay(day)) left -= 1;
  }
  return day;
}

export function createTransferProcessingJob(
  options: TransferProcessingOptions,
): TransferProcessingJob {
  const { db, cipher, clock, publicUrl } = options;
  const firm = options.firm ?? sandboxDeliveringFirm;
  const log = options.log ?? silentJobLog;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 100;
  const holdMs = options.holdMs ?? 60_000;
  const instance = randomUUID();
  const deps = { cipher, publicUrl };
  const s = transferInStatuses;

  /**
   * Handles one claimed transfer. Each step is dated the business day it was due, not the
   * bank's today: a clock moved far ahead takes a transfer through each step on its own day.
   */
  async function handle(tx: Database, kind: repo.DueKind, row: repo.TransferRow) {
    const calendar = businessCalendarOf('national');
    const change = (
      to: Parameters<typeof recordTransferChange>[2]['to'],
      mail: Parameters<typeof recordTransferChange>[2]['mail']['change'],
      date: IsoDate,
      set: Parameters<typeof recordTransferChange>[2]['set'] = {},
    ) =>
      recordTransferChange(tx, deps, { row, to, actor: 'job', set, mail: { change: mail, date } });
    switch (kind) {
      case 'send': {
        const sentOn = calendar.addBusinessDays(row.signedOn!, 1);
        await change(s.SC_SENT_TO_DP, 'sentToDeliverer', sentOn, { sentOn });
        return;
      }
      case 'answer': {
        const answeredOn = calendar.addBusinessDays(row.sentOn!, 1);
        const accountNumber = cipher.decrypt(
          row.accountNumberEncrypted,
          transferContext(row.id, 'accountNumber'),
        );
        if (firm.answerOf({ accountNumber }) === 'declined') {
          await change(s.SC_DECLINED, 'declined', answeredOn, { completedOn: answeredOn });
        } else {
          await change(s.SC_PENDING_TRADE_SETTLEMENT, 'pendingSettlement', answeredOn);
        }
        return;
      }
      case 'approve':
        await change(
          s.SC_CREDIT_APPROVED,
          'creditApproved',
          businessCutoff(addCalendarDays(row.expectedEarliest!, -1), 1),
        );
        return;
      case 'process':
        await change(s.SC_PROCESSED, 'processed', row.expectedEarliest!, {
          completedOn: row.expectedEarliest,
        });
        return;
    }
  }

  async function runKind(kind: repo.DueKind, dates: repo.DueDates) {
    let changed = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const { claimed, moved } = await db.transaction(async (tx) => {
        const rows = await repo.claimDue(tx, { kind, dates, limit: batchSize, now: now() });
        let count = 0;
        for (const row of rows) {
          try {
            await tx.transaction((savepoint) => handle(savepoint, kind, row));
            count += 1;
          } catch (error) {
            log.error(
              { transferRequestId: row.id, kind, reason: failureReason(error) },
              'transfer processing failed; the transfer is set aside',
            );
            await repo.holdTransfer(tx, row.id, {
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

  async function pass(): Promise<TransferProcessingPass> {
    const today = await clock.today();
    const calendar = businessCalendarOf('national');
    const dates: repo.DueDates = {
      today,
      signedBefore: businessCutoff(today, 1),
      sentBefore: businessCutoff(today, 1),
      approveBy: calendar.addBusinessDays(today, 1),
    };
    let changed = 0;
    // In the order of the steps, so a clock moved far ahead takes a transfer through each.
    for (const kind of ['send', 'answer', 'approve', 'process'] as const) {
      changed += await runKind(kind, dates);
    }
    if (changed > 0) log.info({ today, changed }, 'transfer processing pass');
    return { today, changed };
  }

  return serialPoller(
    pass,
    (error) => {
      log.error({ reason: failureReason(error) }, 'transfer processing pass failed');
    },
    options.observer,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The transfer processing job; tests, which do not poll, call `runOnce()` themselves. */
    transferProcessing: TransferProcessingJob;
  }
}

export interface TransferProcessingPluginOptions {
  clock: BankClock;
  firm?: DeliveringFirm;
  publicUrl: string;
  /** How often a pass runs; 0 (the tests) never on its own. */
  pollMs: number;
}

async function transferProcessingPlugin(
  app: FastifyInstance,
  options: TransferProcessingPluginOptions,
) {
  const job = createTransferProcessingJob({
    observer: app.metrics.job('transferProcessing'),
    db: app.db,
    cipher: app.cipher,
    clock: options.clock,
    ...(options.firm && { firm: options.firm }),
    publicUrl: options.publicUrl,
    log: app.log.child({ module: 'transfer-processing' }),
  });
  app.decorate('transferProcessing', job);
  if (options.pollMs > 0) app.addHook('onReady', async () => job.start(options.pollMs));
  // Before the database closes (onClose): the pass under way finishes first.
  app.addHook('preClose', async () => job.stop());
}

export const transferProcessing = fp(transferProcessingPlugin, {
  name: 'transfer-processing',
  dependencies: ['field-cipher'],
});
