import { z } from 'zod';
import { PEP_FORM_DUE_DAYS } from '../constants.ts';
import { relationships, type Relationship } from '../enums/beneficiaries.ts';
import { codeSchema } from '../enums/code-schema.ts';
import { countries } from '../enums/countries.ts';
import type { Labels } from '../enums/define-enum.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './account.ts';
import { ignore, answer, evenAfterFieldProblems, type Report } from './rule-reporting.ts';
import { isEmpty } from './empty.ts';

/**
 * Affiliations, part of step `otherinterests` (spec sections 2, 3 and 5): politically exposed
 * person or head of an international organisation, insider, director or senior officer,
 * securities dealer employee, tax residencies with their TIN, U.S. person, trusted contact.
 * Asked of each applicant: the primary, and the joint applicant of a joint application.
 *
 * The questions quote INSIDER_VOTING_RIGHTS_THRESHOLD_PERCENT (an insider holds 10% of the voting
 * rights) and the PEP/HIO notice quotes PEP_FORM_DUE_DAYS (see `pepFormDueDate`); the screens
 * word them, this module holds no UI text.
 */

/** Tax residencies one person may declare. */
export const MAX_TAX_RESIDENCES = 5;

/** Why a tax residence has no TIN: the three reasons of the CRA self-certification forms. */
export const noTinReasons = { Applied: 1, NotIssued: 2, Other: 3 } as const;
export type NoTinReason = (typeof noTinReasons)[keyof typeof noTinReasons];

export const noTinReasonLabels = {
  Applied: {
    en: 'I have applied for a TIN but have not received it yet',
    fr: "J'ai demandé un NIF, mais je ne l'ai pas encore reçu",
  },
  NotIssued: {
    en: 'My country of residence does not issue TINs',
    fr: 'Mon pays de résidence ne délivre pas de NIF',
  },
  Other: { en: 'Other reason (explain)', fr: 'Autre raison (expliquez)' },
} as const satisfies Labels<typeof noTinReasons>;

export interface TaxResidence {
  /** A country id of `references/countries` (Canada 1, USA 2). */
  countryId: number;
  /** Digits and capital letters only; for Canada the 9-digit SIN, for the USA 9 digits. */
  tin?: string;
  noTinReason?: NoTinReason;
  noTinExplanation?: string;
}

export interface TrustedContact {
  firstName: string;
  lastName: string;
  relationship: Relationship;
  email: string;
  phone: string;
}

/** One applicant's answers; follow-up fields are kept only when their question is answered yes. */
export interface PersonAffiliations {
  isPep: boolean;
  pepName?: string;
  pepPosition?: string;
  pepCountryId?: number;
  isInsider: boolean;
  insiderCompanyName?: string;
  insiderSymbol?: string;
  isDirector: boolean;
  directorCompanyName?: string;
  isDealerEmployee: boolean;
  dealerName?: string;
  taxResidences: TaxResidence[];
  isUsPerson: boolean;
  usTin?: string;
  wantsTrustedContact: boolean;
  trustedContact?: TrustedContact;
  /**
   * When the person declined to name a trusted contact (NI 31-103 s. 13.2(3): the dealer takes
   * reasonable steps to obtain one, and keeps the refusal). Filled by the server only.
   */
  trustedContactDeclinedAt?: string;
}

/**
 * The four purposes for which a dealer may contact a trusted contact person (NI 31-103
 * s. 13.2(3)), as the screen states them (catalogue keys of the web app).
 */
export const TRUSTED_CONTACT_PURPOSES = [
  'financialExploitation',
  'mentalCapacity',
  'legalRepresentative',
  'contactInformation',
] as const;

/**
 * The server's record of each decline: a person who says no is recorded as having declined,
 * at the time they first said so (a later save of the same answer keeps that time).
 */
export function withTrustedContactDeclines<
  T extends { primary: PersonAffiliations; joint?: PersonAffiliations },
