import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bankNumbersSchema,
  chequeUploadFieldsSchema,
  fundingRequestSchema,
  fundingSourceOf,
  stripBankNumber,
} from './funding-schemas.ts';

const problems = (result: z.ZodSafeParseResult<unknown>) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const accountId = '3f2b8c1e-0a4d-4c6b-9b8e-2a1c3d4e5f60';
const chequeId = '7d1e2f3a-4b5c-4d6e-8f70-819203a4b5c6';
const bankId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const oneTime = {
  amount: 250,
  toAccountNumber: null,
  toAccountId: accountId,
  fundingFrequencyTypeId: 1,
  fundingTypeId: 1,
  pacStartDate: '2026-04-14',
  documentUploadedId: chequeId,
  agreementAccepted: true,
  preNotificationWaived: false,
};

describe('bankNumbersSchema', () => {
  it('strips spaces and dashes, then takes 3, 5 and 7 to 12 digits', () => {
    expect(
      bankNumbersSchema.parse({
        institutionNumber: ' 006 ',
        transitNumber: '12-345',
        accountNumber: '1234 567-890',
      }),
    ).toEqual({ institutionNumber: '006', transitNumber: '12345', accountNumber: '1234567890' });
    expect(stripBankNumber('12\u00a0345-6')).toBe('123456');
  });

  it('names each field’s problem', () => {
    expect(
      problems(
        bankNumbersSchema.safeParse({
          institutionNumber: '06',
          transitNumber: '1234a',
          accountNumber: '123456',
        }),
      ),
    ).toEqual({
      institutionNumber: 'institutionFormat',
      transitNumber: 'transitFormat',
      accountNumber: 'bankAccountFormat',
    });
    expect(
      problems(
        bankNumbersSchema.safeParse({ institutionNumber: ' ', accountNumber: '1234567890123' }),
      ),
    ).toEqual({
      institutionNumber: 'required',
      transitNumber: 'required',
      accountNumber: 'bankAccountFormat',
    });
  });
});

describe('chequeUploadFieldsSchema', () => {
  const fields = {
    finInstitution: '815',
    transitNumber: '30000',
    bankAccountNumber: '1234567',
    nickname: '  Everyday chequing ',
    currency: 'cad',
  };

  it('reads the multipart fields, the nickname trimmed', () => {
    expect(chequeUploadFieldsSchema.parse(fields)).toEqual({
      ...fields,
      nickname: 'Everyday chequing',
    });
  });

  it('asks for a nickname of at most 40 characters and a currency of cad or usd', () => {
    expect(
      problems(chequeUploadFieldsSchema.safeParse({ ...fields, nickname: '   ', currency: 'eur' })),
    ).toEqual({
      nickname: 'nicknameRequired',
      currency: 'invalid',
    });
    expect(
      problems(chequeUploadFieldsSchema.safeParse({ ...fields, nickname: 'x'.repeat(41) })),
    ).toEqual({
      nickname: 'nicknameTooLong',
    });
    expect(
      chequeUploadFieldsSchema.safeParse({ ...fields, nickname: 'x'.repeat(40) }).success,
    ).toBe(true);
    expect(
      problems(chequeUploadFieldsSchema.safeParse({ ...fields, currency: undefined })),
    ).toEqual({
      currency: 'required',
    });
  });
});

