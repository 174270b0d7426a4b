import { isAccountNumber } from '../operations/account-numbers.ts';

/**
 * The joint applicant's shareholder ID and share of the joint accounts (spec section 3,
 * issue 17). The shareholder ID is the client number a joint applicant who already is a client
 * holds (8 digits with a Luhn check digit, as assigned at approval); the server then checks it
 * belongs to the person whose SIN and birth date were given. The share is the percentage of the
 * joint accounts the joint applicant holds (spec section 5: 0 to 100); the primary holds the rest.
 */

/** Half each, unless the applicants say otherwise. */
export const JOINT_SHARE_DEFAULT_PERCENT = 50;

/** A shareholder ID as typed: spaces and dashes are the reader's, not the number's. */
export function normalizeShareholderId(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * The message key of a shareholder ID's format problem, or undefined when it is blank (it is
 * optional) or well formed.
 */
export function shareholderIdProblem(value: unknown): 'shareholderIdFormat' | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return 'shareholderIdFormat';
  const id = normalizeShareholderId(value);
  return id === '' || isAccountNumber(id) ? undefined : 'shareholderIdFormat';
}

/** The primary applicant's share, from the joint applicant's (hundredths kept exact). */
export function primaryShareOf(jointPercent: number): number {
  return (10_000 - Math.round(jointPercent * 100)) / 100;
}
