import type { NamedAccountTypeName } from '../enums/account-types.ts';
import { accountGoals, type AccountGoal } from '../enums/onboarding.ts';
import { onboardingAccountTypes } from '../enums/onboarding.ts';
import { namedAccountTypes } from '../enums/account-types.ts';

/**
 * Why an account suits a goal. The screens turn each reason into a sentence in the person's
 * language (catalogue key `reasons.<reason>`), filled with the section 9 constants.
 */
export type RecommendationReason =
  | 'rrspDeduction'
  | 'tfsaTaxFree'
  | 'respGrants'
  | 'respFamily'
  | 'fhsaFirstHome'
  | 'rrifIncome'
  | 'cashSimple'
  | 'cashJoint'
  | 'marginLeverage';

interface Suggestion {
  account: NamedAccountTypeName;
  reason: RecommendationReason;
}

/** Which accounts suit each goal of the helper (spec section 3), best first. */
const suggestionsByGoal: Readonly<Record<AccountGoal, readonly Suggestion[]>> = {
  [accountGoals.retirement]: [
    { account: 'rrsp', reason: 'rrspDeduction' },
    { account: 'tfsa', reason: 'tfsaTaxFree' },
  ],
  [accountGoals.education]: [
    { account: 'respi', reason: 'respGrants' },
    { account: 'respf', reason: 'respFamily' },
  ],
  [accountGoals.downpayment]: [
    { account: 'fhsa', reason: 'fhsaFirstHome' },
    { account: 'tfsa', reason: 'tfsaTaxFree' },
  ],
  [accountGoals.specific]: [
    { account: 'tfsa', reason: 'tfsaTaxFree' },
    { account: 'cash', reason: 'cashSimple' },
  ],
  [accountGoals.retirementincome]: [{ account: 'rrif', reason: 'rrifIncome' }],
  [accountGoals.daytrading]: [
    { account: 'margin', reason: 'marginLeverage' },
    { account: 'cash', reason: 'cashSimple' },
  ],
};

export interface Recommendation {
  account: NamedAccountTypeName;
  /** The chosen goals this account serves, in the order they were chosen. */
  goals: AccountGoal[];
  reasons: RecommendationReason[];
}

/**
 * The accounts the goals helper recommends for the chosen goals, each once, with every goal it
 * serves and the reasons. Joint applications never see an account two people cannot hold; a
 * goal only registered plans serve suggests them a cash account instead.
 */
export function recommendAccounts(
  goals: readonly AccountGoal[],
  ownershipTypeId: number = onboardingAccountTypes.Individual,
): Recommendation[] {
  const joint = ownershipTypeId === onboardingAccountTypes.Joint;
  const byAccount = new Map<NamedAccountTypeName, Recommendation>();
  for (const goal of goals) {
    let suggestions = suggestionsByGoal[goal] ?? [];
    if (joint) {
      suggestions = suggestions.filter(({ account }) => namedAccountTypes[account].jointVariant);
      // Every plan the goal suits is held in one name: two people can still save together in
      // a cash account (the screen also names the plans to open alone).
      if (suggestions.length === 0) suggestions = [{ account: 'cash', reason: 'cashJoint' }];
    }
    for (const { account, reason } of suggestions) {
      const found = byAccount.get(account) ?? { account, goals: [], reasons: [] };
      if (!found.goals.includes(goal)) found.goals.push(goal);
      if (!found.reasons.includes(reason)) found.reasons.push(reason);
      byAccount.set(account, found);
    }
  }
  return [...byAccount.values()];
}

/**
 * The accounts the chosen goals would suggest that a joint application cannot hold (registered
 * plans but the RESP, ADR 0014): the screen names them and says to open them in one person's
 * name. Empty for an individual application.
 */
export function suggestionsHeldAlone(
  goals: readonly AccountGoal[],
  ownershipTypeId: number = onboardingAccountTypes.Individual,
): NamedAccountTypeName[] {
  if (ownershipTypeId !== onboardingAccountTypes.Joint) return [];
  const accounts = goals.flatMap((goal) =>
    (suggestionsByGoal[goal] ?? []).map((suggestion) => suggestion.account),
  );
  return [...new Set(accounts)].filter((account) => !namedAccountTypes[account].jointVariant);
}
