import { provinces } from '../enums/provinces.ts';
import type { PensionJurisdiction } from '../enums/pension-jurisdictions.ts';
import { transferTypes, type TransferType } from '../enums/transfers.ts';
import type { Cents } from '../money/cents.ts';
import { normalizePostalCode } from '../rules/address.ts';
import { looseNameKey } from '../rules/person-name.ts';
import { addressKey } from '../rules/street-abbreviations.ts';
import { maskSin, normalizeSin } from '../rules/person.ts';
import { deliveringInstitutionById } from './delivering-institutions.ts';
import {
  isIncomeFundTransferType,
  isLockedInTransferType,
  receivingAccepts,
  type TransferAccountTypeName,
} from './transfer-compatibility.ts';
import type { TransferMessageKey, TransferValueName } from './transfer-messages.ts';

/**
 * The pre-check of a transfer in, before anything is sent (issue 15; regulatory-facts.md
 * section 3, "What the product must do"). A delivering dealer rejects a request whose account
 * information is unknown, incomplete or incorrect (CIRO rule 4856), and firms ask for the name,
 * SIN and account type to match *exactly*; so the person copies from a recent statement what
 * the other institution has, and every difference from the profile is shown with both values
 * before the request goes out. Pure: the server runs it on submission, the web as they type.
 */

/** An address as printed on a statement and as kept in the profile. */
export interface TransferAddress {
  suite?: string | null;
  streetNumber: string;
  streetName: string;
  city: string;
  provinceId: number;
  postalCode: string;
  countryId?: number | null;
}

/** One holder as the delivering institution's statement names them. */
export interface StatementHolder {
  firstName: string;
  lastName: string;
  sin: string;
  /** `YYYY-MM-DD`. */
  birthDate: string;
}

/** One holder of the receiving account as the profile has them. */
export interface ProfileHolder extends StatementHolder {
  address: TransferAddress;
}

/**
 * How this year's unpaid minimum of a RRIF or LIF is paid when the whole fund moves in kind:
 * already paid in full, paid by the delivering institution before it transfers (it keeps
 * enough cash), or paid here from the receiving fund before the end of the year.
 */
export const unpaidMinimumInstructions = [
  'alreadyPaid',
  'paidByDeliverer',
  'paidByReceiver',
] as const;
export type UnpaidMinimumInstruction = (typeof unpaidMinimumInstructions)[number];

export const unpaidMinimumInstructionLabels = {
  alreadyPaid: {
    en: 'This year’s minimum is already paid in full',
    fr: 'Le minimum de cette année est déjà entièrement payé',
  },
  paidByDeliverer: {
    en: 'The other institution pays what is left of it before the transfer',
    fr: 'L’autre institution en verse le solde avant le transfert',
  },
  paidByReceiver: {
    en: 'Pay what is left of it from the new fund before the end of the year',
    fr: 'Verser le solde à partir du nouveau fonds avant la fin de l’année',
  },
} as const satisfies Record<UnpaidMinimumInstruction, { en: string; fr: string }>;

/**
 * A line of a partial transfer: an investment moved in kind or sold and moved as cash (symbol,
 * name, quantity), or an amount of the account's cash.
 */
export type PartialTransferLine =
  | {
      kind: 'inKind' | 'inCash';
      symbol: string;
      securityName: string;
      quantity: number;
    }
  | { kind: 'cash'; amountCents: Cents };

export interface TransferPrecheckInput {
  /** The lookup id of the delivering institution (delivering-institutions.ts). */
  deliveringInstitutionId: string;
  deliveringAccountNumber: string;
  deliveringAccountType: TransferAccountTypeName;
  /** The pension law the delivering plan is under, as on the statement (locked-in plans). */
  deliveringJurisdiction?: PensionJurisdiction | null;
  transferType: TransferType;
  /** For a RRIF or LIF moved whole in kind. */
  unpaidMinimum?: UnpaidMinimumInstruction | null;
  statement: {
    /** The account's holders as the statement names them: one, or two for a joint account. */
    holders: readonly StatementHolder[];
    address: TransferAddress;
  };
  receiving: {
    accountType: TransferAccountTypeName;
    jurisdiction?: PensionJurisdiction | null;
    /** The applicant, then the joint applicant when the receiving account is joint. */
    holders: readonly ProfileHolder[];
  };
  /** For RESP transfers: both plans' contract numbers (ESDC form SDE 0100, Part A). */
  resp?: { deliveringContractNumber: string; receivingContractNumber: string } | null;
  /** For partial transfers. */
  lines?: readonly PartialTransferLine[];
}

export type TransferProblemCode = TransferMessageKey | 'required';

