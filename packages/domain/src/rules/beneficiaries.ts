import { z } from 'zod';
import { MAX_BENEFICIARIES, PERCENTAGE_RANGE } from '../constants.ts';
import {
  accountTypes,
  namedAccountTypes,
  type AccountTypeId,
  type NamedAccountTypeName,
} from '../enums/account-types.ts';
import {
  beneficiaryDesignations,
  relationships,
  type BeneficiaryDesignation,
  type Relationship,
} from '../enums/beneficiaries.ts';
import { codeSchema } from '../enums/code-schema.ts';
import type { ProvinceCode } from '../enums/provinces.ts';
import type { MessageKey } from '../messages/messages.ts';
import { NAME_MAX_LENGTH } from './account.ts';
import { addressSchema, type Address } from './address.ts';
import { ignore, answer, type Report } from './rule-reporting.ts';
import { nameKey } from './person-name.ts';
import { isEmpty } from './empty.ts';

/**
 * Beneficiaries of the registered plan chosen (spec sections 2, 3, 4, 5 and 9): up to
 * MAX_BENEFICIARIES, percentages totalling exactly 100, none through the application for
 * Quebec residents' retirement plans, TFSAs and income funds.
 */

/** Account types whose holder names beneficiaries (RESP: the students the plan is for). */
export const BENEFICIARY_ACCOUNT_TYPES: readonly AccountTypeId[] = [
  accountTypes.RSP,
  accountTypes.SPRSP,
  accountTypes.GROUP_RSP,
  accountTypes.GROUP_SP_RSP,
  accountTypes.TFSA,
  accountTypes.FHSA,
  accountTypes.RESP,
  accountTypes.RIF,
  accountTypes.SPRIF,
  accountTypes.LIRA,
  accountTypes.LIF,
  accountTypes.RLIF,
  accountTypes.PRIF,
  accountTypes.RLSP,
];

/**
 * The plans whose beneficiaries a Quebec resident designates in a will, not in the application
 * (spec section 4: "RSP-type, spousal RSP, LIRA-style group RSP, TFSA, RIF"): RRSP, spousal
 * RRSP, LIRA (and the locked-in RRSP, which opens a LIRA), group RRSP, group spousal RRSP, TFSA,
 * RRIF and spousal RRIF, in Canadian or U.S. dollars. The spec does not name FHSA, LIF, RLIF,
 * PRIF or RLSP; they stay open until it does. RESP beneficiaries are students, not heirs.
 */
export const QUEBEC_WILL_ONLY_ACCOUNT_TYPES: readonly AccountTypeId[] = [
  accountTypes.RSP,
  accountTypes.SPRSP,
  accountTypes.LIRA,
  accountTypes.GROUP_RSP,
  accountTypes.GROUP_SP_RSP,
  accountTypes.TFSA,
  accountTypes.RIF,
  accountTypes.SPRIF,
];

/** Income funds, whose holder may name the spouse successor annuitant. */
const SUCCESSOR_ANNUITANT_ACCOUNT_TYPES: readonly AccountTypeId[] = [
  accountTypes.RIF,
  accountTypes.SPRIF,
  accountTypes.LIF,
  accountTypes.RLIF,
  accountTypes.PRIF,
];

/** Family RESP beneficiaries are connected to the subscriber by blood or adoption. */
export const FAMILY_RESP_RELATIONSHIPS: readonly Relationship[] = [
  relationships.Child,
  relationships.Grandchild,
  relationships.Sibling,
];

export type BeneficiaryRespType = 'individual' | 'family';

export interface BeneficiariesContext {
  accounts: readonly NamedAccountTypeName[];
  /** The primary applicant's province of residence; unknown means no provincial restriction. */
  provinceCode?: ProvinceCode;
  /** For an RESP; when absent, taken from the account chosen (respi or respf). */
  respType?: BeneficiaryRespType;
  /**
   * Whether the applicant's profile has a spouse (married, common-law or separated): without
   * one, neither spouse designation is offered nor accepted. Unknown means not restricted.
   */
  hasSpouse?: boolean;
}

