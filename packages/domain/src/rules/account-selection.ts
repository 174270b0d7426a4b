import { z } from 'zod';
import {
  accountTypes,
  namedAccountTypes,
  type NamedAccountTypeName,
} from '../enums/account-types.ts';
import { accountGoals } from '../enums/onboarding.ts';
import { onboardingAccountTypes } from '../enums/onboarding.ts';
import { optionsStrategies } from '../enums/investment.ts';
import { codeSchema } from '../enums/code-schema.ts';
import { pensionJurisdictions } from '../enums/pension-jurisdictions.ts';
import { ACCOUNT_CODE_LENGTH } from '../constants.ts';
import { NAME_MAX_LENGTH } from './account.ts';
import { lockedInPlanFor } from './account-catalogue.ts';
import { includesMargin } from './margin.ts';

/** How joint applicants are related; RESP joint accounts need spouses (spec section 5). */
export const jointRelationships = ['spouse', 'commonLaw', 'other'] as const;
export type JointRelationship = (typeof jointRelationships)[number];

export interface SelectionContext {
  ownershipTypeId: number;
  jointRelationship?: JointRelationship;
}

export interface SelectionProblem {
  /** Where the problem is: `accounts` for the whole choice, `accounts.N` for one account. */
  path: string;
  code: SelectionProblemCode;
}

export type SelectionProblemCode =
  | 'accountRequired'
  | 'duplicated'
  | 'tooManyRegistered'
  | 'tooManyNonRegistered'
  | 'usdNeedsCad'
  | 'noJointVariant'
  | 'respJointNeedsSpouse';

/**
 * The account-selection rules of spec section 5, shared by the screens and the server:
 * at least one account, each once; at most one registered and one non-registered plan (a USD
 * account goes with its CAD twin and does not count again); a USD registered account needs its
 * CAD account; joint applications only for accounts two people can hold by law (no registered
 * plan but the RESP: `canBeHeldJointly`, ADR 0014); RESP joint only between spouses or
 * common-law partners.
 */
export function accountSelectionProblems(
  accounts: readonly NamedAccountTypeName[],
  context: SelectionContext,
): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  if (accounts.length === 0) return [{ path: 'accounts', code: 'accountRequired' }];
  const joint = context.ownershipTypeId === onboardingAccountTypes.Joint;

  accounts.forEach((name, index) => {
    const account = namedAccountTypes[name];
    const path = `accounts.${index}`;
    if (accounts.indexOf(name) !== index) problems.push({ path, code: 'duplicated' });
    if (joint && !account.jointVariant) problems.push({ path, code: 'noJointVariant' });
    if (
      joint &&
      account.typeId === accountTypes.RESP &&
      context.jointRelationship !== 'spouse' &&
      context.jointRelationship !== 'commonLaw'
    ) {
      problems.push({ path, code: 'respJointNeedsSpouse' });
    }
    if (account.currency === 'USD' && account.registered) {
      const hasCad = accounts.some(
        (other) =>
          namedAccountTypes[other].typeId === account.typeId &&
          namedAccountTypes[other].currency === 'CAD',
      );
      if (!hasCad) problems.push({ path, code: 'usdNeedsCad' });
    }
  });

  const distinctTypes = (registered: boolean) =>
    new Set(
      accounts
        .map((name) => namedAccountTypes[name])
        .filter((account) => account.registered === registered)
        .map((account) => account.typeId),
    ).size;
  if (distinctTypes(true) > 1) problems.push({ path: 'accounts', code: 'tooManyRegistered' });
  if (distinctTypes(false) > 1) problems.push({ path: 'accounts', code: 'tooManyNonRegistered' });
  return problems;
}

export const namedAccountTypeSchema = z.enum(
  Object.keys(namedAccountTypes) as [NamedAccountTypeName, ...NamedAccountTypeName[]],
  'invalid',
);

/** Step `ownership`: individual or joint; joint applicants say how they are related. */
export const ownershipStepSchema = z
  .object({
    ownershipTypeId: codeSchema(onboardingAccountTypes),
    jointRelationship: z.enum(jointRelationships, 'invalid').optional(),
  })
  .superRefine((value, context) => {
    if (value.ownershipTypeId === onboardingAccountTypes.Joint && !value.jointRelationship) {
      context.addIssue({ code: 'custom', path: ['jointRelationship'], message: 'required' });
    }
  })
  // A relationship only means something between two owners.
  .transform((value) =>
    value.ownershipTypeId === onboardingAccountTypes.Joint
      ? value
      : { ownershipTypeId: value.ownershipTypeId },
  );

