import { describe, expect, it } from 'vitest';
import { accountTypes } from '../enums/account-types.ts';
import { eftFrequencies } from '../enums/funding.ts';
import {
  contributedInYear,
  contributionHints,
  contributionHintText,
  contributionLimitsFor,
  rrspFirst60DaysDeadline,
} from './contribution-limits.ts';

const f = eftFrequencies;
const base = { frequencyId: f.onetime, startDate: '2026-04-14', today: '2026-04-01' } as const;
const codes = (hints: { code: string }[]) => hints.map((hint) => hint.code);

describe('the dated limits', () => {
  it('hold the published 2025 and 2026 figures, in cents', () => {
    expect(contributionLimitsFor(2025)).toMatchObject({
      tfsaAnnualCents: 700_000,
      tfsaCumulativeCents: 10_200_000,
      rrspDollarLimitCents: 3_249_000,
    });
    expect(contributionLimitsFor(2026)).toMatchObject({
      tfsaAnnualCents: 700_000,
      tfsaCumulativeCents: 10_900_000,
      rrspDollarLimitCents: 3_381_000,
      fhsaAnnualCents: 800_000,
      fhsaCarryForwardMaxCents: 800_000,
      fhsaLifetimeCents: 4_000_000,
      respLifetimeCents: 5_000_000,
    });
  });

  it('use the latest known year for a later one', () => {
    expect(contributionLimitsFor(2027)).toEqual(contributionLimitsFor(2026));
  });

  it('end the first 60 days on the 60th day, or the Monday after a weekend', () => {
    expect(rrspFirst60DaysDeadline(2026)).toBe('2026-03-02');
    expect(rrspFirst60DaysDeadline(2025)).toBe('2025-03-03');
    expect(rrspFirst60DaysDeadline(2027)).toBe('2027-03-01');
  });
});

describe('contributedInYear', () => {
  it('counts only the debits left in the start date’s year', () => {
    expect(contributedInYear(50_000, f.monthly, '2026-10-15')).toEqual({
      year: 2026,
      totalCents: 150_000,
      debits: 3,
    });
    expect(contributedInYear(10_000, f.weekly, '2026-01-05').debits).toBe(52);
    expect(contributedInYear(10_000, f.semiMonthly, '2026-01-01').debits).toBe(24);
    expect(contributedInYear(10_000, f.quarterly, '2026-01-15').debits).toBe(4);
    expect(contributedInYear(700_000, f.onetime, '2026-12-30').totalCents).toBe(700_000);
  });
});

