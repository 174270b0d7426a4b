import { describe, expect, it } from 'vitest';
import { clientCashAccount } from './ledger-accounts.ts';
import { balanceOf } from './ledger-balance.ts';
import type { LedgerLine } from './ledger-journal.ts';

const client = clientCashAccount('3f2b8c1e-7a4d-4e2f-9b1a-0c5d6e7f8a9b');
const contribution: LedgerLine[] = [
  { account: 'bankClearing:CAD', side: 'debit', amountCents: 250_000 },
  { account: client, side: 'credit', amountCents: 250_000 },
];

describe('balanceOf', () => {
  it('derives a balance on the account’s normal side from its lines only', () => {
    const payout: LedgerLine[] = [
      { account: client, side: 'debit', amountCents: 60_000 },
      { account: 'bankClearing:CAD', side: 'credit', amountCents: 60_000 },
    ];
    const lines = [...contribution, ...payout];
    expect(balanceOf(lines, client)).toBe(190_000);
    expect(balanceOf(lines, 'bankClearing:CAD')).toBe(190_000);
    expect(balanceOf(lines, 'withholdingPayable:CAD')).toBe(0);
  });

  it('refuses to answer a sum that is no longer exact', () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(() =>
      balanceOf(
        [
          { account: client, side: 'credit', amountCents: big },
          { account: client, side: 'credit', amountCents: big },
        ],
        client,
      ),
    ).toThrow(RangeError);
  });
});
