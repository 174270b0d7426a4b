import { z } from 'zod';
import {
  accountTypes,
  namedAccountTypes,
  type NamedAccountTypeName,
} from '../enums/account-types.ts';
import { codeSchema } from '../enums/code-schema.ts';
import { countries } from '../enums/countries.ts';
import type { Language } from '../enums/define-enum.ts';
import {
  employmentStatuses,
  incomeSourceTypes,
  maritalStatuses,
  situationOccupationIds,
  type EmploymentStatus,
  type IncomeSourceType,
  type MaritalStatus,
} from '../enums/person.ts';
import { provinces } from '../enums/provinces.ts';
import { titles, type Title } from '../enums/titles.ts';
import { MINIMUM_AGE_YEARS } from '../constants.ts';
import { NAME_MAX_LENGTH, normalizeEmail } from './account.ts';
import { addressSchema, type Address, type AddressInput } from './address.ts';
import {
  ageOn,
  birthDateSchema,
  confirmEmailSchema,
  emailAddressSchema,
  emailsDiffer,
  isCalendarDate,
  normalizeSin,
  optionalSinSchema,
  optionalTextSchema,
  personNameSchema,
  sinSchema,
} from './person.ts';
import { phonesSchema, type Phone } from './phone.ts';
import { percentageSchema } from './beneficiaries.ts';
import {
  JOINT_SHARE_DEFAULT_PERCENT,
  normalizeShareholderId,
  shareholderIdProblem,
} from './joint-ownership.ts';
import { isEmpty } from './empty.ts';

export const INCOME_SOURCE_OTHER_MAX_LENGTH = 200;
export const EMPLOYER_TEXT_MAX_LENGTH = NAME_MAX_LENGTH;
/**
 * Amounts are dollars up to a billion, with at most cents: beyond is no plausible income or
 * asset of a person opening an account online, and most likely a typo (or `1e12`).
 */
export const AMOUNT_MAX = 1_000_000_000;

/** What the profile steps are checked against. */
export interface ProfileContext {
  /** The date of the check, `YYYY-MM-DD` (the rules never read the clock). */
  today: string;
  /** The accounts chosen for the application (a RIF asks more of the spouse). */
  accounts: readonly NamedAccountTypeName[];
  /** For `profilejoint`: the primary applicant, whose SIN and email the joint one cannot reuse. */
  primary?: { sin: string; email: string };
  /**
   * Step `profilejoint` (also implied by `primary`): the joint applicant's preferred language
   * is asked, since their invitation goes out before they ever sign in to choose it.
   */
  joint?: boolean;
  /**
   * A SIN is already saved (encrypted; the screen only shows it masked): a blank SIN keeps it.
   * The server puts the saved SIN back before it checks, so only the screen uses this.
   */
  sinOnFile?: boolean;
  /** The same for the spouse's SIN. */
  spouseSinOnFile?: boolean;
}

// Small rules the steps share

const workingStatuses: readonly unknown[] = [
  employmentStatuses.FullTime,
  employmentStatuses.PartTime,
  employmentStatuses.SelfEmployed,
];

/**
 * People who work (full time, part time or self-employed): the self-employed name their own
 * business. Everyone is asked about an employer (spec line 132); for people who do not work it
 * is their most recent one.
 */
export function isEmployed(status: unknown): boolean {
  return workingStatuses.includes(status);
}

/** The self-employed name their own business where employees name their employer. */
export function isSelfEmployed(status: unknown): boolean {
  return status === employmentStatuses.SelfEmployed;
}

const statusesWithSpouse: readonly unknown[] = [
  maritalStatuses.Married,
  maritalStatuses.CommonLaw,
  maritalStatuses.Separated,
];

/** Spec section 5: spouse details are asked when married, common-law or separated. */
export function needsSpouse(maritalStatus: unknown): boolean {
  return statusesWithSpouse.includes(maritalStatus);
}

const retirementIncomeFunds: readonly number[] = [accountTypes.RIF, accountTypes.SPRIF];

/** Whether the accounts include a retirement income fund (RRIF or spousal RRIF, CAD or USD). */
export function includesRetirementIncomeFund(accounts: readonly NamedAccountTypeName[]): boolean {
  return accounts.some((name) => retirementIncomeFunds.includes(namedAccountTypes[name].typeId));
}

