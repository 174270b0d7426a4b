import { z } from 'zod';
import { countries } from '../enums/countries.ts';
import { nameOf } from '../enums/define-enum.ts';
import { postalCodePrefixes, provinces } from '../enums/provinces.ts';
import { textError } from './person.ts';
import { normalizePostalCode } from './postal-code.ts';

export { normalizePostalCode };

/**
 * Spec section 3: an address. `provinceId` is a province of spec section 3 in Canada, a state
 * of the provinceStates reference list (parent 2) in the USA, and any reference id elsewhere;
 * `countryId` is 1 Canada, 2 USA, 6666 Other or another id of the countries reference list.
 * `streetNumber` is blank only for a postal-service address (PO box, rural route...), which
 * only a mailing address may be.
 */
export interface Address {
  suite?: string;
  streetNumber: string;
  streetName: string;
  city: string;
  provinceId: number;
  postalCode: string;
  countryId: number;
}

export const ADDRESS_SUITE_MAX_LENGTH = 30;
export const ADDRESS_STREET_NUMBER_MAX_LENGTH = 20;
export const ADDRESS_LINE_MAX_LENGTH = 100;

export type AddressField = keyof Address;

export type AddressProblemCode =
  'required' | 'invalid' | 'incompleteAddress' | 'poBoxNotAllowed' | 'postalCodeProvince';

export interface AddressProblem {
  path: AddressField;
  code: AddressProblemCode;
}

export interface AddressOptions {
  /** Whether the address must be given (the home address; the mailing one when it differs). */
  required: boolean;
  /** Where the person lives: PO boxes, rural routes and general delivery are refused. */
  home: boolean;
}

// Postal-service addresses (spec section 5: refused for the home address)

/** Lower case, no accents, no periods ("P.O." is "po"), other punctuation as single spaces. */
function simplified(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Canada Post's delivery-installation forms, in English and French: post office boxes (PO BOX,
 * CP / case postale, BP / boîte postale), rural routes (RR / route rurale), suburban services
 * (SS), mobile routes (MR), general delivery (GD / poste restante) and station qualifiers
 * (STN / succursale), which appear only in such addresses.
 */
const postalServicePatterns: readonly RegExp[] = [
  /\bp ?o ?box\b/,
  /\bpob\b/,
  /\bpost(al)? (office )?box\b/,
  /\block ?box\b/,
  /\bbox ?\d/,
  /\br ?r ?\d/,
  /\brural route\b/,
  /\broute rurale\b/,
  /\bs ?s ?\d/,
  /\bsuburban service\b/,
  /\bservice suburbain\b/,
  /\bm ?r ?\d/,
  /\bmobile route\b/,
  /\bitineraire motorise\b/,
  /\bgeneral delivery\b/,
  /\bgd\b/,
  /\bposte restante\b/,
  /\blivraison generale\b/,
  /\bc ?p ?\d/,
  /^c ?p$/,
  /\bc ?p (succ|stn)\b/,
  /\bcase postale\b/,
  /\bcasier postal\b/,
  /\bboite postale\b/,
  /\bb ?p ?\d/,
  /\bboite ?\d/,
  /\bsucc(ursale)?\b/,
  /\bstn\b/,
];

/** Whether a line of an address names a PO box, rural route or general delivery. */
export function isPoBoxText(text: string): boolean {
  const simple = simplified(text);
  return simple !== '' && postalServicePatterns.some((pattern) => pattern.test(simple));
}

type StreetLines = Partial<Record<'suite' | 'streetNumber' | 'streetName', string | null>>;

/**
 * The field that makes this a postal-service address: the first of suite, street number and
 * street name that names one, or the street name when only the lines read together do
 * ("RR" in one field, "2" in the next). Undefined for a civic address.
 */
export function poBoxField(
  address: StreetLines,
): 'suite' | 'streetNumber' | 'streetName' | undefined {
  const lines = ['suite', 'streetNumber', 'streetName'] as const;
  const found = lines.find((line) => isPoBoxText(address[line] ?? ''));
  if (found) return found;
  const together = lines.map((line) => address[line] ?? '').join(' ');
  return isPoBoxText(together) ? 'streetName' : undefined;
}

/** Whether the address is a PO box, rural route or general delivery rather than a home. */
export function isPoBoxAddress(address: StreetLines): boolean {
  return poBoxField(address) !== undefined;
}

// Postal codes

/** A1A 1A1; D F I O Q U are never used, and W and Z never come first. */
const canadianPostalCodePattern = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;
const zipPattern = /^\d{5}(-\d{4})?$/;
const foreignPostalCodePattern = /^[A-Z0-9][A-Z0-9 -]{0,11}$/;

/** Whether a normalized Canadian postal code has the A1A 1A1 form with the letters in use. */
export function isCanadianPostalCode(postalCode: string): boolean {
  return canadianPostalCodePattern.test(postalCode);
}

/** Whether a US ZIP code (normalized) has 5 or 9 digits. */
export function isZipCode(postalCode: string): boolean {
  return zipPattern.test(postalCode);
}

/** Whether a Canadian postal code belongs to the province (its first letter, Canada Post). */
export function postalCodeMatchesProvince(postalCode: string, provinceId: number): boolean {
  const province = nameOf(provinces, provinceId);
  if (province === undefined) return false;
  const prefixes: readonly string[] = postalCodePrefixes[province];
  return prefixes.includes(postalCode.charAt(0).toUpperCase());
}

// The rules

