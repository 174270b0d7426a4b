import { z } from 'zod';
import { MINIMUM_AGE_YEARS } from '../constants.ts';
import type { NamedAccountTypeName } from '../enums/account-types.ts';
import { codeSchema } from '../enums/code-schema.ts';
import type { CodeOf, Labels } from '../enums/define-enum.ts';
import {
  investmentExperienceFlags,
  investmentKnowledgeLevels,
  investmentTimeHorizons,
  riskTolerances,
  type InvestmentKnowledgeLevel,
  type InvestmentTimeHorizon,
  type RiskTolerance,
} from '../enums/investment.ts';
import {
  correspondenceLanguages,
  documentDeliveryOptions,
  heardAboutUsSources,
  purposeTypes,
  type CorrespondenceLanguage,
  type DocumentDeliveryOption,
  type HeardAboutUsSource,
  type PurposeType,
} from '../enums/preferences.ts';
import type { MessageKey } from '../messages/messages.ts';
import { NAME_MAX_LENGTH } from './account.ts';
import { addressSchema, type Address } from './address.ts';
import {
  affiliationsSchema,
  contactEmailSchema,
  contactPhoneSchema,
  type Affiliations,
} from './affiliations.ts';
import { ignore, answer, evenAfterFieldProblems, type Report } from './rule-reporting.ts';
import { isEmpty } from './empty.ts';
import { datePartsProblem } from './person.ts';

/**
 * Step `otherinterests`, the financial background (spec sections 2, 3 and 5): purpose of the
 * business relationship, intended use of each chosen account, investment experience and
 * knowledge (primary and joint), third parties with trading authority, guarantees or power of
 * attorney, securityholder communication, referral source, employee or partner flag with work
 * email, the two acknowledgements, and the affiliations of affiliations.ts.
 */

/** Third parties one question may name. */
export const MAX_THIRD_PARTIES = 5;
const FREE_TEXT_MAX_LENGTH = 200;

/** What the client means to use an account for (KYC: the intended use of each account). */
export const intendedUses = {
  Growth: 1,
  Income: 2,
  Savings: 3,
  Retirement: 4,
  Education: 5,
  HomePurchase: 6,
  Speculation: 7,
  Hedging: 8,
} as const;
export type IntendedUse = CodeOf<typeof intendedUses>;

export const intendedUseLabels = {
  Growth: { en: 'Long-term growth', fr: 'Croissance à long terme' },
  Income: { en: 'Regular income', fr: 'Revenu régulier' },
  Savings: {
    en: 'Short-term savings and capital preservation',
    fr: 'Épargne à court terme et préservation du capital',
  },
  Retirement: { en: 'Retirement savings', fr: 'Épargne-retraite' },
  Education: { en: 'Education savings', fr: 'Épargne-études' },
  HomePurchase: { en: 'Buying a first home', fr: "Achat d'une première propriété" },
  Speculation: { en: 'Speculation and active trading', fr: 'Spéculation et négociation active' },
  Hedging: { en: 'Hedging other holdings', fr: "Couverture d'autres placements" },
} as const satisfies Labels<typeof intendedUses>;

/** How statements and securityholder documents are sent. */
export const deliveryMethods = { Electronic: 'electronic', Paper: 'paper' } as const;
export type DeliveryMethod = CodeOf<typeof deliveryMethods>;

export const deliveryMethodLabels = {
  Electronic: { en: 'Electronically, online', fr: 'Par voie électronique, en ligne' },
  Paper: { en: 'On paper, by mail', fr: 'Sur papier, par la poste' },
} as const satisfies Labels<typeof deliveryMethods>;

/** A third party is a person or a company (which gives its incorporation number and place). */
export const thirdPartyKinds = { Person: 'person', Company: 'company' } as const;
export type ThirdPartyKind = CodeOf<typeof thirdPartyKinds>;

export const thirdPartyKindLabels = {
  Person: { en: 'A person', fr: 'Une personne' },
  Company: { en: 'A company', fr: 'Une société' },
} as const satisfies Labels<typeof thirdPartyKinds>;