export interface TransferProblem {
  /** The field to fix, as a path: `statement.holders.0.lastName`, `lines.1.symbol`. */
  field: string;
  code: TransferProblemCode;
  /** Both sides of a difference, to be shown beside the message. */
  values?: Partial<Record<TransferValueName, string>>;
}

export interface TransferPrecheckResult {
  ok: boolean;
  problems: TransferProblem[];
}

// Names

const wordsOf = (key: string) => key.split(' ').filter((word) => word !== '');

const sameWords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');

/**
 * How a statement holder's name differs from the profile's, per field: nothing; the same words
 * in another order (given names swapped, or first and last names exchanged); or otherwise.
 * Names are compared by the name rule as statements print them (looseNameKey: case, spacing,
 * apostrophes, periods, accents and hyphens aside), so "HELENE THOMPSON REID" is the profile's
 * "Hélène Thompson-Reid".
 */
function nameProblems(
  statement: StatementHolder,
  profile: StatementHolder,
  path: string,
): TransferProblem[] {
  const first = [looseNameKey(statement.firstName), looseNameKey(profile.firstName)] as const;
  const last = [looseNameKey(statement.lastName), looseNameKey(profile.lastName)] as const;
  if (first[0] === first[1] && last[0] === last[1]) return [];
  const shown = (holder: StatementHolder) => `${holder.firstName.trim()} ${holder.lastName.trim()}`;
  const values = { statement: shown(statement), profile: shown(profile) };
  const whole = (side: 0 | 1) => wordsOf(`${first[side]} ${last[side]}`);
  if (sameWords(whole(0), whole(1))) {
    const field = first[0] === first[1] ? 'lastName' : 'firstName';
    return [{ field: `${path}.${field}`, code: 'statementNameOrder', values }];
  }
  return (['firstName', 'lastName'] as const).flatMap((field) => {
    const [onStatement, inProfile] = field === 'firstName' ? first : last;
    if (onStatement === inProfile) return [];
    return [
      {
        field: `${path}.${field}`,
        code: 'statementNameDiffers' as const,
        values: { statement: statement[field].trim(), profile: profile[field].trim() },
      },
    ];
  });
}

function holderProblems(
  statement: StatementHolder,
  profile: StatementHolder,
  path: string,
): TransferProblem[] {
  const problems: TransferProblem[] = [];
  for (const field of ['firstName', 'lastName', 'sin', 'birthDate'] as const) {
    if (statement[field].trim() === '')
      problems.push({ field: `${path}.${field}`, code: 'required' });
  }
  if (statement.firstName.trim() !== '' && statement.lastName.trim() !== '') {
    problems.push(...nameProblems(statement, profile, path));
  }
  const sin = normalizeSin(statement.sin);
  if (sin !== '' && sin !== normalizeSin(profile.sin)) {
    // A SIN is shown masked even here: the page may be on a shared screen.
    problems.push({
      field: `${path}.sin`,
      code: 'statementSinDiffers',
      values: { statement: maskSin(sin), profile: maskSin(profile.sin) },
    });
  }
  const birthDate = statement.birthDate.trim();
  if (birthDate !== '' && birthDate !== profile.birthDate) {
    problems.push({
      field: `${path}.birthDate`,
      code: 'statementBirthDateDiffers',
      values: { statement: birthDate, profile: profile.birthDate },
    });
  }
  return problems;
}

/**
 * Pairs each statement holder with a profile holder: the one with the same SIN, else the one
 * with the same name (by the name rule, as statements print names), else the one at the same place; so a joint statement
 * listing the holders in the other order is compared person to person.
 */
function pairHolders(
  statement: readonly StatementHolder[],
  profile: readonly ProfileHolder[],
): (ProfileHolder | undefined)[] {
  const free = new Set(profile.map((_, index) => index));
  const take = (test: (holder: ProfileHolder) => boolean) => {
    const index = [...free].find((candidate) => test(profile[candidate]!));
    if (index !== undefined) free.delete(index);
    return index;
  };
  const looseName = (holder: StatementHolder) =>
    looseNameKey(`${holder.firstName} ${holder.lastName}`);
  const chosen: (number | undefined)[] = statement.map((holder) => {
    const sin = normalizeSin(holder.sin);
    return sin === '' ? undefined : take((candidate) => normalizeSin(candidate.sin) === sin);
  });
  statement.forEach((holder, index) => {
    chosen[index] ??= take((candidate) => looseName(candidate) === looseName(holder));
  });
  statement.forEach((_, index) => {
    chosen[index] ??= free.has(index)
      ? take((candidate) => candidate === profile[index])
      : undefined;
    chosen[index] ??= take(() => true);
  });
  return chosen.map((index) => (index === undefined ? undefined : profile[index]));
}

// Addresses

const provinceCodeOf = (id: number) =>
  Object.entries(provinces).find(([, value]) => value === id)?.[0] ?? String(id);

