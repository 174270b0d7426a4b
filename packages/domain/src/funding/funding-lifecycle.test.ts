import { describe, expect, it } from 'vitest';
import { eftFrequencies, fundingStatuses, fundingTypes } from '../enums/funding.ts';
import { fundingOpen } from '../status/application-status-machine.ts';
import {
  canTransition,
  debitDatesBetween,
  isActiveRecurring,
  isAwaitingDeletion,
  isFinalStatus,
  isPending,
  nextDebitDate,
  scheduledDebit,
} from './funding-lifecycle.ts';

const s = fundingStatuses;
const f = eftFrequencies;

describe('funding transitions', () => {
  it('take a one-time EFT from submitted to the bank, then completed or rejected', () => {
    expect(canTransition(s.SUBMITTED, s.SENT_TO_BANK, 'bank')).toBe(true);
    expect(canTransition(s.SENT_TO_BANK, s.COMPLETED)).toBe(true);
    expect(canTransition(s.SENT_TO_BANK, s.REJECTED_BY_BANK)).toBe(true);
    expect(canTransition(s.SUBMITTED, s.COMPLETED)).toBe(false);
  });

  it('let the client cancel only before the bank has it', () => {
    expect(canTransition(s.SUBMITTED, s.CANCELLED_BY_CLIENT, 'client')).toBe(true);
    expect(canTransition(s.RECURRING_EFT_SUBMITTED, s.CANCELLED_BY_CLIENT, 'client')).toBe(true);
    expect(canTransition(s.SENT_TO_BANK, s.CANCELLED_BY_CLIENT)).toBe(false);
    expect(canTransition(s.SUBMITTED, s.SENT_TO_BANK, 'client')).toBe(false);
  });

  it('make a PAC active, then deleted by the client, then stopped', () => {
    expect(canTransition(s.RECURRING_EFT_SUBMITTED, s.APPROVED)).toBe(true);
    expect(canTransition(s.APPROVED, s.DELETED_BY_CLIENT, 'client')).toBe(true);
    expect(canTransition(s.DELETED_BY_CLIENT, s.DELETE_APPROVED)).toBe(true);
    expect(canTransition(s.RECURRING_EFT_SUBMITTED, s.DELETED_BY_CLIENT)).toBe(false);
  });

  it('let the bank return a completed debit (a late NSF, a PAD claim) and stop a PAC', () => {
    expect(canTransition(s.COMPLETED, s.REJECTED_BY_BANK, 'bank')).toBe(true);
    expect(canTransition(s.COMPLETED, s.REJECTED_BY_BANK, 'client')).toBe(false);
    expect(canTransition(s.APPROVED, s.DELETE_APPROVED, 'bank')).toBe(true);
    expect(canTransition(s.APPROVED, s.DELETE_APPROVED, 'client')).toBe(false);
  });

  it('end in rejected, cancelled and delete approved; completed may still be returned', () => {
    expect(isFinalStatus(s.COMPLETED)).toBe(false);
    for (const status of [s.REJECTED_BY_BANK, s.CANCELLED_BY_CLIENT, s.DELETE_APPROVED]) {
      expect(isFinalStatus(status)).toBe(true);
    }
    expect(isFinalStatus(s.APPROVED)).toBe(false);
  });
});

describe('what a client may do', () => {
  it('cancels submitted, pending and recurring-submitted requests only', () => {
    const pending = Object.values(s).filter(isPending);
    expect(pending.sort()).toEqual([14, 15, 51]);
  });

  it('deletes only an active recurring PAC', () => {
    expect(
      isActiveRecurring({ fundingTypeId: fundingTypes.Recurring, fundingStatusTypeId: s.APPROVED }),
    ).toBe(true);
    expect(
      isActiveRecurring({ fundingTypeId: fundingTypes.OneTime, fundingStatusTypeId: s.APPROVED }),
    ).toBe(false);
    expect(
      isActiveRecurring({
        fundingTypeId: fundingTypes.Recurring,
        fundingStatusTypeId: s.DELETED_BY_CLIENT,
      }),
    ).toBe(false);
    expect(
      isAwaitingDeletion({
        fundingTypeId: fundingTypes.Recurring,
        fundingStatusTypeId: s.DELETED_BY_CLIENT,
      }),
    ).toBe(true);
  });
});

describe('PAC debit dates', () => {
  it.each([
    ['weekly', f.weekly, '2026-04-06', '2026-04-06', '2026-04-13'],
    ['biweekly', f.biweekly, '2026-04-06', '2026-04-13', '2026-04-20'],
    [
      'semi-monthly (start and 15 days later)',
      f.semiMonthly,
      '2026-01-01',
      '2026-01-01',
      '2026-01-16',
    ],
    ['semi-monthly into the next month', f.semiMonthly, '2026-01-01', '2026-01-20', '2026-02-01'],
    ['monthly, clamped to February', f.monthly, '2026-01-31', '2026-01-31', '2026-02-28'],
    [
      'monthly, back to the 31st after February',
      f.monthly,
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ],
    ['quarterly', f.quarterly, '2026-11-30', '2026-11-30', '2027-02-28'],
    ['semi-annually', f.semiAnnually, '2026-08-31', '2026-09-01', '2027-02-28'],
    ['annually from a leap day', f.annually, '2028-02-29', '2028-02-29', '2029-02-28'],
  ] as const)('%s: start %s, after %s -> %s', (_name, frequency, start, after, expected) => {
    expect(nextDebitDate(start, frequency, after)).toBe(expected);
  });

  it('is the start date itself before it comes', () => {
    expect(nextDebitDate('2026-04-06', f.monthly, '2026-04-01')).toBe('2026-04-06');
    expect(nextDebitDate('2026-04-06', f.onetime, '2026-04-05')).toBe('2026-04-06');
  });

  it('has none after a one-time debit', () => {
    expect(nextDebitDate('2026-04-06', f.onetime, '2026-04-06')).toBeUndefined();
  });

  it('keeps a semi-monthly PAC started on the 31st on the month’s last day and the 15th', () => {
    expect(
      [0, 1, 2, 3, 4].map((index) => scheduledDebit('2026-01-31', f.semiMonthly, index)),
    ).toEqual(['2026-01-31', '2026-02-15', '2026-02-28', '2026-03-15', '2026-03-31']);
  });

  it('lists the debits left in a year', () => {
    expect(debitDatesBetween('2026-10-15', f.monthly, '2026-10-15', '2026-12-31')).toEqual([
      '2026-10-15',
      '2026-11-15',
      '2026-12-15',
    ]);
    expect(debitDatesBetween('2026-01-05', f.weekly, '2026-01-01', '2026-12-31')).toHaveLength(52);
    expect(debitDatesBetween('2026-04-06', f.onetime, '2026-01-01', '2026-12-31')).toEqual([
      '2026-04-06',
    ]);
    expect(debitDatesBetween('2027-01-04', f.monthly, '2026-01-01', '2026-12-31')).toEqual([]);
  });
});

describe('fundingOpen', () => {
  it('opens funding once the review is agreed, never while the answers change or once declined', () => {
    expect(fundingOpen('continue')).toBe(false);
    expect(fundingOpen('esignatureRequired')).toBe(true);
    expect(fundingOpen('jointEidUndetermined')).toBe(true);
    expect(fundingOpen('underReview')).toBe(true);
    expect(fundingOpen('declined')).toBe(false);
  });
});