>(affiliations: T, previous: unknown, now: Date): T {
  const before = (who: 'primary' | 'joint') => {
    const people =
      typeof previous === 'object' && previous !== null
        ? (previous as Record<string, unknown>)
        : {};
    const person = people[who];
    return typeof person === 'object' && person !== null
      ? (person as Partial<PersonAffiliations>)
      : undefined;
  };
  const stamp = (who: 'primary' | 'joint', person: PersonAffiliations): PersonAffiliations => {
    if (person.wantsTrustedContact) return person;
    const earlier = before(who);
    const declinedAt =
      earlier?.wantsTrustedContact === false && typeof earlier.trustedContactDeclinedAt === 'string'
        ? earlier.trustedContactDeclinedAt
        : now.toISOString();
    return { ...person, trustedContactDeclinedAt: declinedAt };
  };
  return {
    ...affiliations,
    primary: stamp('primary', affiliations.primary),
    ...(affiliations.joint ? { joint: stamp('joint', affiliations.joint) } : {}),
  };
}

export interface Affiliations {
  primary: PersonAffiliations;
  joint?: PersonAffiliations;
}

/** The email of someone other than the applicant's profile (trusted contact, work email). */
export const contactEmailSchema = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX_LENGTH, 'invalid')
  .pipe(z.email('emailFormat'))
  .transform((email) => email.toLowerCase());

/**
 * The phone of a trusted contact or third party, who may live abroad: 10 to 15 digits, written
 * with spaces, dots, dashes, brackets or a leading +. Kept as typed. The applicant's own phones
 * follow the profile rules.
 */
export const contactPhoneSchema = z
  .string('required')
  .trim()
  .min(1, 'required')
  .refine((phone) => {
    const digits = phone.replace(/\D/g, '').length;
    return /^\+?[\d\s().-]+$/.test(phone) && digits >= 10 && digits <= 15;
  }, 'invalid');

/**
 * A U.S. taxpayer identification number: 9 digits, bare or as an SSN or ITIN (123-45-6789) or
 * an EIN (12-3456789). Answers the digits.
 */
export const usTinSchema = z
  .string('required')
  .trim()
  .min(1, 'required')
  .regex(/^(\d{9}|\d{3}-\d{2}-\d{4}|\d{2}-\d{7})$/, 'usTinFormat')
  .transform((tin) => tin.replace(/-/g, ''));

/** Canada's TIN is the SIN: 9 digits, spaces or dashes allowed between the groups. */
const canadianTinSchema = z
  .string()
  .trim()
  .regex(/^\d{3}[\s-]?\d{3}[\s-]?\d{3}$/, 'canadaTinFormat')
  .transform((tin) => tin.replace(/\D/g, ''));

/** Another country's TIN, checked loosely: 1 to 20 letters or digits once separators are gone. */
const foreignTinSchema = z
  .string()
  .transform((tin) => tin.replace(/[\s./-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,20}$/, 'invalid'));

const textSchema = (max: number) =>
  z.string('required').trim().min(1, 'required').max(max, 'invalid');
const nameSchema = textSchema(NAME_MAX_LENGTH);

/** A stock symbol such as RY, BRK.B or SHOP-U; answered in capitals. */
const symbolSchema = textSchema(12)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'invalid')
  .transform((symbol) => symbol.toUpperCase());

/** An id of a reference list (countries): a positive whole number. */
const referenceIdSchema = z.custom<number>().superRefine((value: unknown, context) => {
  if (isEmpty(value)) {
    context.addIssue({ code: 'custom', message: 'required' });
  } else if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    context.addIssue({ code: 'custom', message: 'invalid' });
  }
});

/** A trusted contact is a person: "Estate" is not a relationship one can have with them. */
const personRelationshipSchema = codeSchema(relationships).refine(
  (relationship) => relationship !== relationships.Estate,
  'invalid',
);

export const trustedContactSchema = z.object(
  {
    firstName: nameSchema,
    lastName: nameSchema,
    relationship: personRelationshipSchema,
    email: contactEmailSchema,
    phone: contactPhoneSchema,
  },
  'required',
);

// --- How the rules report: every problem at once, at the field it concerns -----------------

// --- Tax residencies ------------------------------------------------------------------------

/**
 * Whether a tax residence stands for the applicant's SIN: Canada's TIN is the SIN, so a
 * Canadian residence given neither a TIN nor a reason for none takes the SIN on file (findings
 * 2026-11-28, A-minor 4: the person was asked again for the number they had just given).
 */
