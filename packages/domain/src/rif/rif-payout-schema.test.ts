import { describe, expect, it } from 'vitest';
import { accountTypes } from '../enums/account-types.ts';
import {
  annualPaymentTypes,
  minPaymentTypes,
  paymentByTypes,
  paymentDays,
  TAX_CALC_OPTION_PERCENTAGE,
} from '../enums/rif.ts';
import { payoutFrequencies } from './payout-frequencies.ts';
import {
  isNoRifSetup,
  rifPaymentDate,
  rifPayoutSchema,
  rifSetupChangeProblems,
  rifStartProblems,
  type RifPayoutContext,
} from './rif-payout-schema.ts';

const today = '2026-11-26';
const context: RifPayoutContext = { today, ownSin: '130 692 544' };
const bankAccountId = '6f1c2a8e-0b4d-4c3e-9a55-1d2e3f4a5b6c';
const cashAccountId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The issue's e2e setup: the spouse's age, monthly, 10% extra withholding, to a bank account. */
const setup = {
  minPaymentTypeId: minPaymentTypes.SpouseAge,
  minPaymentSpouseSin: '123 456 782',
  minPaymentSpouseDob: '1960/01/02',
  annualPaymentTypeId: annualPaymentTypes.Minimum,
  taxCalcOptionTypeId: TAX_CALC_OPTION_PERCENTAGE,
  taxOptionPercent: 10,
  payoutFrequencyId: payoutFrequencies.Monthly,
  startDateTypeId: paymentDays.Fifteenth,
  paymentStartMonth: 1,
  paymentStartYear: 2027,
  paymentByTypeId: paymentByTypes.Bank,
  bankAccountId,
};

/** The codes of a refused setup, by field. */
function codesOf(input: unknown, given: RifPayoutContext = context): Record<string, string[]> {
  const result = rifPayoutSchema(given).safeParse(input);
  if (result.success) return {};
  const codes: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    (codes[field] ??= []).push(issue.message);
  }
  return codes;
}