export interface Beneficiary {
  /** Absent when the beneficiary is the estate. */
  firstName?: string;
  lastName?: string;
  relationship: Relationship;
  /** Asked for every plan but an RESP. */
  designation?: BeneficiaryDesignation;
  /** 0 to 100 (spec line 144: any number of decimals). */
  percent: number;
  differentAddress: boolean;
  /** When `differentAddress`: where the beneficiary lives (a home address). */
  address?: Address;
  /** RESP only, when given: the primary caregiver's address (any postal address). */
  caregiverAddress?: Address;
}

const typeOf = (account: NamedAccountTypeName) => namedAccountTypes[account].typeId;

/** The chosen accounts that take beneficiaries, each once, in the order chosen. */
export function beneficiaryAccounts(
  accounts: readonly NamedAccountTypeName[],
): NamedAccountTypeName[] {
  return [...new Set(accounts)].filter((account) =>
    BENEFICIARY_ACCOUNT_TYPES.includes(typeOf(account)),
  );
}

/** False for a Quebec resident opening a plan of QUEBEC_WILL_ONLY_ACCOUNT_TYPES. */
export function beneficiariesAllowed(context: {
  provinceCode?: ProvinceCode;
  accounts: readonly NamedAccountTypeName[];
}): boolean {
  return !(
    context.provinceCode === 'QC' &&
    context.accounts.some((account) => QUEBEC_WILL_ONLY_ACCOUNT_TYPES.includes(typeOf(account)))
  );
}

/** The RESP type of the accounts chosen: respi is individual, respf family. */
export function respTypeOfAccounts(
  accounts: readonly NamedAccountTypeName[],
): BeneficiaryRespType | undefined {
  if (accounts.includes('respf')) return 'family';
  if (accounts.includes('respi')) return 'individual';
  return undefined;
}

/**
 * How finely percentages are counted when they are added up: spec line 144 allows any
 * percentage from 0 to 100 (no limit on decimals), and ten decimal places is beyond anything a
 * person types while keeping four shares' sum an exact integer in a double.
 */
export const PERCENT_COUNTED_DECIMALS = 10;
const PERCENT_UNIT = 10 ** PERCENT_COUNTED_DECIMALS;

/**
 * A percentage as a whole number of PERCENT_UNITs (33.333 gives 333330000000), so totals are
 * exact (0.1 + 0.2 counts as 0.3); undefined when it is not a number or lies outside
 * PERCENTAGE_RANGE.
 */
export function percentInUnits(percent: number): number | undefined {
  if (!Number.isFinite(percent)) return undefined;
  if (percent < PERCENTAGE_RANGE.min || percent > PERCENTAGE_RANGE.max) return undefined;
  return Math.round(percent * PERCENT_UNIT);
}

/**
 * A percentage from 0 to 100 inclusive (spec line 144), as a number or as typed: "33.333",
 * "33,333" in French, and with the sign people add ("100%", "100 %"). `required` when blank,
 * `invalid` when not a number, `percentRange` outside 0 to 100.
 */
export const percentageSchema = z.unknown().transform((input, context) => {
  const problem = (message: MessageKey) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (isEmpty(input)) return problem('required');
  // Any space before the sign: a plain one, or the no-break spaces French puts there.
  const text =
    typeof input === 'string' ? input.trim().replace(/[\s\u00a0\u202f]*%$/, '') : undefined;
  const percent =
    typeof input === 'number'
      ? input
      : text !== undefined && /^\d+([.,]\d+)?$/.test(text)
        ? Number(text.replace(',', '.'))
        : Number.NaN;
  if (Number.isNaN(percent)) return problem('invalid');
  return percentInUnits(percent) === undefined ? problem('percentRange') : percent;
});

