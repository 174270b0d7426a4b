import { namedAccountTypes, usdTwinOf, type NamedAccountTypeName } from '../enums/account-types.ts';
import type { LockedInPlan } from '../enums/pension-jurisdictions.ts';

/**
 * The Canadian-dollar accounts the "all accounts" screen offers, in the order shown; each
 * brings its U.S.-dollar twin where one exists. Short accounts come with short selling on the
 * options step, not from this list.
 */
export const catalogueAccounts = {
  nonRegistered: ['cash', 'margin', 'dap'],
  registered: [
    'tfsa',
    'rrsp',
    'spousalRrsp',
    'fhsa',
    'respi',
    'respf',
    'rrif',
    'spousalRrif',
    'lira',
    'liraLrsp',
    'lif',
    'lifLrif',
    'rlif',
    'prif',
    'rlsp',
  ],
} as const satisfies Record<string, readonly NamedAccountTypeName[]>;

export interface CatalogueEntry {
  account: NamedAccountTypeName;
  usdTwin?: NamedAccountTypeName;
  /** Whether two people may hold it together. */
  jointVariant: boolean;
}

export function catalogueEntries(group: keyof typeof catalogueAccounts): CatalogueEntry[] {
  return catalogueAccounts[group].map((account) => {
    const usdTwin = usdTwinOf(account);
    return {
      account,
      ...(usdTwin ? { usdTwin } : {}),
      jointVariant: namedAccountTypes[account].jointVariant,
    };
  });
}

/** The pension law a locked-in account is opened under (spec section 3, pension jurisdiction). */
const lockedInPlanOf: Partial<Record<NamedAccountTypeName, LockedInPlan>> = {
  lira: 'LIRA',
  liraLrsp: 'LRSP',
  lif: 'LIF',
  lifLrif: 'LRIF',
  prif: 'PRIF',
  rlsp: 'RLSP',
};

export function lockedInPlanFor(account: NamedAccountTypeName): LockedInPlan | undefined {
  return lockedInPlanOf[account];
}