/** Step `doyouknow`. */
export const doYouKnowStepSchema = z.object({ knowsAccount: z.boolean('required') });

/** Step `goals`: at least one goal of spec section 3. */
export const goalsStepSchema = z.object({
  goals: z.array(codeSchema(accountGoals)).min(1, 'required').max(6, 'invalid'),
});

/** Steps `relatedaccounts` and `allaccounts`, checked against the ownership step. */
export function accountsStepSchema(context: SelectionContext) {
  return z
    .object({ accounts: z.array(namedAccountTypeSchema).max(10, 'invalid') })
    .superRefine((value, refinement) => {
      for (const problem of accountSelectionProblems(value.accounts, context)) {
        refinement.addIssue({
          code: 'custom',
          path: problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          message: problem.code,
        });
      }
    });
}

/** Step `options`: options trading with its strategies, and short selling. */
export const optionsStepSchema = z
  .object({
    optionsTrading: z.boolean('required'),
    strategies: z.array(codeSchema(optionsStrategies)).max(4, 'invalid').default([]),
    shortSelling: z.boolean('required'),
  })
  .superRefine((value, context) => {
    if (value.optionsTrading && value.strategies.length === 0) {
      context.addIssue({ code: 'custom', path: ['strategies'], message: 'required' });
    }
    if (new Set(value.strategies).size !== value.strategies.length) {
      context.addIssue({ code: 'custom', path: ['strategies'], message: 'duplicated' });
    }
  });

export { includesMargin };

/**
 * Spec line 144: an account code, "if present", is exactly 8 letters or digits; left blank it
 * is no answer (undefined), never `required`.
 */
export const accountCodeSchema = z
  .string()
  .trim()
  .refine(
    (code) => code === '' || new RegExp(`^[A-Za-z0-9]{${ACCOUNT_CODE_LENGTH}}$`).test(code),
    'invalid',
  )
  .transform((code) => (code === '' ? undefined : code.toUpperCase()));

/**
 * Step `account`: the details the chosen accounts need. A locked-in plan asks the pension law
 * it falls under (only the jurisdictions spec section 3 allows for that plan); a delivery-
 * against-payment account asks for its settlement agent and, if the person has one, the agent's
 * account code. The
 * choice is checked again against the ownership, which may have changed since it was made.
 */
export function accountDetailsStepSchema(
  context: SelectionContext & { accounts: readonly NamedAccountTypeName[] },
) {
  const lockedIn = context.accounts
    .map((account) => lockedInPlanFor(account))
    .find((plan) => plan !== undefined);
  const dap = context.accounts.some(
    (account) => namedAccountTypes[account].typeId === accountTypes.DAP,
  );
  return z
    .object({
      pensionJurisdiction: z.string().optional(),
      dapSettlementAgent: z.string().trim().max(NAME_MAX_LENGTH, 'invalid').optional(),
      dapAgentAccountNumber: z.string().trim().optional(),
    })
    .superRefine((value, refinement) => {
      const problem = (path: string, message: string) =>
        refinement.addIssue({ code: 'custom', path: [path], message });
      for (const found of accountSelectionProblems(context.accounts, context)) {
        problem('accounts', found.code);
      }
      if (lockedIn) {
        const allowed: readonly string[] = pensionJurisdictions[lockedIn];
        if (!value.pensionJurisdiction) problem('pensionJurisdiction', 'required');
        else if (!allowed.includes(value.pensionJurisdiction)) {
          problem('pensionJurisdiction', 'invalid');
        }
      }
      if (dap) {
        if (!value.dapSettlementAgent) problem('dapSettlementAgent', 'required');
        const code = accountCodeSchema.safeParse(value.dapAgentAccountNumber ?? '');
        if (!code.success)
          problem('dapAgentAccountNumber', code.error.issues[0]?.message ?? 'invalid');
      }
    })
    .transform((value) => ({
      ...(lockedIn ? { pensionJurisdiction: value.pensionJurisdiction } : {}),
      ...(dap
        ? {
            dapSettlementAgent: value.dapSettlementAgent,
            ...(value.dapAgentAccountNumber
              ? { dapAgentAccountNumber: value.dapAgentAccountNumber.toUpperCase() }
              : {}),
          }
        : {}),
    }));
}