const addressFields = [
  'suite',
  'streetNumber',
  'streetName',
  'city',
  'provinceId',
  'postalCode',
] as const;

function addressValue(address: TransferAddress, field: (typeof addressFields)[number]): string {
  if (field === 'provinceId') return provinceCodeOf(address.provinceId);
  if (field === 'postalCode') {
    return normalizePostalCode(address.postalCode, address.countryId ?? undefined);
  }
  return addressKey(address[field] ?? '');
}

function addressLine(address: TransferAddress): string {
  const street = [address.streetNumber, address.streetName].map((part) => part.trim()).join(' ');
  const suite = address.suite?.trim() ? `${address.suite.trim()}-` : '';
  return `${suite}${street}, ${address.city.trim()} ${provinceCodeOf(address.provinceId)} ${normalizePostalCode(address.postalCode, address.countryId ?? undefined)}`;
}

/**
 * The address on the statement against the profile's: the same in every part, by addressKey
 * (case, spacing, accents, hyphens and Canada Post's abbreviations of street types and
 * directions aside: "118 Queen Street West" is "118 QUEEN ST W") and the postal code however
 * it is spaced. A joint statement's address may be either holder's.
 */
function addressProblems(
  statement: TransferAddress,
  holders: readonly ProfileHolder[],
): TransferProblem[] {
  const required = (['streetName', 'city', 'postalCode'] as const)
    .filter((field) => statement[field].trim() === '')
    .map((field): TransferProblem => ({ field: `statement.address.${field}`, code: 'required' }));
  if (required.length > 0) return required;
  const differing = (address: TransferAddress) =>
    addressFields.filter(
      (field) => addressValue(statement, field) !== addressValue(address, field),
    );
  const primary = holders[0];
  if (!primary || holders.some((holder) => differing(holder.address).length === 0)) return [];
  const values = { statement: addressLine(statement), profile: addressLine(primary.address) };
  return differing(primary.address).map((field): TransferProblem => ({
    field: `statement.address.${field}`,
    code: 'statementAddressDiffers',
    values,
  }));
}

// RESP contract numbers

/**
 * Words promoters and people use for a number not yet assigned: the SDE 0100 form refuses
 * temporary contract numbers (regulatory-facts.md section 3, "RESP transfers").
 */
const TEMPORARY_CONTRACT_PATTERN = /TEMP|TMP|PENDING|TBD|^0+$/u;
/**
 * A contract number as ESDC's interface carries it: up to 15 letters and digits (Canada
 * Education Savings Program interface transaction standards, contract ID field), spaces and
 * dashes as printed aside; with at least one digit, since promoters number their contracts.
 */
const CONTRACT_NUMBER_PATTERN = /^(?=.*\d)[A-Z0-9]{1,15}$/u;

function contractNumberProblem(number: string): TransferMessageKey | 'required' | undefined {
  const compact = number.toUpperCase().replace(/[\s-]/gu, '');
  if (compact === '') return 'respContractNumberRequired';
  if (TEMPORARY_CONTRACT_PATTERN.test(compact)) return 'respContractNumberTemporary';
  return CONTRACT_NUMBER_PATTERN.test(compact) ? undefined : 'respContractNumberFormat';
}

// Partial-transfer lines

/**
 * Symbols as Canadian and U.S. exchanges list them: 1 to 5 letters, then a share class or
 * unit suffix (`BAM.A`, `RCI.B`, `REI.UN`, `BRK-B`) or a preferred series (`BCE.PR.A`); an
 * exchange prefix may precede it (`TSX:XIU`).
 */
const TICKER_PATTERN =
  /^(?:[A-Z]{1,4}:)?[A-Z]{1,5}(?:[.-](?:UN|[A-Z]{1,2}|PR\.[A-Z]{1,2}|DB(?:\.[A-Z])?|WT))?$/u;
/** Canadian mutual fund codes: the manager's 3-letter prefix and 2 to 5 digits (`TDB902`, `FID281`). */
const FUND_CODE_PATTERN = /^[A-Z]{3,4}\d{2,5}$/u;