// --- How the rules report: every problem at once, at the field it concerns -----------------

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const nameSchema = z.string('required').trim().min(1, 'required').max(NAME_MAX_LENGTH, 'invalid');
const differentAddressSchema = z.boolean('invalid').default(false);
/** Where a beneficiary lives, when not with the applicant: no PO box. */
const beneficiaryAddressSchema = addressSchema({ required: true, home: true });
/** An RESP caregiver's address is optional, and may be a postal address. */
const caregiverAddressSchema = addressSchema({ required: false, home: false });

export interface BeneficiaryPlanRules {
  resp: boolean;
  respType: BeneficiaryRespType | undefined;
  /** Every plan but an RESP asks how each beneficiary is designated. */
  designationAsked: boolean;
  successorAnnuitantAllowed: boolean;
  /** "My spouse" (and as successor annuitant) only for an applicant who has a spouse. */
  spouseDesignationAllowed: boolean;
}

/** What the beneficiary questions ask for the plans chosen; the form asks the same. */
export function beneficiaryPlanRules(context: BeneficiariesContext): BeneficiaryPlanRules {
  const types = beneficiaryAccounts(context.accounts).map(typeOf);
  const resp = types.includes(accountTypes.RESP);
  return {
    resp,
    respType: resp ? (context.respType ?? respTypeOfAccounts(context.accounts)) : undefined,
    designationAsked: types.some((type) => type !== accountTypes.RESP),
    successorAnnuitantAllowed: types.some((type) =>
      SUCCESSOR_ANNUITANT_ACCOUNT_TYPES.includes(type),
    ),
    spouseDesignationAllowed: context.hasSpouse !== false,
  };
}

/** "My spouse", or "My spouse as successor annuitant". */
export function isSpouseDesignation(designation: unknown): boolean {
  return (
    designation === beneficiaryDesignations.MySpouse ||
    designation === beneficiaryDesignations.MySpouseAsSuccessorAnnuitant
  );
}

/**
 * One beneficiary. The estate has no name and is related as "Estate"; a spouse designation names
 * a spouse; only income funds have a successor annuitant; a family RESP's students are the
 * subscriber's children, grandchildren, brothers or sisters.
 */
function resolveBeneficiary(
  raw: unknown,
  rules: BeneficiaryPlanRules,
  report: Report,
): Beneficiary {
  const value = recordOf(raw);
  const designation = rules.designationAsked
    ? answer(report, ['designation'], codeSchema(beneficiaryDesignations), value.designation)
    : undefined;
  const estate = designation === beneficiaryDesignations.MyEstate;
  const names = !estate && {
    firstName: answer(report, ['firstName'], nameSchema, value.firstName),
    lastName: answer(report, ['lastName'], nameSchema, value.lastName),
  };
  const relationship = answer(
    report,
    ['relationship'],
    codeSchema(relationships),
    value.relationship,
  );
  if (relationship !== undefined) {
    const relatedAsEstate = relationship === relationships.Estate;
    const spouseDesignation = isSpouseDesignation(designation);
    if (rules.resp && relatedAsEstate) report(['relationship'], 'invalid');
    else if (rules.respType === 'family' && !FAMILY_RESP_RELATIONSHIPS.includes(relationship)) {
      report(['relationship'], 'familyRespRelationship');
    } else if (designation !== undefined && estate !== relatedAsEstate) {
      report(['relationship'], 'invalid');
    } else if (spouseDesignation && relationship !== relationships.Spouse) {
      report(['relationship'], 'invalid');
    }
  }
  if (
    (designation === beneficiaryDesignations.MySpouseAsSuccessorAnnuitant &&
      !rules.successorAnnuitantAllowed) ||
    (isSpouseDesignation(designation) && !rules.spouseDesignationAllowed)
  ) {
    report(['designation'], 'invalid');
  }
  const percent = answer(report, ['percent'], percentageSchema, value.percent);
  const differentAddress = answer(
    report,
    ['differentAddress'],
    differentAddressSchema,
    value.differentAddress,
  );
  const address =
    differentAddress === true
      ? answer(report, ['address'], beneficiaryAddressSchema, value.address)
      : undefined;
  const caregiverAddress = rules.resp
    ? answer(report, ['caregiverAddress'], caregiverAddressSchema, value.caregiverAddress)
    : undefined;
  return {
    ...names,
    relationship,
    ...(designation !== undefined && { designation }),
    percent,
    differentAddress,
    ...(address !== undefined && { address }),
    ...(caregiverAddress !== undefined && { caregiverAddress }),
  };
}

