import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  compareIsoDates,
  partsOf,
  PAYMENTS_TIME_ZONE,
  todayIn,
  type IsoDate,
} from '@portal/domain/calendar/iso-date';
import { currencyOfTypeId } from '@portal/domain/enums/funding';
import type { PensionJurisdiction } from '@portal/domain/enums/pension-jurisdictions';
import {
  annualPaymentTypes,
  paymentByTypes,
  type GrossOrNet,
  type PaymentDay,
} from '@portal/domain/enums/rif';
import type { RifPayoutHoldReason } from '@portal/domain/funding/payment-files-api';
import type { BusinessCalendar } from '@portal/domain/funding/funding-rules';
import type { LedgerCurrency } from '@portal/domain/ledger/ledger-accounts';
import type { Cents } from '@portal/domain/money/cents';
import type { FirstPaymentSetup } from '@portal/domain/rif/first-payment';
import { lifMaximum } from '@portal/domain/rif/lif-maximum';
import { minimumAgeAtJanuary1 } from '@portal/domain/rif/minimum-factors';
import { paymentSchedule, type ScheduledPayment } from '@portal/domain/rif/payment-schedule';
import type { PayoutFrequency } from '@portal/domain/rif/payout-frequencies';
import { accountTypesWithMaximum } from '@portal/domain/rif/rif-payout-schema';
import { provinceCodeOf } from '@portal/domain/rules/other-interests-step';
import type { RifRates } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { bankAccounts, clientAccounts, rifPayouts, rifPayoutSetups } from '../../db/schema.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import { businessCalendarOf } from '../funding/business-calendar.ts';
import * as repo from './rif-funding.repo.ts';

/**
 * RRIF payouts become payments due (issue 35): each setup paid to a bank account gets one
 * `rif_payouts` row per payment of its schedule (the domain's payment-schedule.ts), with its
 * amounts fixed when the row is made. The cut-off job turns `due` rows into credits in the
 * bank file; `held` rows wait for operations (`ops/rifPayouts/held`), who may release them.
 */

export type RifPayoutRow = typeof rifPayouts.$inferSelect;

/** A payout paid within this many business days of a change of destination is held. */
export const DESTINATION_HOLD_BUSINESS_DAYS = 10;

export interface ScheduleDueRifPayoutsOptions {
  /** Payouts paid on or before this day are made (the cut-off's horizon). */
  through: IsoDate;
  /**
   * The bank's today. A payout whose day has passed without a row (a run that did not happen)
   * is still made, paid from today's business day on: a bank file cannot date a credit in the
   * past, and a skipped payment could leave the year's minimum unpaid.
   */
  today: IsoDate;
  /** The payments calendar a payment day that is not a business day is paid before. */
  calendar: BusinessCalendar;
  /** The cash the portal's ledger holds in an account, in cents (`accountBalances`). */
  cashOf: (clientAccountId: string, currency: LedgerCurrency) => Promise<Cents>;
  /** The configured rates, the same the setup's first payment was shown with. */
  rates: RifRates;
}

/** A setup paid to a bank account, with what its fund account says about it. */
interface BankPaidSetup {
  setup: repo.RifSetupRow;
  bankAccountId: string;
  accountTypeId: number;
  currencyTypeId: number;
}

/**
 * The setups paid to a bank account still on file. A setup paid into another account of ours
 * (`paymentByTypes.CashAccount`) moves money between two accounts of the brokerage: it is not
 * a bank payment and never goes into a bank file, so it gets no row here.
 */
async function bankPaidSetups(tx: Database, throughYear: number): Promise<BankPaidSetup[]> {
  const rows = await tx
    .select({
      setup: rifPayoutSetups,
      bankAccountId: bankAccounts.id,
      accountTypeId: clientAccounts.accountTypeId,
      currencyTypeId: clientAccounts.currencyTypeId,
    })
    .from(rifPayoutSetups)
    .innerJoin(clientAccounts, eq(clientAccounts.id, rifPayoutSetups.clientAccountId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, rifPayoutSetups.bankAccountId))
    .where(
      and(
        eq(rifPayoutSetups.paymentByTypeId, paymentByTypes.Bank),
        // A bank account the person removed is no destination: nothing is paid to it.
        isNull(bankAccounts.deletedAt),
        lte(rifPayoutSetups.paymentStartYear, throughYear),
      ),
    )
    .orderBy(asc(rifPayoutSetups.createdAt), asc(rifPayoutSetups.id));
  return rows;
}

