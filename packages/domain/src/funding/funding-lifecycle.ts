import { addCalendarDays, isoDateOf, partsOf, type IsoDate } from '../calendar/iso-date.ts';
import {
  eftFrequencies,
  fundingStatuses,
  fundingTypes,
  type EftFrequency,
  type FundingStatus,
} from '../enums/funding.ts';

/**
 * Which funding status follows which (ADR 0020; the spec lists the statuses but not their
 * order). A one-time EFT is submitted, sent to the bank on its debit date, then completed or
 * rejected by the bank; until it is sent the client may cancel it. A PAC (recurring) is
 * submitted, becomes active (APPROVED) on its first debit date, and each of its debits is a
 * one-time child item on the one-time path; an active PAC deleted by the client stops once
 * the notice of 10 business days has run (DELETE_APPROVED).
 */

/** Who moves a funding request from one status to another. */
export type FundingActor = 'client' | 'bank';

export interface FundingTransition {
  from: FundingStatus;
  to: FundingStatus;
  by: FundingActor;
}

const {
  SUBMITTED,
  PENDING,
  SENT_TO_BANK,
  COMPLETED,
  REJECTED_BY_BANK,
  RECURRING_EFT_SUBMITTED,
  APPROVED,
  DELETED_BY_CLIENT,
  DELETE_APPROVED,
  CANCELLED_BY_CLIENT,
} = fundingStatuses;

export const fundingTransitions: readonly FundingTransition[] = [
  // One-time (and each debit of a PAC): the debit date reached, the bank answers.
  { from: SUBMITTED, to: SENT_TO_BANK, by: 'bank' },
  { from: SUBMITTED, to: CANCELLED_BY_CLIENT, by: 'client' },
  // PENDING (spec status 15): accepted, not yet with the bank; same exits as SUBMITTED.
  { from: PENDING, to: SENT_TO_BANK, by: 'bank' },
  { from: PENDING, to: CANCELLED_BY_CLIENT, by: 'client' },
  { from: SENT_TO_BANK, to: COMPLETED, by: 'bank' },
  { from: SENT_TO_BANK, to: REJECTED_BY_BANK, by: 'bank' },
  // A completed debit may still come back: an NSF days later, a PAD claim within 90 days
  // (issue 35; Rule H1).
  { from: COMPLETED, to: REJECTED_BY_BANK, by: 'bank' },
  // Recurring: active from its first debit date; the client may cancel it before then.
  { from: RECURRING_EFT_SUBMITTED, to: APPROVED, by: 'bank' },
  { from: RECURRING_EFT_SUBMITTED, to: CANCELLED_BY_CLIENT, by: 'client' },
  { from: APPROVED, to: DELETED_BY_CLIENT, by: 'client' },
  { from: DELETED_BY_CLIENT, to: DELETE_APPROVED, by: 'bank' },
  // A return that ends the payor's authority (903 payment stopped, 905 account closed, 915 and
  // 917 claims) stops the PAC at once (issue 35).
  { from: APPROVED, to: DELETE_APPROVED, by: 'bank' },
];

/** Whether `to` may follow `from` (moved by `by`, when it is given). */
export function canTransition(from: FundingStatus, to: FundingStatus, by?: FundingActor): boolean {
  return fundingTransitions.some(
    (transition) =>
      transition.from === from &&
      transition.to === to &&
      (by === undefined || transition.by === by),
  );
}

/** Statuses no transition leaves. */
export function isFinalStatus(status: FundingStatus): boolean {
  return !fundingTransitions.some((transition) => transition.from === status);
}

const pendingStatuses: readonly FundingStatus[] = [SUBMITTED, PENDING, RECURRING_EFT_SUBMITTED];

/** Not yet with the bank: the client may still cancel it (`cancelPendingEftPac`). */
export function isPending(status: FundingStatus): boolean {
  return pendingStatuses.includes(status);
}

/** An active PAC: the client may delete it (`deleteActiveEftPac`). */
export function isActiveRecurring(item: {
  fundingTypeId: number;
  fundingStatusTypeId: FundingStatus;
}): boolean {
  return item.fundingTypeId === fundingTypes.Recurring && item.fundingStatusTypeId === APPROVED;
}

/** A PAC deleted by the client whose last debits may still run until its effective date. */
export function isAwaitingDeletion(item: {
  fundingTypeId: number;
  fundingStatusTypeId: FundingStatus;
}): boolean {
  return (
    item.fundingTypeId === fundingTypes.Recurring && item.fundingStatusTypeId === DELETED_BY_CLIENT
  );
}

/** Months between debits of the frequencies that follow the calendar's months. */
const monthSteps: Partial<Record<EftFrequency, number>> = {
  [eftFrequencies.monthly]: 1,
  [eftFrequencies.quarterly]: 3,
  [eftFrequencies.semiAnnually]: 6,
  [eftFrequencies.annually]: 12,
};

/** Days between debits of the frequencies that follow the week. */
const daySteps: Partial<Record<EftFrequency, number>> = {
  [eftFrequencies.weekly]: 7,
  [eftFrequencies.biweekly]: 14,
};

/** Days from a semi-monthly PAC's first debit of a month to its second (the 1st and the 16th). */
export const SEMI_MONTHLY_SECOND_DEBIT_DAYS = 15;

/**
 * The `index`-th scheduled debit of a PAC (0 = its start date), before any roll to a business
 * day: monthly and longer keep the start's day of the month, clamped to the month's end (a PAC
 * started January 31 debits February 28, then March 31).
 */
export function scheduledDebit(
  startDate: IsoDate,
  frequency: EftFrequency,
  index: number,
): IsoDate {
  const days = daySteps[frequency];
  if (days !== undefined) return addCalendarDays(startDate, days * index);
  const { year, month, day } = partsOf(startDate);
  if (frequency === eftFrequencies.semiMonthly) {
    const first = isoDateOf(year, month + Math.floor(index / 2), day);
    return index % 2 === 0 ? first : addCalendarDays(first, SEMI_MONTHLY_SECOND_DEBIT_DAYS);
  }
  const months = monthSteps[frequency];
  if (months !== undefined) return isoDateOf(year, month + months * index, day);
  // One-time: a single debit.
  return startDate;
}

/**
 * The first scheduled debit of a PAC after `after` (the start date itself when `after` is
 * earlier); undefined for a one-time request whose date has passed. The caller rolls it
 * forward to a business day.
 */
export function nextDebitDate(
  startDate: IsoDate,
  frequency: EftFrequency,
  after: IsoDate,
): IsoDate | undefined {
  if (startDate > after) return startDate;
  if (frequency === eftFrequencies.onetime) return undefined;
  for (let index = 1; ; index += 1) {
    const date = scheduledDebit(startDate, frequency, index);
    if (date > after) return date;
  }
}

/** The scheduled debits of a PAC from `from` through `through`, both included. */
export function debitDatesBetween(
  startDate: IsoDate,
  frequency: EftFrequency,
  from: IsoDate,
  through: IsoDate,
): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let index = 0; ; index += 1) {
    const date = scheduledDebit(startDate, frequency, index);
    if (date > through) return dates;
    if (date >= from) dates.push(date);
    if (frequency === eftFrequencies.onetime) return dates;
  }
}