describe('rifPayoutSchema', () => {
  it('accepts the spouse-age monthly setup and writes the birthday with dashes', () => {
    const parsed = rifPayoutSchema(context).parse(setup);
    expect(parsed.minPaymentSpouseSin).toBe('123456782');
    expect(parsed.minPaymentSpouseDob).toBe('1960-01-02');
    expect(parsed.taxOptionPercent).toBe(10);
    expect(parsed.annualPaymentGrossOrNet).toBe('G');
    expect(parsed.bankAccountId).toBe(bankAccountId);
  });

  it('requires the spouse’s SIN and birth date when their age is used', () => {
    const withoutSpouse = { ...setup, minPaymentSpouseSin: undefined, minPaymentSpouseDob: '' };
    expect(codesOf(withoutSpouse)).toEqual({
      minPaymentSpouseSin: ['required'],
      minPaymentSpouseDob: ['required'],
    });
  });

  it('drops the spouse’s details when the annuitant’s own age is used', () => {
    const parsed = rifPayoutSchema(context).parse({
      ...setup,
      minPaymentTypeId: minPaymentTypes.OwnAge,
    });
    expect(parsed.minPaymentSpouseSin).toBeUndefined();
    expect(parsed.minPaymentSpouseDob).toBeUndefined();
  });

  it('refuses a wrong spouse SIN, the annuitant’s own SIN and an under-18 spouse', () => {
    expect(codesOf({ ...setup, minPaymentSpouseSin: '123 456 789' })).toEqual({
      minPaymentSpouseSin: ['sinCheckDigit'],
    });
    expect(codesOf({ ...setup, minPaymentSpouseSin: '130-692-544' })).toEqual({
      minPaymentSpouseSin: ['rifSpouseSinSameAsOwn'],
    });
    expect(codesOf({ ...setup, minPaymentSpouseDob: '2010-05-05' })).toEqual({
      minPaymentSpouseDob: ['rifSpouseTooYoung'],
    });
    expect(codesOf({ ...setup, minPaymentSpouseDob: '1960-02-30' })).toEqual({
      minPaymentSpouseDob: ['dateNotReal'],
    });
  });

  it('refuses the spouse’s age for a New Brunswick life income fund only', () => {
    const lif: RifPayoutContext = { ...context, accountTypeId: accountTypes.LIF };
    expect(codesOf(setup, { ...lif, pensionJurisdiction: 'NB' })).toEqual({
      minPaymentTypeId: ['rifSpouseAgeNotInNb'],
    });
    expect(codesOf(setup, { ...lif, pensionJurisdiction: 'ON' })).toEqual({});
  });

  describe('the other amount', () => {
    const other = { ...setup, annualPaymentTypeId: annualPaymentTypes.Other };

    it('is required, above 0, in cents, and at most $999,999.99', () => {
      expect(codesOf(other)).toEqual({ annualPaymentOtherAmount: ['required'] });
      expect(codesOf({ ...other, annualPaymentOtherAmount: 0 })).toEqual({
        annualPaymentOtherAmount: ['rifAmountPositive'],
      });
      expect(codesOf({ ...other, annualPaymentOtherAmount: 12.345 })).toEqual({
        annualPaymentOtherAmount: ['amountFormat'],
      });
      expect(codesOf({ ...other, annualPaymentOtherAmount: 1_000_000 })).toEqual({
        annualPaymentOtherAmount: ['rifAmountMaximum'],
      });
      const parsed = rifPayoutSchema(context).parse({
        ...other,
        annualPaymentOtherAmount: 999_999.99,
        annualPaymentGrossOrNet: 'N',
      });
      expect(parsed.annualPaymentOtherAmountCents).toBe(99_999_999);
      expect(parsed.annualPaymentGrossOrNet).toBe('N');
    });

    it('refuses gross-or-net values other than G and N', () => {
      expect(
        codesOf({ ...other, annualPaymentOtherAmount: 500, annualPaymentGrossOrNet: 'X' }),
      ).toEqual({ annualPaymentGrossOrNet: ['invalid'] });
    });
  });

  it('offers the maximum for a life income fund only', () => {
    const maximum = { ...setup, annualPaymentTypeId: annualPaymentTypes.Maximum };
    expect(codesOf(maximum, { ...context, accountTypeId: accountTypes.RIF })).toEqual({
      annualPaymentTypeId: ['rifMaximumOnlyLockedIn'],
    });
    expect(codesOf(maximum, { ...context, accountTypeId: accountTypes.RLIF })).toEqual({});
  });

  it('requires a percentage from 0 to 100 when a percentage is chosen', () => {
    expect(codesOf({ ...setup, taxOptionPercent: null })).toEqual({
      taxOptionPercent: ['required'],
    });
    expect(codesOf({ ...setup, taxOptionPercent: 100.5 })).toEqual({
      taxOptionPercent: ['rifPercentRange'],
    });
    // Spec line 144: 0 to 100 inclusive, with no limit on decimals.
    expect(codesOf({ ...setup, taxOptionPercent: 12.345 })).toEqual({});
    expect(codesOf({ ...setup, taxOptionPercent: -0.5 })).toEqual({
      taxOptionPercent: ['rifPercentRange'],
    });
    expect(codesOf({ ...setup, taxOptionPercent: 0 })).toEqual({});
    // Any other calculation option is the regulatory standard: no percentage kept.
    const standard = rifPayoutSchema(context).parse({ ...setup, taxCalcOptionTypeId: 1 });
    expect(standard.taxOptionPercent).toBeUndefined();
  });

  it('requires the bank account, or a void cheque, but not both', () => {
    expect(codesOf({ ...setup, bankAccountId: undefined })).toEqual({
      bankAccountId: ['rifBankAccountRequired'],
    });
    expect(codesOf({ ...setup, documentUploadedId: cashAccountId })).toEqual({
      bankAccountId: ['invalid'],
      documentUploadedId: ['invalid'],
    });
    expect(codesOf({ ...setup, bankAccountId: 'not-an-id' })).toEqual({
      bankAccountId: ['invalid'],
    });
  });

  it('requires the cash account when paid to it', () => {
    const cash = {
      ...setup,
      paymentByTypeId: paymentByTypes.CashAccount,
      bankAccountId: undefined,
    };
    expect(codesOf(cash)).toEqual({ payoutAccountId: ['rifPayoutAccountRequired'] });
    const parsed = rifPayoutSchema(context).parse({ ...cash, payoutAccountId: cashAccountId });
    expect(parsed.payoutAccountId).toBe(cashAccountId);
    expect(parsed.bankAccountId).toBeUndefined();
  });

  it('names every missing choice and refuses unknown codes', () => {
    expect(codesOf({})).toEqual({
      minPaymentTypeId: ['required'],
      annualPaymentTypeId: ['required'],
      payoutFrequencyId: ['required'],
      startDateTypeId: ['required'],
      paymentByTypeId: ['required'],
      paymentStartMonth: ['required'],
      paymentStartYear: ['required'],
    });
    expect(codesOf({ ...setup, payoutFrequencyId: 7, startDateTypeId: 3 })).toEqual({
      payoutFrequencyId: ['invalid'],
      startDateTypeId: ['invalid'],
    });
  });
});

