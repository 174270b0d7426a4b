import {
  accountTypes,
  namedAccountTypes,
  type NamedAccountTypeName,
} from '../enums/account-types.ts';

/**
 * Margin accounts (CAD or USD, including short) are what options and short selling need. Kept
 * apart from the account-selection schemas: the onboarding flow uses it on screens that must
 * not download zod (the landing route's budget).
 */
export function includesMargin(accounts: readonly NamedAccountTypeName[]): boolean {
  return accounts.some((name) => namedAccountTypes[name].typeId === accountTypes.Margin);
}
