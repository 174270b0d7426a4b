/**
 * What the delivering institution answers to a transfer request sent to it (issue 15). A real
 * one answers through ATON (CDS) or Fundserv; the sandbox's firm accepts every request except
 * those of an account number starting with `000` (docs and ADR 0021: "000… is declined"), so
 * a test or a demo reaches SC_DECLINED with an ordinary request.
 */
export type DeliveringAnswer = 'accepted' | 'declined';

export interface DeliveringFirm {
  answerOf(request: { accountNumber: string }): DeliveringAnswer;
}

/** The account-number prefix that makes the sandbox's delivering firm decline. */
export const SANDBOX_DECLINED_PREFIX = '000';

export const sandboxDeliveringFirm: DeliveringFirm = {
  answerOf: ({ accountNumber }) =>
    accountNumber.trim().startsWith(SANDBOX_DECLINED_PREFIX) ? 'declined' : 'accepted',
};
