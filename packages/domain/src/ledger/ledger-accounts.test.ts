import { describe, expect, it } from 'vitest';
import {
  bankClearingAccount,
  clientCashAccount,
  currencyOfAccount,
  ledgerAccountSchema,
  normalSideOf,
  parseLedgerAccount,
  withholdingPayableAccount,
} from './ledger-accounts.ts';

const accountId = '3f2b8c1e-7a4d-4e2f-9b1a-0c5d6e7f8a9b';

describe('ledger accounts', () => {
  it('names one account per client account, and one clearing and withholding account per currency', () => {
    expect(clientCashAccount(accountId)).toBe(`clientCash:${accountId}`);
    expect(clientCashAccount(accountId.toUpperCase())).toBe(`clientCash:${accountId}`);
    expect(bankClearingAccount('CAD')).toBe('bankClearing:CAD');
    expect(withholdingPayableAccount('USD')).toBe('withholdingPayable:USD');
  });

  it('reads a name back into its parts and refuses names that are not ours', () => {
    expect(parseLedgerAccount(`clientCash:${accountId}`)).toEqual({
      kind: 'clientCash',
      clientAccountId: accountId,
    });
    expect(parseLedgerAccount('bankClearing:USD')).toEqual({
      kind: 'bankClearing',
      currency: 'USD',
    });
    for (const name of [
      'clientCash:not-a-uuid',
      `clientCash:${accountId.toUpperCase()}`,
      'bankClearing:EUR',
      'suspense:CAD',
      'bankClearing',
    ]) {
      expect(parseLedgerAccount(name), name).toBeUndefined();
      expect(ledgerAccountSchema.safeParse(name).success, name).toBe(false);
    }
  });

  it('grows the clearing account by debits and what is owed (client cash, withholding) by credits', () => {
    expect(normalSideOf('bankClearing:CAD')).toBe('debit');
    expect(normalSideOf(clientCashAccount(accountId))).toBe('credit');
    expect(normalSideOf('withholdingPayable:CAD')).toBe('credit');
  });

  it('fixes a currency by the name of the clearing and withholding accounts only', () => {
    expect(currencyOfAccount('withholdingPayable:USD')).toBe('USD');
    expect(currencyOfAccount(clientCashAccount(accountId))).toBeUndefined();
  });
});