export function takesSinAsTin(residence: unknown): boolean {
  const value =
    typeof residence === 'object' && residence !== null
      ? (residence as Record<string, unknown>)
      : {};
  return value.countryId === countries.Canada && isEmpty(value.tin) && isEmpty(value.noTinReason);
}

/**
 * The `otherinterests` answers with each Canadian tax residence left without a TIN given the
 * applicant's SIN on file (the primary's profile, the joint applicant's `profilejoint`). The
 * server (and the in-memory mode) do this before the step's rules check the TIN.
 */
export function withSinsAsCanadianTins(
  data: unknown,
  sins: Partial<Record<'primary' | 'joint', string | undefined>>,
): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const answers = data as { affiliations?: Record<string, unknown> };
  if (typeof answers.affiliations !== 'object' || answers.affiliations === null) return data;
  const affiliations = { ...answers.affiliations };
  for (const who of ['primary', 'joint'] as const) {
    const sin = sins[who];
    const person = affiliations[who] as { taxResidences?: unknown } | undefined;
    if (!sin || !person || !Array.isArray(person.taxResidences)) continue;
    affiliations[who] = {
      ...person,
      taxResidences: person.taxResidences.map((residence: unknown) =>
        takesSinAsTin(residence) ? { ...(residence as object), tin: sin } : residence,
      ),
    };
  }
  return { ...answers, affiliations };
}

function countryIdOf(residence: unknown): unknown {
  return typeof residence === 'object' && residence !== null
    ? (residence as { countryId?: unknown }).countryId
    : undefined;
}

/** One tax residence: a TIN, or a reason there is none (and an explanation for "Other"). */
function resolveTaxResidence(raw: unknown, report: Report): TaxResidence {
  const value: Record<string, unknown> =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const countryId = answer(report, ['countryId'], referenceIdSchema, value.countryId);
  if (!isEmpty(value.tin)) {
    const tinSchema =
      countryId === countries.Canada
        ? canadianTinSchema
        : countryId === countries.USA
          ? usTinSchema
          : foreignTinSchema;
    return { countryId, tin: answer(report, ['tin'], tinSchema, value.tin) };
  }
  if (isEmpty(value.noTinReason)) {
    report(['tin'], 'required');
    return { countryId };
  }
  const noTinReason = answer(report, ['noTinReason'], codeSchema(noTinReasons), value.noTinReason);
  // Canada and the United States issue TINs to their residents.
  const issuesTins = countryId === countries.Canada || countryId === countries.USA;
  if (noTinReason === noTinReasons.NotIssued && issuesTins) report(['noTinReason'], 'invalid');
  if (noTinReason === noTinReasons.Other) {
    return {
      countryId,
      noTinReason,
      noTinExplanation: answer(
        report,
        ['noTinExplanation'],
        textSchema(200),
        value.noTinExplanation,
      ),
    };
  }
  return { countryId, noTinReason };
}

/** At least one residence, each country once: a repeat is flagged on the later one. */
function resolveTaxResidences(raw: unknown, report: Report): TaxResidence[] {
  const list = Array.isArray(raw) ? raw : [];
  if (list.length === 0) report(['taxResidences'], 'required');
  if (list.length > MAX_TAX_RESIDENCES) report(['taxResidences'], 'invalid');
  const seen = new Set<unknown>();
  return list.map((residence, index) => {
    const path = ['taxResidences', index];
    const countryId = countryIdOf(residence);
    if (typeof countryId === 'number' && seen.has(countryId)) {
      report([...path, 'countryId'], 'duplicated');
    }
    seen.add(countryId);
    return resolveTaxResidence(residence, (inner, message) => report([...path, ...inner], message));
  });
}

// --- One applicant --------------------------------------------------------------------------