const provinceIds: readonly unknown[] = Object.values(provinces);

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isGiven(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The answers of an address form, before the rules; every part may still be missing. */
export interface AddressInput {
  suite?: string | null;
  streetNumber?: string | null;
  streetName?: string | null;
  city?: string | null;
  provinceId?: number | null;
  postalCode?: string | null;
  countryId?: number | null;
}

/** The parts that make an address "filled in", in the order of the form. */
const parts = ['suite', 'streetNumber', 'streetName', 'city', 'provinceId', 'postalCode'] as const;

/** Whether nothing of the address is filled in (the country alone, often preset, does not count). */
export function isBlankAddress(address: AddressInput | undefined | null): boolean {
  return !address || parts.every((part) => !isGiven(address[part]));
}

/**
 * The rules of spec section 5 for one address, each problem at its field:
 * - blank: every part `required` when the address is required, else nothing;
 * - partly filled: `incompleteAddress` on the first part still missing (street number, street
 *   name, city, province, postal code; a postal-service address has no street number);
 * - `poBoxNotAllowed` for a home address that is a PO box, rural route or general delivery;
 * - Canadian postal codes `invalid` unless A1A 1A1, `postalCodeProvince` when the first letter
 *   is not the province's; US ZIP codes of 5 or 9 digits; province and country ids.
 */
export function addressProblems(
  address: AddressInput | undefined | null,
  options: AddressOptions,
): AddressProblem[] {
  const problems: AddressProblem[] = [];
  const add = (path: AddressField, code: AddressProblemCode) => problems.push({ path, code });
  const value = address ?? {};
  const countryGiven = isGiven(value.countryId);

  if (isBlankAddress(value)) {
    if (options.required) {
      for (const part of [
        'streetNumber',
        'streetName',
        'city',
        'provinceId',
        'postalCode',
      ] as const)
        add(part, 'required');
      if (!countryGiven) add('countryId', 'required');
    }
    return problems;
  }

  const lines = {
    suite: value.suite ?? '',
    streetNumber: value.streetNumber ?? '',
    streetName: value.streetName ?? '',
  };
  const postalService = poBoxField(lines);
  const needed = (
    ['streetNumber', 'streetName', 'city', 'provinceId', 'postalCode'] as const
  ).filter((part) => !(part === 'streetNumber' && postalService));
  const missing = needed.find((part) => !isGiven(value[part]));
  if (missing) add(missing, 'incompleteAddress');
  if (options.home && postalService) add(postalService, 'poBoxNotAllowed');

  if (!countryGiven) add('countryId', 'required');
  else if (!isPositiveInteger(value.countryId)) add('countryId', 'invalid');
  const countryId = isPositiveInteger(value.countryId) ? value.countryId : undefined;

  const provinceId = value.provinceId;
  let provinceKnown = false;
  if (isGiven(provinceId)) {
    if (!isPositiveInteger(provinceId)) add('provinceId', 'invalid');
    else if (countryId === countries.Canada && !provinceIds.includes(provinceId)) {
      add('provinceId', 'invalid');
    } else provinceKnown = true;
  }

  if (isGiven(value.postalCode) && countryId !== undefined) {
    const postalCode = normalizePostalCode(value.postalCode ?? '', countryId);
    if (countryId === countries.Canada) {
      if (!isCanadianPostalCode(postalCode)) add('postalCode', 'invalid');
      else if (provinceKnown && !postalCodeMatchesProvince(postalCode, provinceId as number)) {
        add('postalCode', 'postalCodeProvince');
      }
    } else if (countryId === countries.USA) {
      if (!isZipCode(postalCode)) add('postalCode', 'invalid');
    } else if (!foreignPostalCodePattern.test(postalCode)) add('postalCode', 'invalid');
  }
  return problems;
}

const line = (max: number) => z.string(textError).trim().max(max, 'invalid').nullish();

const addressFieldsSchema = z.object({
  suite: line(ADDRESS_SUITE_MAX_LENGTH),
  streetNumber: line(ADDRESS_STREET_NUMBER_MAX_LENGTH),
  streetName: line(ADDRESS_LINE_MAX_LENGTH),
  city: line(ADDRESS_LINE_MAX_LENGTH),
  provinceId: z.custom<number | null>().optional(),
  postalCode: line(ADDRESS_LINE_MAX_LENGTH),
  countryId: z.custom<number | null>().optional(),
});

/** The address as stored: trimmed, postal code normalized, the suite only when given. */
function toAddress(value: AddressInput): Address {
  const countryId = value.countryId as number;
  return {
    ...(value.suite ? { suite: value.suite } : {}),
    streetNumber: value.streetNumber ?? '',
    streetName: value.streetName ?? '',
    city: value.city ?? '',
    provinceId: value.provinceId as number,
    postalCode: normalizePostalCode(value.postalCode ?? '', countryId),
    countryId,
  };
}

/**
 * One address of the profile with the rules of `addressProblems`, issues at the address's
 * fields (`streetName`, `postalCode`...). A required address comes out as an `Address`; an
 * optional one comes out undefined when left blank.
 */
export function addressSchema(options: {
  required: true;
  home: boolean;
}): z.ZodType<Address, AddressInput | undefined>;
export function addressSchema(
  options: AddressOptions,
): z.ZodType<Address | undefined, AddressInput | undefined>;
export function addressSchema(
  options: AddressOptions,
): z.ZodType<Address | undefined, AddressInput | undefined> {
  const checked = addressFieldsSchema.superRefine((value, context) => {
    for (const problem of addressProblems(value, options)) {
      context.addIssue({ code: 'custom', path: [problem.path], message: problem.code });
    }
  });
  return checked
    .transform((value) =>
      !options.required && isBlankAddress(value) ? undefined : toAddress(value),
    )
    .prefault({});
}
