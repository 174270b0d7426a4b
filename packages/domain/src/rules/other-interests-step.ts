import { z } from 'zod';
import { provinces, type ProvinceCode } from '../enums/provinces.ts';
import { beneficiariesStepSchema, beneficiaryAccounts, type Beneficiary } from './beneficiaries.ts';
import {
  otherInterestsStepSchema,
  type OtherInterests,
  type OtherInterestsContext,
} from './financial-background.ts';
import { chosenAccounts, stepApplies, type SavedSteps } from './onboarding-flow.ts';
import { isEmpty } from './empty.ts';
import { needsSpouse } from './profile.ts';

/**
 * Step `otherinterests` as one screen saves it: the financial background and affiliations,
 * and the beneficiaries of the registered plans chosen (the spec's onboarding order names no
 * step of their own, and they are part of the same "financial" stage of the progress bar).
 */
export interface OtherInterestsStepContext extends OtherInterestsContext {
  /** The primary applicant's province of residence (Quebec designates some plans by will). */
  provinceCode?: ProvinceCode;
  /** Whether the primary applicant's profile has a spouse (only then is "My spouse" offered). */
  hasSpouse?: boolean;
}

export type OtherInterestsStep = OtherInterests & { beneficiaries?: Beneficiary[] };

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The code of a province id (`provinceStates` ids of Canada), undefined for any other id. */
export function provinceCodeOf(provinceId: unknown): ProvinceCode | undefined {
  const entry = Object.entries(provinces).find(([, id]) => id === provinceId);
  return entry?.[0] as ProvinceCode | undefined;
}

/**
 * What the `otherinterests` rules depend on, from the earlier answers: the accounts chosen,
 * whether there is a joint applicant, the primary's province of residence and whether they have
 * a spouse. The client and
 * the server both derive it here, so both apply the same rules.
 */
export function otherInterestsContextOf(
  saved: SavedSteps,
  today: string,
): OtherInterestsStepContext {
  const homeAddress = recordOf(recordOf(saved.profile).homeAddress);
  const provinceCode = provinceCodeOf(homeAddress.provinceId);
  return {
    accounts: chosenAccounts(saved),
    joint: stepApplies('profilejoint', saved),
    // Only while the options step applies (a margin account): a dropped margin drops options.
    optionsTrading:
      stepApplies('options', saved) && recordOf(saved.options).optionsTrading === true,
    today,
    ...(provinceCode ? { provinceCode } : {}),
    // A saved profile keeps a spouse only when its marital status asks one (married,
    // common-law, separated); either says the applicant has a spouse.
    hasSpouse:
      needsSpouse(recordOf(saved.profile).maritalStatus) ||
      !isEmpty(recordOf(saved.profile).spouse),
  };
}

/**
 * Reports the problems of both parts at once, each at its field (`beneficiaries.0.percent`);
 * answers the clean background, with `beneficiaries` only when a chosen plan takes them.
 */
export function otherInterestsSavedStepSchema(context: OtherInterestsStepContext) {
  const background = otherInterestsStepSchema(context);
  const asksBeneficiaries = beneficiaryAccounts(context.accounts).length > 0;
  const beneficiaries = beneficiariesStepSchema(context);
  return z.unknown().transform((input, refinement): OtherInterestsStep => {
    const parsedBackground = background.safeParse(input);
    const parsedBeneficiaries = asksBeneficiaries
      ? beneficiaries.safeParse({ beneficiaries: recordOf(input).beneficiaries ?? [] })
      : undefined;
    const issues = [
      ...(parsedBackground.error?.issues ?? []),
      ...(parsedBeneficiaries?.error?.issues ?? []),
    ];
    for (const issue of issues) {
      refinement.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (!parsedBackground.success || parsedBeneficiaries?.success === false) return z.NEVER;
    return parsedBeneficiaries
      ? { ...parsedBackground.data, ...parsedBeneficiaries.data }
      : parsedBackground.data;
  });
}
