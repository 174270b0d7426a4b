import { accountTypes } from '../enums/account-types.ts';

/**
 * Registered income funds (RRIF, LIF, PRIF...) take no contributions, and locked-in plans
 * (LIRA, LRSP, RLSP) are funded only by transfers from a pension plan.
 */
const noContributionTypes: ReadonlySet<number> = new Set([
  accountTypes.RIF,
  accountTypes.SPRIF,
  accountTypes.LIF,
  accountTypes.RLIF,
  accountTypes.PRIF,
  accountTypes.LIRA,
  accountTypes.RLSP,
]);

/** Whether new money can go into an account of this type by EFT (`eftEligible`). */
export const takesEftContributions = (accountTypeId: number): boolean =>
  !noContributionTypes.has(accountTypeId);

/**
 * The ways to fund one account the application opens (spec section 2, Funding): a one-time
 * EFT, a pre-authorized contribution, a transfer from another institution, a bill payment from
 * the person's bank, or nothing for now.
 */
export const fundingWays = ['eft', 'pac', 'transfer', 'billPayment', 'skip'] as const;
export type FundingWay = (typeof fundingWays)[number];

/** The ways that put new money in from a bank account: refused where there are no deposits. */
const bankDepositWays: ReadonlySet<FundingWay> = new Set(['eft', 'pac', 'billPayment']);

/**
 * The ways an account of this type can be funded: every way, or, for a plan funded only by a
 * transfer from another plan, the transfer (and nothing for now). The same rule that sets
 * `eftEligible`, so the funding step never offers what submitting would refuse.
 */
export const fundingWaysFor = (accountTypeId: number): readonly FundingWay[] =>
  takesEftContributions(accountTypeId)
    ? fundingWays
    : fundingWays.filter((way) => !bankDepositWays.has(way));
