import { z } from 'zod';
import type { MoneyCurrency } from '../money/cents.ts';

/**
 * The ledger accounts of the portal's record of the money it moved (ADR 0038). Names are text
 * so one column holds every kind and a person reading a row sees what it is:
 * - `clientCash:<clientAccountId>`: what the portal moved into (credit) or out of (debit) one
 *   investment account. Owed to the client, so it is credit-normal.
 * - `bankClearing:<currency>`: the brokerage's clearing account at its bank, where PAD debits
 *   land and RRIF payouts leave from. Cash held, so it is debit-normal.
 * - `withholdingPayable:<currency>`: tax withheld from payouts and not yet remitted. Owed to the
 *   tax authorities, so it is credit-normal.
 */

export const ledgerCurrencies = ['CAD', 'USD'] as const satisfies readonly MoneyCurrency[];
export type LedgerCurrency = (typeof ledgerCurrencies)[number];

export type LedgerAccount =
  | `clientCash:${string}`
  | `bankClearing:${LedgerCurrency}`
  | `withholdingPayable:${LedgerCurrency}`;

export type LedgerSide = 'debit' | 'credit';
export const ledgerSides = ['debit', 'credit'] as const satisfies readonly LedgerSide[];

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const accountText = /^(clientCash|bankClearing|withholdingPayable):(.+)$/;

export function clientCashAccount(clientAccountId: string): LedgerAccount {
  return `clientCash:${clientAccountId.toLowerCase()}`;
}

export function bankClearingAccount(currency: LedgerCurrency): LedgerAccount {
  return `bankClearing:${currency}`;
}

export function withholdingPayableAccount(currency: LedgerCurrency): LedgerAccount {
  return `withholdingPayable:${currency}`;
}

export type ParsedLedgerAccount =
  | { kind: 'clientCash'; clientAccountId: string }
  | { kind: 'bankClearing' | 'withholdingPayable'; currency: LedgerCurrency };

/** The parts of an account name, or undefined for a name that is none of ours. */
export function parseLedgerAccount(name: string): ParsedLedgerAccount | undefined {
  const match = accountText.exec(name);
  if (!match) return undefined;
  const [, kind, rest = ''] = match;
  if (kind === 'clientCash') {
    // Lower case only: one account must have one spelling, or its balance splits in two.
    return uuidText.test(rest) ? { kind, clientAccountId: rest } : undefined;
  }
  const currency = ledgerCurrencies.find((known) => known === rest);
  return currency && (kind === 'bankClearing' || kind === 'withholdingPayable')
    ? { kind, currency }
    : undefined;
}

export const ledgerAccountSchema = z
  .string()
  .refine((name) => parseLedgerAccount(name) !== undefined, { message: 'invalid' })
  .transform((name) => name as LedgerAccount);

/** The side on which an account grows: its balance is that side's total less the other's. */
export function normalSideOf(account: LedgerAccount): LedgerSide {
  return account.startsWith('bankClearing:') ? 'debit' : 'credit';
}

/** The currency an account name fixes, if any (a client account's is its own, not in its name). */
export function currencyOfAccount(account: LedgerAccount): LedgerCurrency | undefined {
  const parsed = parseLedgerAccount(account);
  return parsed && parsed.kind !== 'clientCash' ? parsed.currency : undefined;
}