describe('contributionHints', () => {
  it('warns when a TFSA year goes over $7,000', () => {
    expect(
      codes(contributionHints({ ...base, accountTypeId: accountTypes.TFSA, amountCents: 700_000 })),
    ).toEqual([]);
    const hints = contributionHints({
      ...base,
      accountTypeId: accountTypes.TFSA,
      amountCents: 700_001,
    });
    expect(hints).toEqual([
      {
        code: 'tfsaAnnualLimit',
        values: {
          year: 2026,
          totalCents: 700_001,
          debits: 1,
          limitCents: 700_000,
          cumulativeCents: 10_900_000,
        },
      },
    ]);
  });

  it('annualises a PAC: $600 a month from January is over the TFSA limit, from July it is not', () => {
    const monthly = {
      ...base,
      accountTypeId: accountTypes.TFSA,
      amountCents: 60_000,
      frequencyId: f.monthly,
    };
    expect(codes(contributionHints({ ...monthly, startDate: '2026-01-15' }))).toEqual([
      'tfsaAnnualLimit',
    ]);
    expect(codes(contributionHints({ ...monthly, startDate: '2026-07-15' }))).toEqual([]);
  });

  it('asks which tax year an RRSP contribution is for during the first 60 days', () => {
    const rrsp = { ...base, accountTypeId: accountTypes.RSP, amountCents: 100_000 };
    expect(contributionHints({ ...rrsp, today: '2026-02-10', startDate: '2026-02-23' })).toEqual([
      { code: 'rrspTaxYear', values: { previousYear: 2025, deadline: '2026-03-02' } },
    ]);
    expect(
      codes(contributionHints({ ...rrsp, today: '2026-03-03', startDate: '2026-03-12' })),
    ).toEqual([]);
    // Debited after the deadline: it can only count for this year.
    expect(
      codes(contributionHints({ ...rrsp, today: '2026-02-27', startDate: '2026-03-10' })),
    ).toEqual([]);
    expect(
      codes(
        contributionHints({
          ...rrsp,
          accountTypeId: accountTypes.SPRSP,
          today: '2026-01-05',
          startDate: '2026-01-14',
        }),
      ),
    ).toEqual(['rrspTaxYear']);
  });

  it('warns over the RRSP dollar limit of the year', () => {
    const rrsp = { ...base, accountTypeId: accountTypes.RSP };
    expect(codes(contributionHints({ ...rrsp, amountCents: 3_381_000 }))).toEqual([]);
    expect(codes(contributionHints({ ...rrsp, amountCents: 3_381_001 }))).toEqual([
      'rrspDollarLimit',
    ]);
  });

  it('tells an FHSA over $8,000 that it needs carried-forward room, and over $16,000 that it is too much', () => {
    const fhsa = { ...base, accountTypeId: accountTypes.FHSA };
    expect(codes(contributionHints({ ...fhsa, amountCents: 800_000 }))).toEqual([]);
    expect(codes(contributionHints({ ...fhsa, amountCents: 1_600_000 }))).toEqual([
      'fhsaCarryForward',
    ]);
    expect(contributionHints({ ...fhsa, amountCents: 1_600_001 })).toEqual([
      {
        code: 'fhsaAnnualLimit',
        values: { year: 2026, totalCents: 1_600_001, debits: 1, limitCents: 1_600_000 },
      },
    ]);
    expect(codes(contributionHints({ ...fhsa, amountCents: 4_000_001 }))).toEqual([
      'fhsaLifetime',
      'fhsaAnnualLimit',
    ]);
  });

  it('tells an RESP about the grant, and warns over its lifetime limit', () => {
    const resp = { ...base, accountTypeId: accountTypes.RESP };
    expect(contributionHints({ ...resp, amountCents: 250_000 })).toEqual([
      {
        code: 'respGrant',
        values: { ratePercent: 20, eligibleCents: 250_000, grantCents: 50_000 },
      },
    ]);
    expect(codes(contributionHints({ ...resp, amountCents: 5_000_001 }))).toEqual([
      'respLifetime',
      'respGrant',
    ]);
  });

  it('says nothing for a non-registered account', () => {
    expect(
      contributionHints({ ...base, accountTypeId: accountTypes.Cash, amountCents: 100_000_000 }),
    ).toEqual([]);
  });
});

describe('contributionHintText', () => {
  it('writes the TFSA warning in English and in French with the amounts formatted', () => {
    const [hint] = contributionHints({
      ...base,
      accountTypeId: accountTypes.TFSA,
      amountCents: 800_000,
    });
    expect(contributionHintText(hint!, 'en')).toContain('$8,000.00 to your TFSA in 2026');
    expect(contributionHintText(hint!, 'en')).toContain('limit of $7,000.00');
    expect(contributionHintText(hint!, 'fr')).toContain(
      '8\u00a0000,00\u00a0$ à votre CELI en 2026',
    );
    expect(contributionHintText(hint!, 'fr')).toContain('1\u00a0% par mois');
  });

  it('writes the RRSP tax-year question with the deadline as a date', () => {
    const hint = {
      code: 'rrspTaxYear',
      values: { previousYear: 2025, deadline: '2026-03-02' },
    } as const;
    expect(contributionHintText(hint, 'en')).toContain('by March 2, 2026 can be deducted for 2025');
    expect(contributionHintText(hint, 'fr')).toContain(
      'le 2 mars 2026 peuvent être déduites pour 2025',
    );
  });

  it('writes the RESP grant', () => {
    const [hint] = contributionHints({
      ...base,
      accountTypeId: accountTypes.RESP,
      amountCents: 10_000,
    });
    expect(contributionHintText(hint!, 'en')).toBe(
      'The Canada Education Savings Grant adds 20% of the first $2,500.00 contributed each year, up to $500.00 a year.',
    );
    expect(contributionHintText(hint!, 'fr')).toContain(
      '20\u00a0% des premiers 2\u00a0500,00\u00a0$',
    );
  });
});