/** A person with trading authority, a guarantor or an attorney (spec section 3). */
export interface ThirdParty {
  kind: ThirdPartyKind;
  name: string;
  /** Where they can be reached, anywhere (the address rules, not a home address). */
  address: Address;
  phone: string;
  /** A person's occupation, birth date (`YYYY-MM-DD`) and, when given, SIN (9 digits). */
  occupation?: string;
  birthDate?: string;
  sin?: string;
  /** A company's incorporation number and place. */
  incorporationNumber?: string;
  incorporationPlace?: string;
}

/** "Does anyone else ...?" and, when yes, who. */
export interface ThirdPartyQuestion {
  answer: boolean;
  thirdParties: ThirdParty[];
}

export interface OtherInterestsContext {
  accounts: readonly NamedAccountTypeName[];
  joint: boolean;
  /** The options step said yes to trading options (the knowledge warning turns on it). */
  optionsTrading?: boolean;
  /** `YYYY-MM-DD`; when given, third parties must be born before it and be adults. */
  today?: string;
}

export interface OtherInterests {
  businessRelationshipPurpose: PurposeType;
  /** When the purpose is Other. */
  purposeOther?: string;
  /** One per chosen account, keyed by account name. */
  intendedUse: Partial<Record<NamedAccountTypeName, IntendedUse>>;
  /** Bit flags of investmentExperienceFlags. */
  investmentExperience: { primary: number; joint?: number };
  investmentKnowledge: { primary: InvestmentKnowledgeLevel; joint?: InvestmentKnowledgeLevel };
  riskTolerance: { primary: RiskTolerance; joint?: RiskTolerance };
  investmentTimeHorizon: { primary: InvestmentTimeHorizon; joint?: InvestmentTimeHorizon };
  /**
   * The applicant read the warning that options or speculation need more than limited
   * knowledge; only when knowledgeWarning applies.
   */
  knowledgeWarningAcknowledged?: true;
  tradingAuthority: ThirdPartyQuestion;
  guarantee: ThirdPartyQuestion;
  powerOfAttorney: ThirdPartyQuestion;
  securityholderInformation: DocumentDeliveryOption;
  documentDelivery: DeliveryMethod;
  correspondenceLanguage: CorrespondenceLanguage;
  securityholderExplanationAcknowledged: true;
  disclosureAcknowledged: true;
  referralSource: HeardAboutUsSource;
  /** When referred by a financial advisor or a financial institution representative. */
  referralInstitution?: string;
  referralBranch?: string;
  referralRepresentativeName?: string;
  /** When the source is Other. */
  referralOther?: string;
  isEmployeeOrAdvisor: boolean;
  workEmail?: string;
  affiliations: Affiliations;
}

// --- How the rules report: every problem at once, at the field it concerns -----------------

/** A section left out is an empty form: each of its questions is then reported `required`. */
const emptyWhenMissing = (value: unknown) => value ?? {};

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const textSchema = (max: number) =>
  z.string('required').trim().min(1, 'required').max(max, 'invalid');

// --- Investment experience ------------------------------------------------------------------

const allExperienceFlags = Object.values(investmentExperienceFlags).reduce(
  (all, flag) => all | flag,
  0,
);

/**
 * Investment experience as bit flags (Stocks 1, Bonds 2, MutualFunds 4, Options 8, None 32):
 * at least one flag, only known flags, and None alone (it excludes every product).
 */
export const investmentExperienceSchema = z
  .custom<number>()
  .superRefine((value: unknown, context) => {
    const problem = (message: MessageKey) => context.addIssue({ code: 'custom', message });
    // No flag at all (0) is nothing chosen, as much as an empty answer is.
    if (isEmpty(value) || value === 0) problem('required');
    else if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) problem('invalid');
    else if ((value & ~allExperienceFlags) !== 0) problem('invalid');
    else if (
      (value & investmentExperienceFlags.None) !== 0 &&
      value !== investmentExperienceFlags.None
    )
      problem('invalid');
  });

// --- Knowledge warning ----------------------------------------------------------------------

const lowKnowledge: readonly unknown[] = [
  investmentKnowledgeLevels.none,
  investmentKnowledgeLevels.limited,
];

