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
