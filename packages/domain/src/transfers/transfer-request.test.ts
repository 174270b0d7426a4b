import { describe, expect, it } from 'vitest';
import { transferAccountModelSchema, type TransferAccountModelInput } from './transfer-request.ts';

const valid: TransferAccountModelInput = {
  applicationId: '0b0e5a43-5a3b-4f57-9a43-3f3c4a6f7d11',
  toAccountId: '8f1c2f7e-7c1b-4d0e-8e36-2c8c0a1b9e22',
  fromInstitutionId: 'rbc-direct-investing',
  accountNumber: ' 123-45678 ',
  accountType: 'RSP',
  transferType: 4,
  approximateValue: 20000.5,
  statement: {
    holders: [
      { firstName: 'Hélène', lastName: 'Côté', sin: '046 454 286', birthDate: '1961-03-04' },
    ],
    address: {
      streetNumber: '12',
      streetName: 'rue Sainte-Catherine',
      city: 'Montréal',
      provinceId: 11,
      postalCode: 'H2X 1K4',
    },
  },
  lines: [
    { kind: 'inKind', symbol: 'xiu', securityName: 'iShares S&P/TSX 60', quantity: 100 },
    { kind: 'cash', amount: 250.25 },
  ],
};

describe('transferAccountModelSchema', () => {
  it('reads dollars as cents, trims the account number and upper-cases symbols', () => {
    const model = transferAccountModelSchema.parse(valid);
    expect(model.approximateValue).toBe(2_000_050);
    expect(model.accountNumber).toBe('123-45678');
    expect(model.lines).toEqual([
      { kind: 'inKind', symbol: 'XIU', securityName: 'iShares S&P/TSX 60', quantity: 100 },
      { kind: 'cash', amountCents: 25_025 },
    ]);
    expect(model.transferFee).toBe(0);
    expect(model.deliveringJurisdiction).toBeNull();
  });

  it('names each missing or malformed field with its message key', () => {
    const result = transferAccountModelSchema.safeParse({
      ...valid,
      applicationId: 'not-a-uuid',
      fromInstitutionId: '',
      accountNumber: '  ',
      accountType: 'Savings',
      transferType: 9,
      approximateValue: -5,
      deliveringJurisdiction: 'XX',
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toMatchObject({
      applicationId: 'invalid',
      fromInstitutionId: 'deliveringInstitutionUnknown',
      accountNumber: 'deliveringAccountNumberRequired',
      accountType: 'invalid',
      transferType: 'invalid',
      approximateValue: 'amountFormat',
      deliveringJurisdiction: 'invalid',
    });
  });

  it('refuses more than two statement holders and an unknown unpaid-minimum instruction', () => {
    const holder = valid.statement.holders[0]!;
    const result = transferAccountModelSchema.safeParse({
      ...valid,
      unpaidMinimum: 'later',
      statement: { ...valid.statement, holders: [holder, holder, holder] },
    });
    const paths = (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['unpaidMinimum', 'statement.holders']));
  });
});