/**
 * Options trading, or an account meant for speculation, by someone whose investment knowledge
 * is none or limited: the applicant is warned in plain words and acknowledges the warning
 * (CIRO rule 3202 asks the dealer to know the client, not to refuse them). Answers who among
 * the applicants the warning is about, and why; undefined when it does not apply.
 */
export function knowledgeWarning(
  answers: { investmentKnowledge?: unknown; intendedUse?: unknown },
  context: Pick<OtherInterestsContext, 'joint' | 'optionsTrading'>,
): { applicants: ('primary' | 'joint')[]; options: boolean; speculation: boolean } | undefined {
  const knowledge = recordOf(answers.investmentKnowledge);
  const applicants = (
    context.joint ? (['primary', 'joint'] as const) : (['primary'] as const)
  ).filter((who) => lowKnowledge.includes(knowledge[who]));
  const options = context.optionsTrading === true;
  const speculation = Object.values(recordOf(answers.intendedUse)).includes(
    intendedUses.Speculation,
  );
  if (applicants.length === 0 || (!options && !speculation)) return undefined;
  return { applicants, options, speculation };
}

// --- Third parties --------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParts(date: string): [number, number, number] | undefined {
  const match = ISO_DATE.exec(date);
  return match ? (match.slice(1).map(Number) as [number, number, number]) : undefined;
}

