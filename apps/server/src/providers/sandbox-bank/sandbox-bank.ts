/**
 * What the bank answers to a debit it was sent (issue 14). The sandbox bank pays every debit
 * except those whose cents are .13 (docs/sandbox.md: "$x.13 is rejected"), so a test or a
 * demo reaches REJECTED_BY_BANK with an ordinary amount.
 */
export type DebitOutcome = 'completed' | 'rejected';

export interface BankProcessor {
  outcomeOf(debit: { amountCents: number }): DebitOutcome;
}

/** The cents that make the sandbox bank refuse a debit. */
export const SANDBOX_REJECTED_CENTS = 13;

export const sandboxBank: BankProcessor = {
  outcomeOf: ({ amountCents }) =>
    amountCents % 100 === SANDBOX_REJECTED_CENTS ? 'rejected' : 'completed',
};