/** A dollar amount: a number, zero or more, at most AMOUNT_MAX, with at most two decimals. */
export function isAmount(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= AMOUNT_MAX &&
    /^\d+(\.\d{1,2})?$/.test(String(value))
  );
}

/** Two amounts added in cents, so 0.1 + 0.2 is 0.3. */
export function addAmounts(a: number, b: number): number {
  return (Math.round(a * 100) + Math.round(b * 100)) / 100;
}

/** The languages a person can choose for mail and documents. */
export const preferredLanguages: readonly Language[] = ['en', 'fr'];

function isLanguage(value: unknown): value is Language {
  return (preferredLanguages as readonly unknown[]).includes(value);
}

function idProblem(value: unknown): 'required' | 'invalid' | undefined {
  if (isEmpty(value)) return 'required';
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? undefined : 'invalid';
}

/** A reference-list id (citizenships, businessTypes...): a positive integer. */
const idSchema = z.custom<number>().superRefine((value, context) => {
  const problem = idProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** An id asked only in some cases; the step's rules say when it is needed. */
const conditionalIdSchema = z.custom<number | null>().optional();

const amountSchema = z.custom<number>().superRefine((value, context) => {
  if (isEmpty(value)) context.addIssue({ code: 'custom', message: 'required' });
  else if (typeof value === 'number' && Number.isFinite(value) && value > AMOUNT_MAX) {
    context.addIssue({ code: 'custom', message: 'amountTooLarge' });
  } else if (!isAmount(value)) context.addIssue({ code: 'custom', message: 'amountFormat' });
});

/** A yes-or-no question: unanswered is `required`. */
const answerSchema = z.custom<boolean>().superRefine((value, context) => {
  if (isEmpty(value)) context.addIssue({ code: 'custom', message: 'required' });
  else if (typeof value !== 'boolean') context.addIssue({ code: 'custom', message: 'invalid' });
});

type Problem = (path: (string | number)[], message: string) => void;

function problemsOf(context: z.RefinementCtx): Problem {
  return (path, message) => context.addIssue({ code: 'custom', path, message });
}

/** Reports a nested schema's issues under `prefix`, keeping their message keys. */
function forwardIssues(
  result: { success: boolean; error?: z.ZodError },
  prefix: string,
  problem: Problem,
): void {
  for (const issue of result.error?.issues ?? []) {
    problem(
      [prefix, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
      issue.message,
    );
  }
}

// Employment

/**
 * The employment answers of one person, in the order the page asks them (the applicant's or
 * the spouse's): what the error ids, the sidebar and the spouse prefill walk.
 */
export const employmentFieldNames = [
  'employmentStatus',
  'employerName',
  'industryId',
  'occupationId',
  'employerCountryId',
  'employerProvinceId',
  'employerCity',
  'annualIncome',
  'incomeSourceType',
  'incomeSourceOther',
] as const;

/** The employer of a full-time or part-time employee (the applicant's or the spouse's). */
export interface Employer {
  employerName: string;
  industryId: number;
  occupationId: number;
  employerCountryId: number;
  /** Asked when the employer is in Canada or the USA. */
  employerProvinceId?: number;
  employerCity: string;
}

const employerFields = {
  employerName: optionalTextSchema(EMPLOYER_TEXT_MAX_LENGTH),
  industryId: conditionalIdSchema,
  occupationId: conditionalIdSchema,
  employerCountryId: conditionalIdSchema,
  employerProvinceId: conditionalIdSchema,
  employerCity: optionalTextSchema(EMPLOYER_TEXT_MAX_LENGTH),
};

type EmployerAnswers = {
  employerName?: string | undefined;
  industryId?: number | null | undefined;
  occupationId?: number | null | undefined;
  employerCountryId?: number | null | undefined;
  employerProvinceId?: number | null | undefined;
  employerCity?: string | undefined;
};

const provinceIds: readonly unknown[] = Object.values(provinces);

function employerProvinceAsked(countryId: unknown): boolean {
  return countryId === countries.Canada || countryId === countries.USA;
}

/**
 * Spec line 132: every employer field is required of everyone, whatever the employment status
 * (the province in Canada and the USA); a person not working names their most recent employer.
 */
function checkEmployer(value: EmployerAnswers, problem: Problem, prefix: string[] = []): void {
  const at = (field: keyof EmployerAnswers, message: string) =>
    problem([...prefix, field], message);
  if (!value.employerName) at('employerName', 'required');
  for (const field of ['industryId', 'occupationId', 'employerCountryId'] as const) {
    const found = idProblem(value[field]);
    if (found) at(field, found);
  }
  // Student or retired is a status, not the occupation of someone who works.
  if (situationOccupationIds.includes(value.occupationId as number)) {
    at('occupationId', 'occupationNotWork');
  }
  if (employerProvinceAsked(value.employerCountryId)) {
    const found = idProblem(value.employerProvinceId);
    if (found) at('employerProvinceId', found);
    else if (
      value.employerCountryId === countries.Canada &&
      !provinceIds.includes(value.employerProvinceId)
    ) {
      at('employerProvinceId', 'invalid');
    }
  }
  if (!value.employerCity) at('employerCity', 'required');
}

function employerOf(value: EmployerAnswers): Employer {
  return {
    employerName: value.employerName ?? '',
    industryId: value.industryId as number,
    occupationId: value.occupationId as number,
    employerCountryId: value.employerCountryId as number,
    ...(employerProvinceAsked(value.employerCountryId)
      ? { employerProvinceId: value.employerProvinceId as number }
      : {}),
    employerCity: value.employerCity ?? '',
  };
}

function checkIncomeSource(
  value: { incomeSourceType?: unknown; incomeSourceOther?: string | undefined },
  problem: Problem,
  prefix: string[] = [],
): void {
  if (value.incomeSourceType === incomeSourceTypes.Other && !value.incomeSourceOther) {
    problem([...prefix, 'incomeSourceOther'], 'required');
  }
}

// Spouse

/** Spec section 3: the spouse's details (no minimum age, except for a RIF: see the profile). */
export interface Spouse extends Employer {
  title: Title;
  firstName: string;
  lastName: string;
  birthDate: string;
  /** Nine digits; empty only on the screen while the one on file is kept (spouseSinOnFile). */
  sin: string;
  employmentStatus: EmploymentStatus;
  annualIncome: number;
  netFixedAssets: number;
  netLiquidAssets: number;
  incomeSourceType: IncomeSourceType;
  incomeSourceOther?: string;
}

/**
 * The spouse's details, asked when the applicant is married, common-law or separated: "the
 * same" required fields as the applicant's (spec line 132): title, birth date, SIN, the
 * employer, employment status, annual income, net fixed and net liquid assets, income source
 * (and the other source when Other). Given `sinOnFile`, a blank SIN keeps the one saved.
 */
export function spouseSchema(today: string, sinOnFile = false) {
  return z
    .object({
      title: codeSchema(titles),
      firstName: personNameSchema,
      lastName: personNameSchema,
      birthDate: birthDateSchema(today, 0),
      sin: sinOnFile ? optionalSinSchema : sinSchema,
      employmentStatus: codeSchema(employmentStatuses),
      ...employerFields,
      annualIncome: amountSchema,
      netFixedAssets: amountSchema,
      netLiquidAssets: amountSchema,
      incomeSourceType: codeSchema(incomeSourceTypes),
      incomeSourceOther: optionalTextSchema(INCOME_SOURCE_OTHER_MAX_LENGTH),
    })
    .superRefine((value, context) => {
      const problem = problemsOf(context);
      checkEmployer(value, problem);
      checkIncomeSource(value, problem);
    })
    .transform((value): Spouse => ({
      title: value.title,
      firstName: value.firstName,
      lastName: value.lastName,
      birthDate: value.birthDate,
      sin: value.sin ?? '',
      employmentStatus: value.employmentStatus,
      ...employerOf(value),
      annualIncome: value.annualIncome,
      netFixedAssets: value.netFixedAssets,
      netLiquidAssets: value.netLiquidAssets,
      incomeSourceType: value.incomeSourceType,
      ...(value.incomeSourceType === incomeSourceTypes.Other
        ? { incomeSourceOther: value.incomeSourceOther ?? '' }
        : {}),
    }));
}

export type SpouseInput = z.input<ReturnType<typeof spouseSchema>>;

// The profile steps

/** The profile as saved: normalized, with only the answers that apply, net worth derived. */
export interface Profile extends Employer {
  title: Title;
  firstName: string;
  lastName: string;
  birthDate: string;
  /** Nine digits. */
  sin: string;
  maritalStatus: MaritalStatus;
  /** Trimmed, lower case. */
  email: string;
  confirmEmail: string;
  citizenshipId: number;
  phones: Phone[];
  homeAddress: Address;
  mailingSameAsHome: boolean;
  /** Only when it differs from the home address. */
  mailingAddress?: Address;
  movedWithinTwoYears: boolean;
  /** Only when the person moved in the last PREVIOUS_ADDRESS_IF_MOVED_WITHIN_YEARS years. */
  previousAddress?: Address;
  employmentStatus: EmploymentStatus;
  annualIncome: number;
  netFixedAssets: number;
  netLiquidAssets: number;
  /** netFixedAssets + netLiquidAssets, never taken from the input. */
  totalNetWorth: number;
  incomeSourceType: IncomeSourceType;
  incomeSourceOther?: string;
  /** Only when married, common-law or separated. */
  spouse?: Spouse;
  /** The joint applicant only: the language of their invitation, mail and documents. */
  preferredLanguage?: Language;
  /** The joint applicant only, when they already are a client: their client number. */
  shareholderId?: string;
  /** The joint applicant only: their percentage of the joint accounts (the primary's is the rest). */
  shareholderPercent?: number;
}

/**
 * Steps `profile` and `profilejoint` (spec sections 3 and 5): one schema for the primary and
 * the joint applicant; given `primary`, the joint applicant's SIN and email must differ from
 * the primary's. Every issue is a message key at its field's path. The output normalizes the
 * SIN, email, phones and postal codes, keeps only the answers that apply (mailing address when
 * it differs, previous address when moved within PREVIOUS_ADDRESS_IF_MOVED_WITHIN_YEARS years,
 * spouse when married, common-law or separated) and derives
 * totalNetWorth. A saved profile parses again to itself.
 */
export function profileStepSchema(context: ProfileContext) {
  const { today, accounts, primary } = context;
  const joint = context.joint ?? primary !== undefined;
  const homeAddressSchema = addressSchema({ required: true, home: true });
  const mailingAddressSchema = addressSchema({ required: true, home: false });
  // The previous address is also where the person lived: no PO box there either.
  const previousAddressSchema = addressSchema({ required: true, home: true });
  const spouse = spouseSchema(today, context.spouseSinOnFile);
  const rif = includesRetirementIncomeFund(accounts);

  return z
    .object({
      title: codeSchema(titles),
      firstName: personNameSchema,
      lastName: personNameSchema,
      birthDate: birthDateSchema(today, MINIMUM_AGE_YEARS),
      sin: context.sinOnFile ? optionalSinSchema : sinSchema,
      maritalStatus: codeSchema(maritalStatuses),
      email: emailAddressSchema,
      confirmEmail: confirmEmailSchema,
      citizenshipId: idSchema,
      phones: phonesSchema,
      homeAddress: homeAddressSchema,
      mailingSameAsHome: answerSchema,
      mailingAddress: z.custom<AddressInput | null>().optional(),
      movedWithinTwoYears: answerSchema,
      previousAddress: z.custom<AddressInput | null>().optional(),
      employmentStatus: codeSchema(employmentStatuses),
      ...employerFields,
      annualIncome: amountSchema,
      netFixedAssets: amountSchema,
      netLiquidAssets: amountSchema,
      incomeSourceType: codeSchema(incomeSourceTypes),
      incomeSourceOther: optionalTextSchema(INCOME_SOURCE_OTHER_MAX_LENGTH),
      spouse: z.custom<SpouseInput | null>().optional(),
      preferredLanguage: z.custom<Language | null>().optional(),
      shareholderId: z.unknown().optional(),
      shareholderPercent: z.unknown().optional(),
    })
    .superRefine((value, refinement) => {
      const problem = problemsOf(refinement);
      if (joint) {
        if (isEmpty(value.preferredLanguage)) problem(['preferredLanguage'], 'required');
        else if (!isLanguage(value.preferredLanguage)) problem(['preferredLanguage'], 'invalid');
        const shareholderId = shareholderIdProblem(value.shareholderId);
        if (shareholderId) problem(['shareholderId'], shareholderId);
        if (value.shareholderPercent !== undefined) {
          const share = percentageSchema.safeParse(value.shareholderPercent);
          if (!share.success) problem(['shareholderPercent'], share.error.issues[0]!.message);
        }
      }
      if (value.email && value.confirmEmail && emailsDiffer(value.email, value.confirmEmail)) {
        problem(['confirmEmail'], 'emailMismatch');
      }
      if (primary) {
        if (value.sin && value.sin === normalizeSin(primary.sin)) {
          problem(['sin'], 'sinSameAsPrimary');
        }
        if (value.email && value.email === normalizeEmail(primary.email)) {
          problem(['email'], 'emailSameAsPrimary');
        }
      }
      if (value.mailingSameAsHome === false) {
        forwardIssues(
          mailingAddressSchema.safeParse(value.mailingAddress ?? undefined),
          'mailingAddress',
          problem,
        );
      }
      if (value.movedWithinTwoYears === true) {
        forwardIssues(
          previousAddressSchema.safeParse(value.previousAddress ?? undefined),
          'previousAddress',
          problem,
        );
      }
      checkEmployer(value, problem);
      checkIncomeSource(value, problem);
      if (needsSpouse(value.maritalStatus)) {
        const answers: Partial<SpouseInput> = value.spouse ?? {};
        const result = spouse.safeParse(answers);
        forwardIssues(result, 'spouse', problem);
        const birthDateIssue = result.error?.issues.some((issue) => issue.path[0] === 'birthDate');
        const birthDate = String(answers.birthDate ?? '')
          .trim()
          .replaceAll('/', '-');
        if (
          rif &&
          !birthDateIssue &&
          isCalendarDate(birthDate) &&
          ageOn(birthDate, today) < MINIMUM_AGE_YEARS
        ) {
          problem(['spouse', 'birthDate'], 'spouseTooYoungForRif');
        }
      }
    })
    .transform((value): Profile => ({
      title: value.title,
      firstName: value.firstName,
      lastName: value.lastName,
      birthDate: value.birthDate,
      sin: value.sin ?? '',
      maritalStatus: value.maritalStatus,
      email: value.email,
      confirmEmail: value.confirmEmail,
      citizenshipId: value.citizenshipId,
      phones: value.phones,
      homeAddress: value.homeAddress,
      mailingSameAsHome: value.mailingSameAsHome,
      ...(value.mailingSameAsHome
        ? {}
        : { mailingAddress: mailingAddressSchema.parse(value.mailingAddress ?? undefined) }),
      movedWithinTwoYears: value.movedWithinTwoYears,
      ...(value.movedWithinTwoYears
        ? { previousAddress: previousAddressSchema.parse(value.previousAddress ?? undefined) }
        : {}),
      employmentStatus: value.employmentStatus,
      ...employerOf(value),
      annualIncome: value.annualIncome,
      netFixedAssets: value.netFixedAssets,
      netLiquidAssets: value.netLiquidAssets,
      totalNetWorth: addAmounts(value.netFixedAssets, value.netLiquidAssets),
      incomeSourceType: value.incomeSourceType,
      ...(value.incomeSourceType === incomeSourceTypes.Other
        ? { incomeSourceOther: value.incomeSourceOther ?? '' }
        : {}),
      ...(needsSpouse(value.maritalStatus) ? { spouse: spouse.parse(value.spouse ?? {}) } : {}),
      ...(joint && isLanguage(value.preferredLanguage)
        ? { preferredLanguage: value.preferredLanguage }
        : {}),
      ...(joint ? jointOwnershipOf(value) : {}),
    }));
}

/** The joint applicant's shareholder ID (when given) and share (half when not said). */
function jointOwnershipOf(value: { shareholderId?: unknown; shareholderPercent?: unknown }) {
  const id =
    typeof value.shareholderId === 'string' ? normalizeShareholderId(value.shareholderId) : '';
  const share =
    value.shareholderPercent === undefined
      ? undefined
      : percentageSchema.safeParse(value.shareholderPercent).data;
  return {
    ...(id ? { shareholderId: id } : {}),
    shareholderPercent: share ?? JOINT_SHARE_DEFAULT_PERCENT,
  };
}

export type ProfileStepSchema = ReturnType<typeof profileStepSchema>;
/** What the profile screens send: every answer as typed. */
export type ProfileInput = z.input<ProfileStepSchema>;