/** The days of the given setups that already have a row, as `setupId/scheduledOn`. */
async function scheduledDaysOf(tx: Database, setupIds: string[]): Promise<Set<string>> {
  if (setupIds.length === 0) return new Set();
  const rows = await tx
    .select({ setupId: rifPayouts.setupId, scheduledOn: rifPayouts.scheduledOn })
    .from(rifPayouts)
    .where(inArray(rifPayouts.setupId, setupIds));
  return new Set(rows.map((row) => `${row.setupId}/${row.scheduledOn}`));
}

/**
 * What an account's payouts already owe and the ledger does not show yet: the ledger posts a
 * payout when it is sent (ADR 0038), so those due, filed, or held and released by operations
 * will still take their gross out of the cash it reports.
 */
async function committedCents(tx: Database, clientAccountId: string): Promise<Cents> {
  const [row] = await tx
    .select({ total: sql<string | number | null>`coalesce(sum(${rifPayouts.grossCents}), 0)` })
    .from(rifPayouts)
    .where(
      and(
        eq(rifPayouts.clientAccountId, clientAccountId),
        or(
          inArray(rifPayouts.status, ['due', 'filed']),
          and(eq(rifPayouts.status, 'held'), isNotNull(rifPayouts.releasedAt)),
        ),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The saved row as the schedule reads it (the spouse's SIN is not needed, so not decrypted). */
function scheduleSetupOf(row: repo.RifSetupRow): FirstPaymentSetup {
  return {
    minPaymentTypeId: row.minPaymentTypeId as FirstPaymentSetup['minPaymentTypeId'],
    minPaymentSpouseDob: row.spouseBirthDate ?? undefined,
    annualPaymentTypeId: row.annualPaymentTypeId as FirstPaymentSetup['annualPaymentTypeId'],
    annualPaymentGrossOrNet: row.grossOrNet as GrossOrNet,
    annualPaymentOtherAmountCents: row.otherAmountCents ?? undefined,
    taxCalcOptionTypeId: row.taxCalcOptionTypeId ?? undefined,
    taxOptionPercent: row.taxOptionPercent ?? undefined,
    payoutFrequencyId: row.payoutFrequencyId as PayoutFrequency,
    startDateTypeId: row.startDateTypeId as PaymentDay,
    paymentStartMonth: row.paymentStartMonth,
    paymentStartYear: row.paymentStartYear,
  };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The payments of a setup paid on or before `through`, over every year from its first: each
 * year's amounts as the client was shown them (the same rates, province and fund value as the
 * setup's answer in rif-setup-answer.ts).
 */
async function paymentsThrough(
  tx: Database,
  { setup, accountTypeId }: BankPaidSetup,
  { through, calendar, rates }: ScheduleDueRifPayoutsOptions,
): Promise<ScheduledPayment[]> {
  const steps = await savedStepsOf(tx, setup.applicationId);
  const profile = record(steps.profile);
  const ownBirthDate = String(profile.birthDate ?? '');
  // As the setup's context reads them (rif-context.ts): outside Quebec every province has the
  // federal bands, so any other stands for a missing one.
  const province = provinceCodeOf(record(profile.homeAddress).provinceId) ?? 'ON';
  const jurisdiction = record(steps.account).pensionJurisdiction;
  // The client's estimate is the portal's only figure of the fund's value until the back office
  // feeds it the value on January 1; without one, the transfers in, as the setup's answer uses.
  const fmvCents =
    setup.estimatedFundValueCents ?? (await repo.transfersValueCents(tx, setup.clientAccountId));
  const scheduleSetup = scheduleSetupOf(setup);
  // The fund's first year prorates a life income fund's maximum over the months left from
  // the month it was set up (the setup's answer counted them from the day it was saved).
  const setUpMonth = partsOf(todayIn(PAYMENTS_TIME_ZONE, setup.createdAt)).month;
  const maximumOf = (year: number): Cents | undefined =>
    scheduleSetup.annualPaymentTypeId === annualPaymentTypes.Maximum &&
    accountTypesWithMaximum.includes(accountTypeId)
      ? lifMaximum({
          jurisdiction:
            typeof jurisdiction === 'string' ? (jurisdiction as PensionJurisdiction) : 'federal',
          fmvCents,
          ageAtJanuary1: minimumAgeAtJanuary1(year, { own: ownBirthDate }, false),
          bondRatePercent: rates.lifBondRatePercent,
          ...(year === setup.setupYear && { firstYearMonths: 13 - setUpMonth }),
        })
      : undefined;

  const payments: ScheduledPayment[] = [];
  for (let year = setup.paymentStartYear; year <= partsOf(through).year; year += 1) {
    const maximumCents = maximumOf(year);
    const schedule = paymentSchedule({
      setup: scheduleSetup,
      ownBirthDate,
      fmvCents,
      setupYear: setup.setupYear,
      province,
      quebecPercent: rates.quebecExcessPercent,
      ...(maximumCents !== undefined && { maximumCents }),
      year,
      calendar,
    });
    payments.push(
      ...schedule.payments.filter((payment) => compareIsoDates(payment.paidOn, through) <= 0),
    );
  }
  return payments;
}

/** The national payments calendar the hold after a change of destination counts on. */
const nationalCalendar = businessCalendarOf('national');

/**
 * Whether a payout paid on `paidOn` falls within the hold after a change of destination: the
 * change (its day in Toronto, the bank's zone) is one of the 10 business days before the
 * payment, or later.
 */
function destinationJustChanged(changedAt: Date | null, paidOn: IsoDate): boolean {
  if (!changedAt) return false;
  const changedOn = todayIn(PAYMENTS_TIME_ZONE, changedAt);
  const holdEnds = nationalCalendar.addBusinessDays(changedOn, DESTINATION_HOLD_BUSINESS_DAYS);
  return compareIsoDates(paidOn, holdEnds) <= 0;
}

/**
 * Makes the `rif_payouts` rows of every setup paid to a bank account whose payments are paid
 * on or before `through`, and answers the rows it made. A payment that has its row already is
 * left as it is (ON CONFLICT on the setup and day does nothing), so a run may be repeated, and
 * a payout operations released stays released: holds are decided once, when the row is made.
 *
 * A row is `held` (`destinationChanged`) when the setup's destination changed within the 10
 * business days before it is paid; else `held` (`insufficientCash`) when its gross is more than
 * the cash the ledger reports less what the account's payouts already owe (this run's included:
 * two payouts in one run are not both paid from the same cash); else `due`.
 *
 * The caller holds the run to one at a time (the cut-off's lock): two at once would each count
 * the same cash.
 */
export async function scheduleDueRifPayouts(
  tx: Database,
  options: ScheduleDueRifPayoutsOptions,
): Promise<RifPayoutRow[]> {
  const { through, today, calendar, cashOf } = options;
  const setups = await bankPaidSetups(tx, partsOf(through).year);
  const scheduled = await scheduledDaysOf(
    tx,
    setups.map((each) => each.setup.id),
  );
  const firstPayableDay = calendar.addBusinessDays(today, 0);
  /** Cash left per account and currency in this run, read when first needed. */
  const available = new Map<string, Cents>();
  const inserted: RifPayoutRow[] = [];

  for (const paid of setups) {
    const { setup } = paid;
    const payments = (await paymentsThrough(tx, paid, options)).filter(
      (payment) => !scheduled.has(`${setup.id}/${payment.scheduledOn}`),
    );
    if (payments.length === 0) continue;
    const currency = currencyOfTypeId(paid.currencyTypeId);
    if (!currency) {
      throw new RangeError(`The fund ${setup.clientAccountId} has no currency a bank pays in`);
    }
    const cashKey = `${setup.clientAccountId}/${currency}`;
    for (const payment of payments) {
      // Nothing to pay (a year's net of a few cents over many payments): no row, as the
      // table's check refuses a payout of no net.
      if (payment.netCents <= 0) continue;
      const paidOn =
        compareIsoDates(payment.paidOn, firstPayableDay) < 0 ? firstPayableDay : payment.paidOn;
      let cash = available.get(cashKey);
      if (cash === undefined) {
        cash =
          (await cashOf(setup.clientAccountId, currency)) -
          (await committedCents(tx, setup.clientAccountId));
      }
      const holdReason: RifPayoutHoldReason | null = destinationJustChanged(
        setup.destinationChangedAt,
        paidOn,
      )
        ? 'destinationChanged'
        : payment.grossCents > cash
          ? 'insufficientCash'
          : null;
      const [row] = await tx
        .insert(rifPayouts)
        .values({
          id: randomUUID(),
          setupId: setup.id,
          userId: setup.userId,
          clientAccountId: setup.clientAccountId,
          bankAccountId: paid.bankAccountId,
          scheduledOn: payment.scheduledOn,
          paidOn,
          grossCents: payment.grossCents,
          withholdingCents: payment.withholdingCents,
          netCents: payment.netCents,
          status: holdReason ? 'held' : 'due',
          holdReason,
        })
        .onConflictDoNothing({ target: [rifPayouts.setupId, rifPayouts.scheduledOn] })
        .returning();
      // A row another run made meanwhile is that run's: it takes no cash here.
      if (!row) continue;
      inserted.push(row);
      available.set(cashKey, holdReason ? cash : cash - payment.grossCents);
    }
  }
  return inserted;
}