/** The CUSIP's check digit (the "modulus 10 double add double" of the ANSI X9.6 standard). */
function isCusip(code: string): boolean {
  if (!/^[0-9A-Z*@#]{8}\d$/u.test(code)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) {
    const char = code[index]!;
    let value: number;
    if (/\d/u.test(char)) value = Number(char);
    else if (/[A-Z]/u.test(char)) value = char.charCodeAt(0) - 55;
    else value = { '*': 36, '@': 37, '#': 38 }[char as '*' | '@' | '#'];
    if (index % 2 === 1) value *= 2;
    sum += Math.floor(value / 10) + (value % 10);
  }
  return (10 - (sum % 10)) % 10 === Number(code[8]);
}

/** Whether a symbol looks like a real one: an exchange ticker, a fund code or a CUSIP. */
export function isPlausibleSymbol(symbol: string): boolean {
  const code = symbol.trim().toUpperCase();
  return TICKER_PATTERN.test(code) || FUND_CODE_PATTERN.test(code) || isCusip(code);
}

function lineProblems(line: PartialTransferLine, path: string): TransferProblem[] {
  if (line.kind === 'cash') {
    return Number.isInteger(line.amountCents) && line.amountCents > 0
      ? []
      : [{ field: `${path}.amountCents`, code: 'cashAmountRequired' }];
  }
  const problems: TransferProblem[] = [];
  if (line.symbol.trim() === '') problems.push({ field: `${path}.symbol`, code: 'symbolRequired' });
  else if (!isPlausibleSymbol(line.symbol)) {
    problems.push({ field: `${path}.symbol`, code: 'symbolFormat' });
  }
  if (line.securityName.trim() === '') {
    problems.push({ field: `${path}.securityName`, code: 'securityNameRequired' });
  }
  if (!Number.isFinite(line.quantity) || line.quantity <= 0) {
    problems.push({ field: `${path}.quantity`, code: 'quantityPositive' });
  }
  return problems;
}

// The whole request

/** Every rule of the pre-check; `ok` when none found a problem. */
export function precheckTransfer(input: TransferPrecheckInput): TransferPrecheckResult {
  const problems: TransferProblem[] = [];
  const add = (...found: TransferProblem[]) => problems.push(...found);

  // The institution from the list, and the account there.
  if (!deliveringInstitutionById(input.deliveringInstitutionId)) {
    add({ field: 'deliveringInstitutionId', code: 'deliveringInstitutionUnknown' });
  }
  if (input.deliveringAccountNumber.trim() === '') {
    add({ field: 'deliveringAccountNumber', code: 'deliveringAccountNumberRequired' });
  }

  // The holders: the same number of people, each as the profile has them.
  const { holders } = input.statement;
  const profileHolders = input.receiving.holders;
  if (holders.length === 0) {
    add({ field: 'statement.holders', code: 'required' });
  } else if (holders.length !== profileHolders.length) {
    add({
      field: 'statement.holders',
      code: 'transferHoldersDiffer',
      values: { statement: String(holders.length), profile: String(profileHolders.length) },
    });
  } else {
    const paired = pairHolders(holders, profileHolders);
    holders.forEach((holder, index) => {
      const profile = paired[index];
      if (profile) add(...holderProblems(holder, profile, `statement.holders.${index}`));
    });
    add(...addressProblems(input.statement.address, profileHolders));
  }

  // The plan: the receiving account takes the delivering type.
  const delivering = input.deliveringAccountType;
  const receiving = input.receiving.accountType;
  if (!receivingAccepts(delivering, receiving)) {
    add({
      field: 'receiving.accountType',
      code: 'planNotAccepted',
      values: { delivering, receiving },
    });
  }

  // Locked-in money names its law, and the receiving account is under the same one.
  if (isLockedInTransferType(delivering)) {
    const from = input.deliveringJurisdiction;
    const to = input.receiving.jurisdiction;
    if (!from) add({ field: 'deliveringJurisdiction', code: 'jurisdictionRequired' });
    else if (from !== to) {
      add({
        field: 'deliveringJurisdiction',
        code: 'jurisdictionDiffers',
        values: { delivering: from, receiving: to ?? '' },
      });
    }
  }

  // A RRIF or LIF moving whole in kind says how this year's minimum is paid.
  const wholeInKind =
    input.transferType === transferTypes.ALL_IN_KIND ||
    input.transferType === transferTypes.ALL_ASSETS;
  if (isIncomeFundTransferType(delivering) && wholeInKind && !input.unpaidMinimum) {
    add({ field: 'unpaidMinimum', code: 'unpaidMinimumInstruction' });
  }

  // RESP transfers carry both plans' real contract numbers.
  if (delivering === 'RESP') {
    const numbers = {
      deliveringContractNumber: input.resp?.deliveringContractNumber ?? '',
      receivingContractNumber: input.resp?.receivingContractNumber ?? '',
    };
    for (const [field, number] of Object.entries(numbers)) {
      const code = contractNumberProblem(number);
      if (code) add({ field: `resp.${field}`, code });
    }
  }

  // A partial transfer names what moves.
  if (input.transferType === transferTypes.PARTIAL) {
    const lines = input.lines ?? [];
    if (lines.length === 0) add({ field: 'lines', code: 'partialLinesRequired' });
    lines.forEach((line, index) => add(...lineProblems(line, `lines.${index}`)));
  }

  return { ok: problems.length === 0, problems };
}
