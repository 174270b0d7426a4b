/**
 * What a returned payment means for the person and for their plan (issue 35), from the
 * Payments Canada Standard 007 reason code the bank puts on an item of a CPA 005 returns file
 * (docs/research/2026-11-30-cpa-005.md, "Return reason codes"). Pure, so that the return
 * processing, the mails and the funding page read one classification, never three.
 *
 * The codes themselves (and the file layout) stay with the bank provider on the server; this
 * names only what follows from them. A code Standard 007 does not list, or one added after it,
 * is `other`: our team looks at it, nothing else is assumed.
 */

/** What the person is told to do, by kind of return. */
export const returnGroups = [
  'nsf',
  'accountProblem',
  'paymentStopped',
  'noDebitAllowed',
  'payorName',
  'padClaim',
  'customerReturn',
  'editReject',
  'other',
] as const;
export type ReturnGroup = (typeof returnGroups)[number];

export interface ReturnEffect {
  group: ReturnGroup;
  /** The recurring contribution (PAC) on that bank account stops: the payor withdrew consent. */
  stopsPac: boolean;
  /** Counts toward the NSF returns in a row that suspend a PAC until our team looks at it. */
  countsAsNsf: boolean;
  /** A payor's reimbursement claim under the PAD agreement (Rule H1): the deposit is reversed. */
  isPadClaim: boolean;
}

/** 901: "NSF (debit only)". */
const NSF = 901;

/**
 * The codes with their own group. 908 (funds not cleared), 909 (currency/account mismatch), 910
 * (payor/payee deceased), 911 (account frozen) and 990 (institution in default) are left to
 * `other` on purpose: each needs a person at our firm before anyone is told what to do.
 */
const groupByCode: Readonly<Record<number, ReturnGroup>> = {
  900: 'editReject',
  [NSF]: 'nsf',
  902: 'accountProblem',
  903: 'paymentStopped',
  905: 'accountProblem',
  907: 'noDebitAllowed',
  912: 'accountProblem',
  914: 'payorName',
  922: 'customerReturn',
};

/**
 * The returns after which the bank account takes no more debits from us: the payment was
 * stopped (903), the account closed (905), no agreement existed (915) or the payor revoked it
 * (917). Debiting again would only be returned again, or go against the payor's will.
 */
const pacStoppers: ReadonlySet<number> = new Set([903, 905, 915, 917]);

/** 915-921: "Customer Initiated Returns (Debits Only)", the payor's claims under Rule H1. */
const isPadClaimCode = (code: number) => Number.isInteger(code) && code >= 915 && code <= 921;

export function returnEffectOf(reasonCode: number): ReturnEffect {
  const isPadClaim = isPadClaimCode(reasonCode);
  return {
    group: isPadClaim ? 'padClaim' : (groupByCode[reasonCode] ?? 'other'),
    stopsPac: pacStoppers.has(reasonCode),
    countsAsNsf: reasonCode === NSF,
    isPadClaim,
  };
}
