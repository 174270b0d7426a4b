import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { RifRates } from '../../config.ts';
import { todayIn } from '@portal/domain/calendar/iso-date';
import { businessCalendarOf } from '../funding/business-calendar.ts';
import { accountBalances } from '../ledger/ledger.service.ts';
import { scheduleDueRifPayouts } from '../rif-funding/rif-payouts.ts';
import { dayWindow, writeDayFiles, type CutOffHooks } from './cut-off.ts';
import { deliverWrittenFiles } from './delivery.ts';
import { settleDueItems } from './item-settlement.ts';
import type { PaymentFilesDeps } from './payment-files-deps.ts';
import { readReturns } from './returns.ts';

/**
 * The payment-files job (issue 35, ADR 0039), one pass per settlement pass, on the bank's date:
 *
 * 1. on a business day whose cut-off time came, the RRIF payouts due are scheduled and the day's
 *    files written (cut-off.ts), at most one per currency;
 * 2. files written and not yet confirmed are delivered (delivery.ts);
 * 3. the bank's answer, when the bank is the sandbox, is written (the sandbox bank);
 * 4. the bank's returns are applied (returns.ts);
 * 5. items due by today, sent on an earlier day, are settled (item-settlement.ts).
 *
 * Each step is safe to run again: a pass interrupted anywhere leaves what the next pass needs.
 */

export interface PaymentFilesPass {
  written: number;
  delivered: number;
  returnsApplied: number;
  settled: number;
}

export interface PaymentFilesJob {
  pass(today: IsoDate): Promise<PaymentFilesPass>;
  /**
   * The last debit date today's file takes (its lead time ahead): a PAC becomes active, and its
   * debits are made, by then, so the cut-off finds them. On a day without a cut-off, today.
   */
  horizonOf(today: IsoDate): IsoDate;
}

export interface PaymentFilesJobOptions extends PaymentFilesDeps {
  /** The RRIF rates the setups were shown with; without them (rrif-funding-enabled off), no
   * payout is scheduled. */
  rifRates?: RifRates;
  /** The sandbox bank answers delivered files (sandbox only). */
  sandboxBank?: { answer(today: IsoDate): Promise<number> };
  hooks?: CutOffHooks;
}

const national = businessCalendarOf('national');

/** `HH:MM` of `now` in `timeZone`, 24-hour. */
function clockTimeIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * Whether the cut-off of the bank day `today` came: on the real today, once the bank's clock
 * shows the cut-off time; a bank day other than the real today (the sandbox's clock, or a day
 * being caught up) has had its cut-off.
 */
export function cutOffCame(
  today: IsoDate,
  now: Date,
  settings: { cutOffTime: string; timeZone: string },
): boolean {
  if (today !== todayIn(settings.timeZone, now)) return true;
  return clockTimeIn(settings.timeZone, now) >= settings.cutOffTime;
}

export function createPaymentFilesJob(options: PaymentFilesJobOptions): PaymentFilesJob {
  const deps: PaymentFilesDeps = options;
  const { db, settings } = options;

  async function cutOff(today: IsoDate): Promise<number> {
    if (!national.isBusinessDay(today) || !cutOffCame(today, deps.now(), settings)) return 0;
    const window = dayWindow(today, settings.leadBusinessDays);
    const rates = options.rifRates;
    if (rates) {
      await db.transaction((tx) =>
        scheduleDueRifPayouts(tx, {
          rates,
          through: window.through,
          today,
          calendar: national,
          cashOf: async (clientAccountId, currency) => {
            const balances = await accountBalances(tx, clientAccountId);
            return balances.find((each) => each.currency === currency)?.balanceCents ?? 0;
          },
        }),
      );
    }
    return (await writeDayFiles(deps, window, options.hooks)).length;
  }

  return {
    horizonOf(today) {
      if (!national.isBusinessDay(today)) return today;
      return dayWindow(today, settings.leadBusinessDays).through;
    },
    async pass(today) {
      const written = await cutOff(today);
      const delivered = await deliverWrittenFiles(deps);
      await options.sandboxBank?.answer(today);
      const returnsApplied = await readReturns(deps);
      const settled = await settleDueItems(deps, today);
      return { written, delivered, returnsApplied, settled };
    },
  };
}
