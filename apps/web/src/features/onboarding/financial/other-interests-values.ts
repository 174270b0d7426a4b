import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import { experienceFlagsOf, type InvestmentExperienceFlag } from '@portal/domain/enums/investment';
import { heardAboutUsSources } from '@portal/domain/enums/preferences';
import { takesSinAsTin } from '@portal/domain/rules/affiliations';
import type { DeliveryMethod } from '@portal/domain/rules/financial-background';
import type { ErrorAt } from '../step/form-paths.ts';
import { personAffiliationValues, type PersonAffiliationValues } from './affiliation-fields.tsx';
import { beneficiaryValues, type BeneficiaryValues } from './beneficiary-fields.tsx';
import {
  emptyThirdParty,
  type ThirdPartyQuestionValues,
  type ThirdPartyValues,
} from './third-party-fields.tsx';

export const thirdPartyQuestions = ['tradingAuthority', 'guarantee', 'powerOfAttorney'] as const;
export type ThirdPartyQuestionName = (typeof thirdPartyQuestions)[number];

export interface OtherInterestsValues {
  businessRelationshipPurpose?: number;
  purposeOther: string;
  intendedUse: Partial<Record<NamedAccountTypeName, number>>;
  experience: { primary: InvestmentExperienceFlag[]; joint: InvestmentExperienceFlag[] };
  knowledge: { primary?: number; joint?: number };
  riskTolerance: { primary?: number; joint?: number };
  timeHorizon: { primary?: number; joint?: number };
  knowledgeWarningAcknowledged: boolean;
  tradingAuthority: ThirdPartyQuestionValues;
  guarantee: ThirdPartyQuestionValues;
  powerOfAttorney: ThirdPartyQuestionValues;
  securityholderInformation?: number;
  documentDelivery?: DeliveryMethod;
  correspondenceLanguage?: number;
  securityholderExplanationAcknowledged: boolean;
  disclosureAcknowledged: boolean;
  referralSource?: number;
  referralInstitution: string;
  referralBranch: string;
  referralRepresentativeName: string;
  referralOther: string;
  isEmployeeOrAdvisor?: boolean;
  workEmail: string;
  affiliations: { primary: PersonAffiliationValues; joint: PersonAffiliationValues };
  beneficiaries: BeneficiaryValues[];
}

/** What each section of the step is given: the answers, a way to change them, their errors. */
export interface SectionProps {
  values: OtherInterestsValues;
  onChange(patch: Partial<OtherInterestsValues>): void;
  errorFor: ErrorAt;
}

type Saved = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);
const booleanOr = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
export const code = (value: string) => (value === '' ? undefined : Number(value));
const recordOf = (value: unknown): Saved =>
  typeof value === 'object' && value !== null ? (value as Saved) : {};

/** A code list as radio or checkbox choices in the person's language. */
export const choicesOf = <E extends Record<string, number | string>>(
  codes: E,
  labels: Parameters<typeof optionsOf<E>>[1],
  language: Language,
) =>
  optionsOf(codes, labels, language).map((option) => ({ value: option.id, label: option.label }));

function thirdPartyValues(saved: unknown): ThirdPartyValues {
  const value = recordOf(saved);
  return {
    ...emptyThirdParty(),
    kind: value.kind as ThirdPartyValues['kind'],
    name: text(value.name),
    ...(value.address ? { address: value.address as ThirdPartyValues['address'] } : {}),
    phone: text(value.phone),
    occupation: text(value.occupation),
    birthDate: text(value.birthDate),
    ...(typeof value.sinMasked === 'string' ? { sinMasked: value.sinMasked } : {}),
    incorporationNumber: text(value.incorporationNumber),
    incorporationPlace: text(value.incorporationPlace),
  };
}

function questionValues(saved: unknown): ThirdPartyQuestionValues {
  const value = recordOf(saved);
  return {
    answer: booleanOr(value.answer),
    thirdParties: Array.isArray(value.thirdParties) ? value.thirdParties.map(thirdPartyValues) : [],
  };
}