const personAffiliationsBase = z.object(
  {
    isPep: z.boolean('required'),
    pepName: z.unknown().optional(),
    pepPosition: z.unknown().optional(),
    pepCountryId: z.unknown().optional(),
    isInsider: z.boolean('required'),
    insiderCompanyName: z.unknown().optional(),
    insiderSymbol: z.unknown().optional(),
    isDirector: z.boolean('required'),
    directorCompanyName: z.unknown().optional(),
    isDealerEmployee: z.boolean('required'),
    dealerName: z.unknown().optional(),
    taxResidences: z.unknown().optional(),
    isUsPerson: z.boolean('required'),
    usTin: z.unknown().optional(),
    wantsTrustedContact: z.boolean('required'),
    trustedContact: z.unknown().optional(),
  },
  'invalid',
);

function resolvePerson(
  value: z.output<typeof personAffiliationsBase>,
  report: Report,
): PersonAffiliations {
  const text = (field: keyof typeof value) => answer(report, [field], nameSchema, value[field]);
  // In the order of the form, so the error summary lists problems as the person meets them.
  const pep = value.isPep === true && {
    pepName: text('pepName'),
    pepPosition: text('pepPosition'),
    pepCountryId: answer(report, ['pepCountryId'], referenceIdSchema, value.pepCountryId),
  };
  const insider = value.isInsider === true && {
    insiderCompanyName: text('insiderCompanyName'),
    insiderSymbol: answer(report, ['insiderSymbol'], symbolSchema, value.insiderSymbol),
  };
  const director = value.isDirector === true && {
    directorCompanyName: text('directorCompanyName'),
  };
  const dealer = value.isDealerEmployee === true && { dealerName: text('dealerName') };
  const taxResidences = resolveTaxResidences(value.taxResidences, report);
  const usResident = taxResidences.some((residence) => residence.countryId === countries.USA);
  if (usResident && value.isUsPerson === false) report(['isUsPerson'], 'usResidentIsUsPerson');
  const usTin = value.isUsPerson === true && {
    usTin: answer(report, ['usTin'], usTinSchema, value.usTin),
  };
  const trustedContact = value.wantsTrustedContact === true && {
    trustedContact: answer(report, ['trustedContact'], trustedContactSchema, value.trustedContact),
  };
  return {
    isPep: value.isPep,
    ...pep,
    isInsider: value.isInsider,
    ...insider,
    isDirector: value.isDirector,
    ...director,
    isDealerEmployee: value.isDealerEmployee,
    ...dealer,
    taxResidences,
    isUsPerson: value.isUsPerson,
    ...usTin,
    wantsTrustedContact: value.wantsTrustedContact,
    ...trustedContact,
  };
}

/** A section left out is an empty form: each of its questions is then reported `required`. */
const emptyWhenMissing = (value: unknown) => value ?? {};

/** One applicant's affiliations. */
export const personAffiliationsSchema = z.preprocess(
  emptyWhenMissing,
  personAffiliationsBase
    .superRefine((value, context) => {
      resolvePerson(value, (path, message) =>
        context.addIssue({ code: 'custom', path: [...path], message }),
      );
    }, evenAfterFieldProblems)
    .transform((value) => resolvePerson(value, ignore)),
);

/** The affiliations of the primary applicant, and of the joint applicant when `joint`. */
export function affiliationsSchema(context: { joint: boolean }) {
  return z.preprocess(
    emptyWhenMissing,
    z
      .object(
        {
          primary: personAffiliationsSchema,
          joint: context.joint ? personAffiliationsSchema : z.unknown().optional(),
        },
        'invalid',
      )
      .transform((value): Affiliations =>
        context.joint
          ? { primary: value.primary, joint: value.joint as PersonAffiliations }
          : { primary: value.primary },
      ),
  );
}

// --- The PEP/HIO form -----------------------------------------------------------------------

/** Whether an applicant is a PEP or HIO, so the PEP/HIO form is due after submission. */
export function needsPepForm(affiliations: Affiliations): boolean {
  return affiliations.primary.isPep || affiliations.joint?.isPep === true;
}

/**
 * The last day to return the PEP/HIO form: PEP_FORM_DUE_DAYS (21) days after the submission
 * date, after which the account is restricted (spec section 9). Dates are `YYYY-MM-DD`.
 */
export function pepFormDueDate(submittedOn: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(submittedOn);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${submittedOn}`);
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const due = new Date(Date.UTC(year, month - 1, day + PEP_FORM_DUE_DAYS));
  return due.toISOString().slice(0, 10);
}
