import { describe, expect, it } from 'vitest';
import { bankClearingAccount, clientCashAccount } from './ledger-accounts.ts';
import { balanceOf } from './ledger-balance.ts';
import {
  balancedJournal,
  canReverse,
  journalProblem,
  reversalOf,
  type LedgerJournal,
} from './ledger-journal.ts';

const accountId = '3f2b8c1e-7a4d-4e2f-9b1a-0c5d6e7f8a9b';
const requestId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const client = clientCashAccount(accountId);

function contribution(amountCents: number): LedgerJournal {
  return {
    kind: 'contributionSent',
    currency: 'CAD',
    reference: { type: 'fundingRequest', id: requestId },
    memo: null,
    reverses: null,
    lines: [
      { account: bankClearingAccount('CAD'), side: 'debit', amountCents },
      { account: client, side: 'credit', amountCents },
    ],
  };
}

describe('balancedJournal', () => {
  it('accepts two or more lines whose debits equal their credits', () => {
    expect(balancedJournal.safeParse(contribution(123_456)).success).toBe(true);
    const payout: LedgerJournal = {
      kind: 'payoutSent',
      currency: 'CAD',
      reference: { type: 'rifPayment', id: requestId },
      memo: null,
      reverses: null,
      lines: [
        { account: client, side: 'debit', amountCents: 100_000 },
        { account: 'bankClearing:CAD', side: 'credit', amountCents: 70_000 },
        { account: 'withholdingPayable:CAD', side: 'credit', amountCents: 30_000 },
      ],
    };
    expect(journalProblem(payout)).toBeUndefined();
  });

  it('refuses debits and credits that differ by a cent', () => {
    const journal = contribution(5_000);
    journal.lines[1] = { account: client, side: 'credit', amountCents: 4_999 };
    expect(journalProblem(journal)).toBe('unbalanced');
    expect(balancedJournal.safeParse(journal).success).toBe(false);
  });

  it('refuses a single line, a zero, a negative, a fraction of a cent and an unsafe integer', () => {
    const single = contribution(5_000);
    single.lines = single.lines.slice(0, 1);
    expect(journalProblem(single)).toBe('tooFewLines');
    for (const amountCents of [0, -5_000, 19.99, 2 ** 53, Number.NaN]) {
      expect(
        balancedJournal.safeParse(contribution(amountCents)).success,
        String(amountCents),
      ).toBe(false);
    }
  });

  it('refuses totals past exact integers even when each line is safe', () => {
    const big = Number.MAX_SAFE_INTEGER;
    const journal = contribution(big);
    journal.lines.push({ account: 'bankClearing:CAD', side: 'debit', amountCents: big });
    journal.lines.push({ account: client, side: 'credit', amountCents: big });
    expect(journalProblem(journal)).toBe('totalUnsafe');
  });

  it('keeps one currency per journal', () => {
    const journal = contribution(5_000);
    journal.lines[0] = { account: 'bankClearing:USD', side: 'debit', amountCents: 5_000 };
    expect(journalProblem(journal)).toBe('currencyMismatch');
  });

  it('requires a reversal kind exactly when the journal reverses another', () => {
    expect(journalProblem({ ...contribution(5_000), reverses: requestId })).toBe(
      'reversalKindMismatch',
    );
    expect(journalProblem({ ...contribution(5_000), kind: 'padClaim' })).toBe(
      'reversalKindMismatch',
    );
  });

  it('takes memo codes, not free text', () => {
    expect(balancedJournal.safeParse({ ...contribution(5_000), memo: '901' }).success).toBe(true);
    expect(
      balancedJournal.safeParse({ ...contribution(5_000), memo: 'Marie Tremblay 6004123' }).success,
    ).toBe(false);
  });
});

describe('reversalOf', () => {
  it('swaps every side, references the original and brings every balance back to zero', () => {
    const original = contribution(123_457);
    const reversal = reversalOf(original, requestId, { kind: 'padClaim', memo: '915' });
    expect(reversal).toMatchObject({ kind: 'padClaim', reverses: requestId, memo: '915' });
    expect(reversal.lines.map((line) => line.side)).toEqual(['credit', 'debit']);
    expect(journalProblem(reversal)).toBeUndefined();
    const lines = [...original.lines, ...reversal.lines];
    expect(balanceOf(original.lines, client)).toBe(123_457);
    expect(balanceOf(lines, client)).toBe(0);
    expect(balanceOf(lines, 'bankClearing:CAD')).toBe(0);
  });

  it('pairs each original with the reversals that can undo it', () => {
    expect(canReverse('contributionSent', 'padClaim')).toBe(true);
    expect(canReverse('contributionSent', 'contributionReturned')).toBe(true);
    expect(canReverse('withholding', 'payoutReturned')).toBe(true);
    expect(canReverse('payoutSent', 'contributionReturned')).toBe(false);
    expect(canReverse('padClaim', 'padClaim')).toBe(false);
  });
});
