import { normalSideOf, type LedgerAccount } from './ledger-accounts.ts';
import type { LedgerLine } from './ledger-journal.ts';

/**
 * An account's balance, derived from its lines every time and never stored (ADR 0038): a
 * stored balance could drift from the entries, and the entries are the record. Positive on the
 * account's normal side: for `clientCash:<id>` the cash the portal moved into the account and
 * did not take back. A sum that is no longer exact is refused rather than answered wrong.
 */
export function balanceOf(lines: readonly LedgerLine[], account: LedgerAccount): number {
  const normal = normalSideOf(account);
  let balance = 0;
  for (const line of lines) {
    if (line.account !== account) continue;
    balance += line.side === normal ? line.amountCents : -line.amountCents;
    if (!Number.isSafeInteger(balance)) throw new RangeError('ledger balance beyond exact cents');
  }
  return balance;
}