export function initialValues(savedData: unknown): OtherInterestsValues {
  const saved = recordOf(savedData);
  const experience = recordOf(saved.investmentExperience);
  const knowledge = recordOf(saved.investmentKnowledge);
  const risk = recordOf(saved.riskTolerance);
  const horizon = recordOf(saved.investmentTimeHorizon);
  const affiliations = recordOf(saved.affiliations);
  const flags = (value: unknown) => (typeof value === 'number' ? experienceFlagsOf(value) : []);
  return {
    businessRelationshipPurpose: numberOr(saved.businessRelationshipPurpose),
    purposeOther: text(saved.purposeOther),
    intendedUse: recordOf(saved.intendedUse) as OtherInterestsValues['intendedUse'],
    experience: { primary: flags(experience.primary), joint: flags(experience.joint) },
    knowledge: { primary: numberOr(knowledge.primary), joint: numberOr(knowledge.joint) },
    riskTolerance: { primary: numberOr(risk.primary), joint: numberOr(risk.joint) },
    timeHorizon: { primary: numberOr(horizon.primary), joint: numberOr(horizon.joint) },
    knowledgeWarningAcknowledged: saved.knowledgeWarningAcknowledged === true,
    tradingAuthority: questionValues(saved.tradingAuthority),
    guarantee: questionValues(saved.guarantee),
    powerOfAttorney: questionValues(saved.powerOfAttorney),
    securityholderInformation: numberOr(saved.securityholderInformation),
    documentDelivery: saved.documentDelivery as DeliveryMethod | undefined,
    correspondenceLanguage: numberOr(saved.correspondenceLanguage),
    securityholderExplanationAcknowledged: saved.securityholderExplanationAcknowledged === true,
    disclosureAcknowledged: saved.disclosureAcknowledged === true,
    referralSource: numberOr(saved.referralSource),
    referralInstitution: text(saved.referralInstitution),
    referralBranch: text(saved.referralBranch),
    referralRepresentativeName: text(saved.referralRepresentativeName),
    referralOther: text(saved.referralOther),
    isEmployeeOrAdvisor: booleanOr(saved.isEmployeeOrAdvisor),
    workEmail: text(saved.workEmail),
    affiliations: {
      primary: personAffiliationValues(affiliations.primary),
      joint: personAffiliationValues(affiliations.joint),
    },
    beneficiaries: Array.isArray(saved.beneficiaries)
      ? saved.beneficiaries.map(beneficiaryValues)
      : [],
  };
}

export const applicantsOf = (joint: boolean) =>
  joint ? (['primary', 'joint'] as const) : (['primary'] as const);

export const referredByRepresentative = (source: number | undefined) =>
  source === heardAboutUsSources.FinancialAdvisor ||
  source === heardAboutUsSources.FinInstRepresentative;

/** The spouse as the profile's spouse section names them, when it does. */
export const spouseNameOf = (steps: Record<string, unknown>) => {
  const spouse = recordOf(recordOf(steps.profile).spouse);
  const firstName = typeof spouse.firstName === 'string' ? spouse.firstName : '';
  const lastName = typeof spouse.lastName === 'string' ? spouse.lastName : '';
  return firstName || lastName ? { firstName, lastName } : undefined;
};

/** An applicant's SIN as their profile step saved it, masked (the server never answers it plain). */
export const sinOnFileOf = (steps: Record<string, unknown>, who: 'primary' | 'joint') => {
  const masked = recordOf(steps[who === 'joint' ? 'profilejoint' : 'profile']).sinMasked;
  return typeof masked === 'string' ? masked : undefined;
};

/**
 * The server keeps SINs and TINs encrypted and answers them masked; one left blank keeps the
 * value on file, and a Canadian TIN left blank is the applicant's SIN on file. The form's own
 * check must not call such a blank missing.
 */
export const keptOnFile = (
  data: unknown,
  saved: unknown,
  steps: Record<string, unknown>,
  path: readonly PropertyKey[],
) => {
  const key = path.at(-1);
  if (key !== 'tin' && key !== 'usTin' && key !== 'sin') return false;
  const parent = (root: unknown) =>
    path.slice(0, -1).reduce<unknown>((node, part) => recordOf(node)[part as string], root);
  const given = recordOf(parent(data))[key];
  const who = path[0] === 'affiliations' && path[2] === 'taxResidences' ? path[1] : undefined;
  if ((who === 'primary' || who === 'joint') && takesSinAsTin(parent(data))) {
    return sinOnFileOf(steps, who) !== undefined;
  }
  return (
    (given === undefined || given === '') &&
    typeof recordOf(parent(saved))[`${key}Masked`] === 'string'
  );
};