describe('rifStartProblems', () => {
  const start = (
    startDateTypeId: number,
    paymentStartMonth: unknown,
    paymentStartYear: unknown,
    annualPaymentTypeId: number = annualPaymentTypes.Other,
  ) => ({ startDateTypeId, paymentStartMonth, paymentStartYear, annualPaymentTypeId });

  it('pays on the 15th or on the last day of the month', () => {
    expect(rifPaymentDate(paymentDays.Fifteenth, 2027, 2)).toBe('2027-02-15');
    expect(rifPaymentDate(paymentDays.LastDay, 2027, 2)).toBe('2027-02-28');
    expect(rifPaymentDate(paymentDays.LastDay, 2028, 2)).toBe('2028-02-29');
  });

  it('takes the 15th only when it is after today', () => {
    expect(
      rifStartProblems(start(paymentDays.Fifteenth, 11, 2026), { today: '2026-11-14' }),
    ).toEqual([]);
    expect(
      rifStartProblems(start(paymentDays.Fifteenth, 11, 2026), { today: '2026-11-15' }),
    ).toEqual([{ field: 'paymentStartMonth', code: 'rifStartNotInFuture' }]);
  });

  it('takes the last day only when it is after today', () => {
    expect(rifStartProblems(start(paymentDays.LastDay, 11, 2026), { today: '2026-11-29' })).toEqual(
      [],
    );
    expect(rifStartProblems(start(paymentDays.LastDay, 11, 2026), { today: '2026-11-30' })).toEqual(
      [{ field: 'paymentStartMonth', code: 'rifStartNotInFuture' }],
    );
    expect(rifStartProblems(start(paymentDays.LastDay, 10, 2026), { today })).toEqual([
      { field: 'paymentStartMonth', code: 'rifStartNotInFuture' },
    ]);
  });

  it('needs both the month and the year, and real ones', () => {
    expect(rifStartProblems(start(paymentDays.Fifteenth, undefined, 2027), { today })).toEqual([
      { field: 'paymentStartMonth', code: 'required' },
    ]);
    expect(rifStartProblems(start(paymentDays.Fifteenth, 1, ''), { today })).toEqual([
      { field: 'paymentStartYear', code: 'required' },
    ]);
    expect(rifStartProblems(start(paymentDays.Fifteenth, 13, 2027.5), { today })).toEqual([
      { field: 'paymentStartMonth', code: 'invalid' },
      { field: 'paymentStartYear', code: 'invalid' },
    ]);
  });

  it('starts the minimum in the year after setup, since none is due in the setup year', () => {
    const minimum = annualPaymentTypes.Minimum;
    expect(rifStartProblems(start(paymentDays.LastDay, 12, 2026, minimum), { today })).toEqual([
      { field: 'paymentStartYear', code: 'rifMinimumStartsNextYear' },
    ]);
    expect(rifStartProblems(start(paymentDays.Fifteenth, 1, 2027, minimum), { today })).toEqual([]);
    // Another amount may start this year.
    expect(rifStartProblems(start(paymentDays.LastDay, 12, 2026), { today })).toEqual([]);
  });

  it('starts by December of the next year, so that year’s minimum is paid', () => {
    expect(rifStartProblems(start(paymentDays.LastDay, 12, 2027), { today })).toEqual([]);
    expect(rifStartProblems(start(paymentDays.Fifteenth, 1, 2028), { today })).toEqual([
      { field: 'paymentStartYear', code: 'rifStartTooLate' },
    ]);
    // A fund set up last year is judged from its own setup year.
    expect(
      rifStartProblems(start(paymentDays.Fifteenth, 1, 2027), { today, setupYear: 2025 }),
    ).toEqual([{ field: 'paymentStartYear', code: 'rifStartTooLate' }]);
  });
});

describe('isNoRifSetup', () => {
  it('reads a 400 containing “No RIF setup found” as not set up', () => {
    expect(isNoRifSetup(400, 'Error: No RIF setup found for application 12')).toBe(true);
    expect(isNoRifSetup(500, 'No RIF setup found')).toBe(false);
    expect(isNoRifSetup(400, 'Bad request')).toBe(false);
    expect(isNoRifSetup(400, undefined)).toBe(false);
  });
});

describe('rifSetupChangeProblems', () => {
  const saved = rifPayoutSchema(context).parse(setup);

  it('lets whose age sets the minimum change until the first payment', () => {
    const ownAge = { ...saved, minPaymentTypeId: minPaymentTypes.OwnAge };
    expect(rifSetupChangeProblems(saved, ownAge, false)).toEqual([]);
  });

  it('locks it, and the spouse, once the first payment is made', () => {
    const ownAge = { ...saved, minPaymentTypeId: minPaymentTypes.OwnAge };
    expect(rifSetupChangeProblems(saved, ownAge, true)).toEqual([
      { path: 'minPaymentTypeId', code: 'rifMinPaymentTypeLocked' },
    ]);
    const otherSpouse = { ...saved, minPaymentSpouseDob: '1962-03-03' };
    expect(rifSetupChangeProblems(saved, otherSpouse, true)).toHaveLength(1);
    expect(rifSetupChangeProblems(saved, { ...saved }, true)).toEqual([]);
  });
});
