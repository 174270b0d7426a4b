import { describe, expect, it } from 'vitest';
import { businessCalendarOf } from '../funding/funding-rules.ts';
import {
  expectedTransferDates,
  feeRefundFor,
  TRANSFER_FEE_REFUND_MAX_CENTS,
  TRANSFER_FEE_REFUND_MIN_ASSETS_CENTS,
  transferDurations,
  transferOfferText,
  transferTimingKindOf,
} from './transfer-offer.ts';

// Christmas 2026 falls on a Friday; Boxing Day, a Saturday, is observed Monday December 28.
const calendar = businessCalendarOf(['2026-12-25', '2026-12-28', '2027-01-01']);

describe('the transfer offer', () => {
  it('is the spec’s: up to $150 back from $15,000, about 10 business days', () => {
    expect(TRANSFER_FEE_REFUND_MAX_CENTS).toBe(15_000);
    expect(TRANSFER_FEE_REFUND_MIN_ASSETS_CENTS).toBe(1_500_000);
    expect(transferDurations).toEqual({
      standard: { min: 10, max: 10 },
      jointOrSpousal: { min: 12, max: 25 },
      mutualFunds: { min: 5, max: 10 },
    });
  });
});

describe('transferOfferText', () => {
  it('states the offer and the timings in English', () => {
    const text = transferOfferText('en');
    expect(text.refund).toBe(
      'We refund the other institution’s transfer fees, up to $150, when you transfer $15,000 or more, or when your account’s balance reaches $15,000 within 30 days. The refund is credited within 60 days.',
    );
    expect(text.timings).toBe(
      'A transfer takes about 10 business days; a joint account or a spousal plan, 12 to 25; mutual funds, 5 to 10.',
    );
  });

  it('states them in French, with French money', () => {
    const text = transferOfferText('fr');
    expect(text.refund).toContain('jusqu’à 150\u00a0$');
    expect(text.refund).toContain('15\u00a0000\u00a0$ ou plus');
    expect(text.timings).toContain('environ 10 jours ouvrables');
  });
});

describe('transferTimingKindOf', () => {
  it('makes joint accounts and spousal plans the longer kind', () => {
    expect(
      transferTimingKindOf({
        deliveringAccountType: 'Cash',
        holderCount: 2,
        mutualFundsOnly: false,
      }),
    ).toBe('jointOrSpousal');
    expect(
      transferTimingKindOf({
        deliveringAccountType: 'SPRSP',
        holderCount: 1,
        mutualFundsOnly: true,
      }),
    ).toBe('jointOrSpousal');
  });

  it('makes a transfer of mutual funds only the shorter kind, any other the standard one', () => {
    expect(
      transferTimingKindOf({
        deliveringAccountType: 'TFSA',
        holderCount: 1,
        mutualFundsOnly: true,
      }),
    ).toBe('mutualFunds');
    expect(
      transferTimingKindOf({
        deliveringAccountType: 'RSP',
        holderCount: 1,
        mutualFundsOnly: false,
      }),
    ).toBe('standard');
  });
});

describe('expectedTransferDates', () => {
  const submittedOn = '2026-12-21'; // a Monday, before the holidays

  it('counts about 10 business days, skipping weekends and bank holidays', () => {
    expect(expectedTransferDates(submittedOn, 'standard', calendar)).toEqual({
      earliest: '2027-01-07',
      latest: '2027-01-07',
    });
  });

  it('gives a range of 12 to 25 business days for joint or spousal transfers', () => {
    expect(expectedTransferDates(submittedOn, 'jointOrSpousal', calendar)).toEqual({
      earliest: '2027-01-11',
      latest: '2027-01-28',
    });
  });

  it('gives a range of 5 to 10 business days for mutual funds', () => {
    expect(expectedTransferDates(submittedOn, 'mutualFunds', calendar)).toEqual({
      earliest: '2026-12-30',
      latest: '2027-01-07',
    });
  });
});

describe('feeRefundFor', () => {
  const completedOn = '2026-03-02';

  it('refunds the fee, up to $150, when $15,000 or more is transferred, within 60 days', () => {
    expect(
      feeRefundFor({ transferredCents: 1_500_000, completedOn, feeChargedCents: 12_500 }),
    ).toEqual({
      qualifies: true,
      qualifiedOn: completedOn,
      refundCents: 12_500,
      creditBy: '2026-05-01',
    });
    expect(
      feeRefundFor({ transferredCents: 4_000_000, completedOn, feeChargedCents: 20_000 }),
    ).toMatchObject({ refundCents: 15_000 });
  });

  it('refunds nothing below $15,000 when the balance never reaches it', () => {
    expect(
      feeRefundFor({
        transferredCents: 1_499_999,
        completedOn,
        feeChargedCents: 12_500,
        balances: [{ on: '2026-03-10', cents: 1_499_999 }],
      }),
    ).toEqual({ qualifies: false });
  });

  it('refunds it from the day the balance reaches $15,000 within 30 days', () => {
    const refund = feeRefundFor({
      transferredCents: 1_000_000,
      completedOn,
      feeChargedCents: 12_500,
      balances: [
        { on: '2026-03-25', cents: 1_500_000 },
        { on: '2026-03-20', cents: 1_400_000 },
      ],
    });
    expect(refund).toEqual({
      qualifies: true,
      qualifiedOn: '2026-03-25',
      refundCents: 12_500,
      creditBy: '2026-05-24',
    });
  });

  it('counts the 30th day and not the 31st', () => {
    const onDay = (on: string) =>
      feeRefundFor({
        transferredCents: 0,
        completedOn,
        feeChargedCents: 5_000,
        balances: [{ on, cents: 2_000_000 }],
      }).qualifies;
    expect(onDay('2026-04-01')).toBe(true);
    expect(onDay('2026-04-02')).toBe(false);
    expect(onDay('2026-03-01')).toBe(false);
  });
});