describe('fundingRequestSchema', () => {
  it('takes a one-time request and turns dollars into cents', () => {
    const request = fundingRequestSchema.parse({ ...oneTime, amount: 19.99 + 30.3 });
    expect(request.amountCents).toBe(5029);
    expect(request).not.toHaveProperty('amount');
    expect(request).toMatchObject({
      toAccountNumber: null,
      toAccountId: accountId,
      fundingFrequencyTypeId: 1,
      fundingTypeId: 1,
      pacStartDate: '2026-04-14',
      documentUploadedId: chequeId,
      agreementAccepted: true,
      preNotificationWaived: false,
    });
    expect(fundingSourceOf(request)).toEqual({ field: 'documentUploadedId', id: chequeId });
  });

  it('takes 0.29-style amounts exactly', () => {
    expect(fundingRequestSchema.parse({ ...oneTime, amount: 1234.29 }).amountCents).toBe(123_429);
  });

  it('refuses less than $50 and more than $1,000,000, and more than two decimals', () => {
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, amount: 49.99 }))).toEqual({
      amount: 'eftMinimum',
    });
    expect(fundingRequestSchema.safeParse({ ...oneTime, amount: 50 }).success).toBe(true);
    expect(fundingRequestSchema.safeParse({ ...oneTime, amount: 1_000_000 }).success).toBe(true);
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, amount: 1_000_000.01 }))).toEqual({
      amount: 'eftMaximum',
    });
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, amount: 50.005 }))).toEqual({
      amount: 'amountFormat',
    });
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, amount: '100' }))).toEqual({
      amount: 'amountFormat',
    });
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, amount: undefined }))).toEqual({
      amount: 'required',
    });
  });

  it('takes a recurring PAC from a connected bank account', () => {
    const rest = { ...oneTime, documentUploadedId: undefined };
    const request = fundingRequestSchema.parse({
      ...rest,
      fundingFrequencyTypeId: 5,
      fundingTypeId: 3,
      flinksBankAccountId: bankId,
      preNotificationWaived: true,
      taxYear: 2025,
    });
    expect(request).toMatchObject({ fundingTypeId: 3, preNotificationWaived: true, taxYear: 2025 });
    expect(fundingSourceOf(request)).toEqual({ field: 'flinksBankAccountId', id: bankId });
  });

  it('takes an account on file with its number and nickname', () => {
    const rest = { ...oneTime, documentUploadedId: undefined };
    const request = fundingRequestSchema.parse({
      ...rest,
      fromAccountId: bankId,
      fromAccountNumber: '•••••123',
      fromAccountNickname: 'Savings',
    });
    expect(fundingSourceOf(request)).toEqual({ field: 'fromAccountId', id: bankId });
  });

  it('wants one-time type 1 with frequency 1 and recurring type 3 otherwise', () => {
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, fundingTypeId: 3 }))).toEqual({
      fundingTypeId: 'invalid',
    });
    expect(
      problems(fundingRequestSchema.safeParse({ ...oneTime, fundingFrequencyTypeId: 2 })),
    ).toEqual({
      fundingTypeId: 'invalid',
    });
    expect(
      problems(fundingRequestSchema.safeParse({ ...oneTime, fundingFrequencyTypeId: 9 })),
    ).toEqual({
      fundingFrequencyTypeId: 'invalid',
    });
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, fundingTypeId: 2 }))).toEqual({
      fundingTypeId: 'invalid',
    });
  });

  it('wants exactly one source', () => {
    const none = { ...oneTime, documentUploadedId: undefined };
    expect(problems(fundingRequestSchema.safeParse(none))).toEqual({
      documentUploadedId: 'sourceRequired',
    });
    expect(
      problems(fundingRequestSchema.safeParse({ ...oneTime, flinksBankAccountId: bankId })),
    ).toEqual({
      documentUploadedId: 'invalid',
      flinksBankAccountId: 'invalid',
    });
    expect(
      problems(fundingRequestSchema.safeParse({ ...oneTime, documentUploadedId: 'cheque-1' })),
    ).toEqual({
      documentUploadedId: 'invalid',
    });
  });

  it('wants the agreement accepted and a real start date', () => {
    expect(
      problems(fundingRequestSchema.safeParse({ ...oneTime, agreementAccepted: false })),
    ).toEqual({
      agreementAccepted: 'agreementRequired',
    });
    expect(
      problems(fundingRequestSchema.safeParse({ ...oneTime, pacStartDate: '04-14-2026' })),
    ).toEqual({
      pacStartDate: 'invalidDate',
    });
    expect(problems(fundingRequestSchema.safeParse({ ...oneTime, pacStartDate: '' }))).toEqual({
      pacStartDate: 'required',
    });
  });

  it('reports every problem at once, the cross-field ones too', () => {
    expect(
      problems(
        fundingRequestSchema.safeParse({
          amount: 10,
          toAccountId: 'nope',
          fundingFrequencyTypeId: 1,
          fundingTypeId: 3,
          pacStartDate: '2026-02-30',
        }),
      ),
    ).toEqual({
      amount: 'eftMinimum',
      toAccountId: 'invalid',
      pacStartDate: 'invalidDate',
      agreementAccepted: 'agreementRequired',
      documentUploadedId: 'sourceRequired',
      fundingTypeId: 'invalid',
    });
  });

  it('defaults the waiver to false and the account number to null', () => {
    const rest = { ...oneTime, preNotificationWaived: undefined, toAccountNumber: undefined };
    expect(fundingRequestSchema.parse(rest)).toMatchObject({
      preNotificationWaived: false,
      toAccountNumber: null,
    });
    expect(
      problems(fundingRequestSchema.safeParse({ ...oneTime, preNotificationWaived: 'yes' })),
    ).toEqual({
      preNotificationWaived: 'invalid',
    });
  });
});
