import { describe, expect, it } from 'vitest';
import { accountTypes } from '@portal/domain/enums/account-types';
import { takesEftContributions } from '@portal/domain/rules/eft-eligibility';
import {
  contributionTransactionCode,
  isOutgoingTransactionCode,
  isPadClaim,
  isReturnReasonCode,
  payoutTransactionCode,
  returnReasons,
} from './cpa005-codes.ts';

describe('Standard 007 transaction codes by account', () => {
  it('gives each registered plan its own contribution code', () => {
    expect(contributionTransactionCode(accountTypes.RSP, 'personal')).toBe(271);
    expect(contributionTransactionCode(accountTypes.SPRSP, 'personal')).toBe(265);
    expect(contributionTransactionCode(accountTypes.RESP, 'personal')).toBe(266);
    expect(contributionTransactionCode(accountTypes.TFSA, 'personal')).toBe(273);
    expect(contributionTransactionCode(accountTypes.Cash, 'personal')).toBe(260);
  });

  it('uses 260 for an FHSA until a code of its own is configured', () => {
    expect(contributionTransactionCode(accountTypes.FHSA, 'personal')).toBe(260);
    expect(
      contributionTransactionCode(accountTypes.FHSA, 'personal', { [accountTypes.FHSA]: 275 }),
    ).toBe(275);
  });

  it('marks a business payor with 701, whatever the account', () => {
    expect(contributionTransactionCode(accountTypes.Margin, 'business')).toBe(701);
  });

  it('has a code for every account that takes EFT contributions, and none for the others', () => {
    for (const id of Object.values(accountTypes).filter((value) => value > 0)) {
      if (takesEftContributions(id)) {
        expect(isOutgoingTransactionCode(contributionTransactionCode(id, 'personal'))).toBe(true);
      } else {
        expect(() => contributionTransactionCode(id, 'personal')).toThrow(
          'takes EFT contributions',
        );
      }
    }
  });

  it('pays income funds with 272 unless configured otherwise, and nothing else', () => {
    expect(payoutTransactionCode(accountTypes.RIF)).toBe(272);
    expect(payoutTransactionCode(accountTypes.LIF, 230)).toBe(230);
    expect(() => payoutTransactionCode(accountTypes.TFSA)).toThrow('an income fund');
  });
});

describe('Standard 007 return reasons', () => {
  it('knows 900 to 922 and 990, not the unassigned 904, 906 and 913', () => {
    expect(isReturnReasonCode(901)).toBe(true);
    expect(isReturnReasonCode(922)).toBe(true);
    expect(isReturnReasonCode(990)).toBe(true);
    for (const unassigned of [904, 906, 913, 923])
      expect(isReturnReasonCode(unassigned)).toBe(false);
    expect(Object.keys(returnReasons)).toHaveLength(21);
  });

  it('tells PAD claims (915-921) from the bank dishonouring a payment', () => {
    expect([914, 915, 917, 921, 922].map(isPadClaim)).toEqual([false, true, true, true, false]);
    expect(returnReasons[917]).toEqual({
      description: 'Agreement revoked - personal',
      debitOnly: true,
    });
  });

  it('keeps the 900s out of outgoing items', () => {
    expect(isOutgoingTransactionCode(899)).toBe(true);
    expect(isOutgoingTransactionCode(900)).toBe(false);
    expect(isOutgoingTransactionCode(27.1)).toBe(false);
  });
});