/** Who a beneficiary is, to spot one named twice: the estate, or a first and last name. */
function identityOf(raw: unknown): string | undefined {
  const value = recordOf(raw);
  if (value.designation === beneficiaryDesignations.MyEstate) return 'estate';
  // The name rule's key: "O’Brien" named twice as "O'Brien" is still named twice.
  const name = (part: unknown) => (typeof part === 'string' ? nameKey(part) : '');
  const first = name(value.firstName);
  const last = name(value.lastName);
  return first && last ? `${first}|${last}` : undefined;
}

const stepBase = z.object(
  { beneficiaries: z.array(z.unknown(), 'invalid').default([]) },
  'invalid',
);

function resolveStep(
  value: z.output<typeof stepBase>,
  context: BeneficiariesContext,
  report: Report,
): { beneficiaries: Beneficiary[] } {
  const list = value.beneficiaries;
  const rules = beneficiaryPlanRules(context);
  // An RESP is opened for its students: at least one is needed.
  if (list.length === 0) {
    if (rules.resp) report(['beneficiaries'], 'required');
    return { beneficiaries: [] };
  }
  // No plan chosen takes beneficiaries: the list is not asked, so it is dropped.
  if (beneficiaryAccounts(context.accounts).length === 0) return { beneficiaries: [] };
  if (!beneficiariesAllowed(context)) {
    report(['beneficiaries'], 'quebecBeneficiariesNotAllowed');
    return { beneficiaries: [] };
  }
  if (list.length > MAX_BENEFICIARIES) report(['beneficiaries'], 'tooManyBeneficiaries');
  if (rules.respType === 'individual' && list.length > 1) {
    report(['beneficiaries'], 'individualRespOneBeneficiary');
  }

  const seen = new Set<string>();
  const beneficiaries = list.map((raw, index) => {
    const identity = identityOf(raw);
    if (identity !== undefined && seen.has(identity)) {
      report(
        ['beneficiaries', index, identity === 'estate' ? 'designation' : 'firstName'],
        'duplicated',
      );
    }
    if (identity !== undefined) seen.add(identity);
    return resolveBeneficiary(raw, rules, (path, message) =>
      report(['beneficiaries', index, ...path], message),
    );
  });

  // Summed in whole units, so 33.333 + 33.333 + 33.334 is exactly 100. Checked once each is valid.
  const shares = beneficiaries.map((beneficiary) =>
    typeof beneficiary.percent === 'number' ? percentInUnits(beneficiary.percent) : undefined,
  );
  if (shares.every((share) => share !== undefined)) {
    const total = shares.reduce((sum, share) => sum + share, 0);
    if (total !== percentInUnits(PERCENTAGE_RANGE.max)) report(['beneficiaries'], 'percentTotal');
  }
  return { beneficiaries };
}

/**
 * Step schema for the beneficiaries of the registered plan chosen: at most MAX_BENEFICIARIES
 * (`tooManyBeneficiaries`), percentages totalling exactly 100 (`percentTotal`), none for a
 * Quebec resident's will-only plan (`quebecBeneficiariesNotAllowed`, the only problem then
 * reported), at least one for an RESP and only one for an individual RESP. Each problem is at
 * its field (`beneficiaries.N.percent`) or at `beneficiaries` for the list as a whole.
 */
export function beneficiariesStepSchema(context: BeneficiariesContext) {
  return stepBase
    .superRefine((value, refinement) => {
      resolveStep(value, context, (path, message) =>
        refinement.addIssue({ code: 'custom', path: [...path], message }),
      );
    })
    .transform((value) => resolveStep(value, context, ignore));
}