function isCalendarDate(date: string): boolean {
  const parts = dateParts(date);
  if (!parts || parts[0] < 1900) return false;
  const [year, month, day] = parts;
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/** Whole years between two `YYYY-MM-DD` dates. */
function yearsBetween(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = dateParts(from) ?? [0, 0, 0];
  const [toYear, toMonth, toDay] = dateParts(to) ?? [0, 0, 0];
  const beforeAnniversary = toMonth < fromMonth || (toMonth === fromMonth && toDay < fromDay);
  return toYear - fromYear - (beforeAnniversary ? 1 : 0);
}

/** A birth date `YYYY-MM-DD`; with `today`, in the past and at least MINIMUM_AGE_YEARS ago. */
const birthDateSchema = (today: string | undefined) =>
  z
    .string('required')
    .trim()
    .min(1, 'required')
    .superRefine((date, context) => {
      const problem = (message: MessageKey) => context.addIssue({ code: 'custom', message });
      const parts = datePartsProblem(date);
      if (parts) problem(parts);
      else if (!isCalendarDate(date)) problem('invalid');
      else if (today !== undefined && date > today) problem('invalid');
      else if (today !== undefined && yearsBetween(date, today) < MINIMUM_AGE_YEARS) {
        problem('thirdPartyTooYoung');
      }
    });

/** A SIN, when given: 9 digits, spaces or dashes allowed between the groups. */
const optionalSinSchema = z
  .string('invalid')
  .trim()
  .regex(/^(\d{3}[\s-]?\d{3}[\s-]?\d{3})?$/, 'invalid')
  .transform((sin) => sin.replace(/\D/g, ''))
  .optional();

/** A third party's address: required, a PO box allowed (it need not be where they live). */
const thirdPartyAddressSchema = addressSchema({ required: true, home: false });

function resolveThirdParty(raw: unknown, today: string | undefined, report: Report): ThirdParty {
  const value = recordOf(raw);
  const text = (field: string, max = NAME_MAX_LENGTH) =>
    answer(report, [field], textSchema(max), value[field]);
  const kind = answer(report, ['kind'], codeSchema(thirdPartyKinds), value.kind);
  const name = text('name');
  const address = answer(report, ['address'], thirdPartyAddressSchema, value.address);
  const phone = answer(report, ['phone'], contactPhoneSchema, value.phone);
  const common = { kind, name, address, phone };
  if (kind === thirdPartyKinds.Company) {
    return {
      ...common,
      incorporationNumber: text('incorporationNumber', 50),
      incorporationPlace: text('incorporationPlace'),
    };
  }
  // Until the person says who the third party is, only what both kinds share is asked.
  if (kind !== thirdPartyKinds.Person) return common;
  const occupation = text('occupation');
  const birthDate = answer(report, ['birthDate'], birthDateSchema(today), value.birthDate);
  const sin = answer(report, ['sin'], optionalSinSchema, value.sin);
  return { ...common, occupation, birthDate, ...(sin ? { sin } : {}) };
}

/** Who a third party is, to spot the same one named twice: kind, name and birth date. */
function identityOf(raw: unknown): string | undefined {
  const value = recordOf(raw);
  if (typeof value.name !== 'string' || value.name.trim() === '') return undefined;
  const name = value.name.trim().replace(/\s+/g, ' ').toLowerCase();
  const birthDate = typeof value.birthDate === 'string' ? value.birthDate.trim() : '';
  return `${String(value.kind)}|${name}|${value.kind === thirdPartyKinds.Company ? '' : birthDate}`;
}

const thirdPartyQuestionBase = z.object(
  { answer: z.boolean('required'), thirdParties: z.unknown().optional() },
  'invalid',
);

function resolveQuestion(
  value: z.output<typeof thirdPartyQuestionBase>,
  today: string | undefined,
  report: Report,
): ThirdPartyQuestion {
  if (value.answer !== true) return { answer: value.answer, thirdParties: [] };
  const list = Array.isArray(value.thirdParties) ? value.thirdParties : [];
  if (list.length === 0) report(['thirdParties'], 'required');
  if (list.length > MAX_THIRD_PARTIES) report(['thirdParties'], 'invalid');
  const seen = new Set<string>();
  const thirdParties = list.map((raw: unknown, index) => {
    const path = ['thirdParties', index];
    const identity = identityOf(raw);
    if (identity !== undefined && seen.has(identity)) report([...path, 'name'], 'duplicated');
    if (identity !== undefined) seen.add(identity);
    return resolveThirdParty(raw, today, (inner, message) => report([...path, ...inner], message));
  });
  return { answer: true, thirdParties };
}

/**
 * "Does anyone else have trading authority / guarantee the account / hold a power of attorney?"
 * When yes, 1 to MAX_THIRD_PARTIES third parties, none named twice (same kind, name and birth
 * date: `duplicated` on the later one). When no, the list is dropped.
 */
export function thirdPartyQuestionSchema(context: { today?: string } = {}) {
  return z.preprocess(
    emptyWhenMissing,
    thirdPartyQuestionBase
      .superRefine((value, refinement) => {
        resolveQuestion(value, context.today, (path, message) =>
          refinement.addIssue({ code: 'custom', path: [...path], message }),
        );
      }, evenAfterFieldProblems)
      .transform((value) => resolveQuestion(value, context.today, ignore)),
  );
}

// --- The step -------------------------------------------------------------------------------

/** Referral sources that name who referred the person (institution, branch, representative). */
const referredByRepresentative: readonly HeardAboutUsSource[] = [
  heardAboutUsSources.FinancialAdvisor,
  heardAboutUsSources.FinInstRepresentative,
];

function stepBase(context: OtherInterestsContext) {
  const question = thirdPartyQuestionSchema(context);
  return z.object(
    {
      businessRelationshipPurpose: codeSchema(purposeTypes),
      purposeOther: z.unknown().optional(),
      intendedUse: z.unknown().optional(),
      investmentExperience: z.unknown().optional(),
      investmentKnowledge: z.unknown().optional(),
      riskTolerance: z.unknown().optional(),
      investmentTimeHorizon: z.unknown().optional(),
      knowledgeWarningAcknowledged: z.unknown().optional(),
      tradingAuthority: question,
      guarantee: question,
      powerOfAttorney: question,
      securityholderInformation: codeSchema(documentDeliveryOptions),
      documentDelivery: codeSchema(deliveryMethods),
      correspondenceLanguage: codeSchema(correspondenceLanguages),
      securityholderExplanationAcknowledged: z.literal(true, 'acknowledgementRequired'),
      disclosureAcknowledged: z.literal(true, 'acknowledgementRequired'),
      referralSource: codeSchema(heardAboutUsSources),
      referralInstitution: z.unknown().optional(),
      referralBranch: z.unknown().optional(),
      referralRepresentativeName: z.unknown().optional(),
      referralOther: z.unknown().optional(),
      isEmployeeOrAdvisor: z.boolean('required'),
      workEmail: z.unknown().optional(),
      affiliations: affiliationsSchema(context),
    },
    'invalid',
  );
}

type StepBase = z.output<ReturnType<typeof stepBase>>;

function resolveStep(
  value: StepBase,
  context: OtherInterestsContext,
  report: Report,
): OtherInterests {
  const text = (field: keyof StepBase, max = NAME_MAX_LENGTH) =>
    answer(report, [field], textSchema(max), value[field]);

  const purposeOther = value.businessRelationshipPurpose === purposeTypes.Other && {
    purposeOther: text('purposeOther', FREE_TEXT_MAX_LENGTH),
  };

  const uses = recordOf(value.intendedUse);
  const intendedUse: OtherInterests['intendedUse'] = {};
  for (const account of new Set(context.accounts)) {
    intendedUse[account] = answer(
      report,
      ['intendedUse', account],
      codeSchema(intendedUses),
      uses[account],
    );
  }

  const perApplicant = <T>(
    field:
      'investmentExperience' | 'investmentKnowledge' | 'riskTolerance' | 'investmentTimeHorizon',
    schema: z.ZodType<T>,
  ) => {
    const answers = recordOf(value[field]);
    const primary = answer(report, [field, 'primary'], schema, answers.primary);
    if (!context.joint) return { primary };
    return { primary, joint: answer(report, [field, 'joint'], schema, answers.joint) };
  };
  const investmentExperience = perApplicant('investmentExperience', investmentExperienceSchema);
  const investmentKnowledge = perApplicant(
    'investmentKnowledge',
    codeSchema(investmentKnowledgeLevels),
  );
  const riskTolerance = perApplicant('riskTolerance', codeSchema(riskTolerances));
  const investmentTimeHorizon = perApplicant(
    'investmentTimeHorizon',
    codeSchema(investmentTimeHorizons),
  );
  const warned = knowledgeWarning(value, context) && {
    knowledgeWarningAcknowledged: answer(
      report,
      ['knowledgeWarningAcknowledged'],
      z.literal(true, 'acknowledgementRequired'),
      value.knowledgeWarningAcknowledged,
    ),
  };

  const referral = referredByRepresentative.includes(value.referralSource)
    ? {
        referralInstitution: text('referralInstitution'),
        referralBranch: text('referralBranch'),
        referralRepresentativeName: text('referralRepresentativeName'),
      }
    : value.referralSource === heardAboutUsSources.Other && {
        referralOther: text('referralOther', FREE_TEXT_MAX_LENGTH),
      };

  const workEmail = value.isEmployeeOrAdvisor === true && {
    workEmail: answer(report, ['workEmail'], contactEmailSchema, value.workEmail),
  };

  return {
    businessRelationshipPurpose: value.businessRelationshipPurpose,
    ...purposeOther,
    intendedUse,
    investmentExperience,
    investmentKnowledge,
    riskTolerance,
    investmentTimeHorizon,
    ...warned,
    tradingAuthority: value.tradingAuthority,
    guarantee: value.guarantee,
    powerOfAttorney: value.powerOfAttorney,
    securityholderInformation: value.securityholderInformation,
    documentDelivery: value.documentDelivery,
    correspondenceLanguage: value.correspondenceLanguage,
    securityholderExplanationAcknowledged: true,
    disclosureAcknowledged: true,
    referralSource: value.referralSource,
    ...referral,
    isEmployeeOrAdvisor: value.isEmployeeOrAdvisor,
    ...workEmail,
    affiliations: value.affiliations,
  };
}

/**
 * Step `otherinterests`. Reports every problem at once, each at its field with a message key;
 * answers the clean financial background, without the follow-up answers of questions answered
 * no (an "Other" text when the choice is not Other, a work email for a non-employee, ...).
 */
export function otherInterestsStepSchema(context: OtherInterestsContext) {
  return stepBase(context)
    .superRefine((value, refinement) => {
      resolveStep(value, context, (path, message) =>
        refinement.addIssue({ code: 'custom', path: [...path], message }),
      );
    }, evenAfterFieldProblems)
    .transform((value) => resolveStep(value, context, ignore));
}
