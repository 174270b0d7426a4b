import { MAX_UPLOAD_BYTES } from '@portal/domain/constants';
import type { PensionJurisdiction } from '@portal/domain/enums/pension-jurisdictions';
import { transferTypes, type TransferType } from '@portal/domain/enums/transfers';
import type { Cents } from '@portal/domain/money/cents';
import type { TransferAccountTypeName } from '@portal/domain/transfers/transfer-compatibility';
import {
  isIncomeFundTransferType,
  isLockedInTransferType,
} from '@portal/domain/transfers/transfer-compatibility';
import {
  describeTransferProblem,
  type TransferValueName,
} from '@portal/domain/transfers/transfer-messages';
import {
  isPlausibleSymbol,
  type UnpaidMinimumInstruction,
} from '@portal/domain/transfers/transfer-precheck';
import {
  transferAccountModelSchema,
  type TransferAccountModelInput,
  type TransferLineKind,
} from '@portal/domain/transfers/transfer-request';
import { messageFor } from '@portal/domain/messages/messages';
import { emptyMoney, type MoneyValue } from '../funding/money-field.tsx';

/** One row of a partial transfer as typed. `key` keeps React's rows apart as rows come and go. */
export interface LineValues {
  key: number;
  kind: TransferLineKind;
  symbol: string;
  securityName: string;
  quantity: string;
  amount: MoneyValue;
}

export interface HolderValues {
  firstName: string;
  lastName: string;
  sin: string;
  birthDate: string;
}

/** The transfer form as typed: text stays as typed until it is sent. */
export interface TransferFormValues {
  toAccountId: string;
  institution: { id: string; name: string } | null;
  accountNumber: string;
  accountType: TransferAccountTypeName | '';
  deliveringJurisdiction: PensionJurisdiction | '';
  transferType: TransferType | undefined;
  approximateValue: MoneyValue;
  liquidationValue: MoneyValue;
  transferFee: MoneyValue;
  mutualFunds: boolean;
  unpaidMinimum: UnpaidMinimumInstruction | '';
  deliveringContractNumber: string;
  receivingContractNumber: string;
  jointStatement: boolean;
  holders: [HolderValues, HolderValues];
  address: {
    suite: string;
    streetNumber: string;
    streetName: string;
    city: string;
    provinceId: string;
    postalCode: string;
  };
  lines: LineValues[];
}

const emptyHolder = (): HolderValues => ({ firstName: '', lastName: '', sin: '', birthDate: '' });

let nextLineKey = 1;
export const emptyLine = (kind: TransferLineKind = 'inKind'): LineValues => ({
  key: nextLineKey++,
  kind,
  symbol: '',
  securityName: '',
  quantity: '',
  amount: emptyMoney,
});

export function emptyTransferForm(
  toAccountId: string,
  jointStatement: boolean,
): TransferFormValues {
  return {
    toAccountId,
    institution: null,
    accountNumber: '',
    accountType: '',
    deliveringJurisdiction: '',
    transferType: undefined,
    approximateValue: emptyMoney,
    liquidationValue: emptyMoney,
    transferFee: emptyMoney,
    mutualFunds: false,
    unpaidMinimum: '',
    deliveringContractNumber: '',
    receivingContractNumber: '',
    jointStatement,
    holders: [emptyHolder(), emptyHolder()],
    address: {
      suite: '',
      streetNumber: '',
      streetName: '',
      city: '',
      provinceId: '',
      postalCode: '',
    },
    lines: [emptyLine()],
  };
}

/** What the profile says of one holder, to prefill the statement's fields. */
export interface ProfileHolderPrefill {
  firstName: string;
  lastName: string;
  birthDate: string;
  /** The SIN on file as its owner may see it (`*** *** 544`): a blank SIN means this one. */
  sinMasked: string | null;
}

/** The holders (the applicant, then the joint applicant) and the home address of the profile. */
export interface ProfilePrefill {
  holders: ProfileHolderPrefill[];
  address: TransferFormValues['address'] | null;
}

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The application's saved profile steps as the statement's prefill (findings 2026-11-28, A-M6):
 * names, date of birth and home address as the person gave them; the SIN only masked, since
 * the plain number never reaches the browser (ADR 0008): a SIN left blank is the one on file.
 */
export function profilePrefillOf(steps: Record<string, unknown>): ProfilePrefill {
  const holderOf = (step: unknown): ProfileHolderPrefill[] => {
    const profile = recordOf(step);
    if (textOf(profile.firstName) === '' && textOf(profile.lastName) === '') return [];
    return [
      {
        firstName: textOf(profile.firstName),
        lastName: textOf(profile.lastName),
        birthDate: textOf(profile.birthDate),
        sinMasked: textOf(profile.sinMasked) || null,
      },
    ];
  };
  const primary = holderOf(steps.profile);
  const home = recordOf(recordOf(steps.profile).homeAddress);
  return {
    holders: primary.length > 0 ? [...primary, ...holderOf(steps.profilejoint)] : [],
    address:
      textOf(home.streetName) === ''
        ? null
        : {
            suite: textOf(home.suite),
            streetNumber: textOf(home.streetNumber),
            streetName: textOf(home.streetName),
            city: textOf(home.city),
            provinceId: typeof home.provinceId === 'number' ? String(home.provinceId) : '',
            postalCode: textOf(home.postalCode),
          },
  };
}

/** The form with the profile's answers in every field still blank: nothing typed is replaced. */
export function withProfile(
  values: TransferFormValues,
  prefill: ProfilePrefill,
): TransferFormValues {
  const fill = <T extends { [K in keyof T]: string }>(current: T, from: Partial<T>): T => {
    const next = { ...current };
    for (const key of Object.keys(current) as (keyof T)[]) {
      const given = from[key];
      if (current[key].trim() === '' && given !== undefined) next[key] = given;
    }
    return next;
  };
  const holders = values.holders.map((holder, index) => {
    const profile = prefill.holders[index];
    if (!profile) return holder;
    const { firstName, lastName, birthDate } = profile;
    return fill(holder, { firstName, lastName, birthDate });
  }) as TransferFormValues['holders'];
  const address = prefill.address ? fill(values.address, prefill.address) : values.address;
  return { ...values, holders, address };
}

/** Which of the form's conditional parts show for these answers. */
export function visibleParts(values: TransferFormValues) {
  const type = values.accountType;
  const whole =
    values.transferType === transferTypes.ALL_IN_KIND ||
    values.transferType === transferTypes.ALL_ASSETS;
  return {
    jurisdiction: type !== '' && isLockedInTransferType(type),
    unpaidMinimum: type !== '' && isIncomeFundTransferType(type) && whole,
    resp: type === 'RESP',
    liquidation:
      values.transferType === transferTypes.ALL_IN_CASH ||
      values.transferType === transferTypes.ALL_ASSETS,
    lines: values.transferType === transferTypes.PARTIAL,
  };
}

/** Dollars as the model takes them (a JSON number), from cents typed; what was not money stays as a code. */
const dollarsOf = (value: MoneyValue): number | string | undefined => {
  if (value.cents === undefined) return undefined;
  if (value.cents === 'invalid') return 'invalid';
  return (value.cents as Cents) / 100;
};

const numberOf = (text: string): number | null => {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

/** The request as `PUT transferAccounts` takes it (spec section 3, and ADR 0021's additions). */
export function transferModelOf(
  values: TransferFormValues,
  applicationId: string,
  documentUploadedId?: string | null,
): TransferAccountModelInput {
  const parts = visibleParts(values);
  const holders = values.jointStatement ? values.holders : values.holders.slice(0, 1);
  return {
    applicationId,
    toAccountId: values.toAccountId,
    fromInstitutionId: values.institution?.id ?? '',
    fromInstitutionName: values.institution?.name ?? null,
    accountNumber: values.accountNumber,
    accountType: values.accountType as TransferAccountTypeName,
    deliveringJurisdiction: parts.jurisdiction ? values.deliveringJurisdiction || null : null,
    transferType: values.transferType as TransferType,
    approximateValue: dollarsOf(values.approximateValue) as number,
    liquidationValue: parts.liquidation
      ? ((dollarsOf(values.liquidationValue) ?? null) as number | null)
      : null,
    transferFee: (dollarsOf(values.transferFee) ?? null) as number | null,
    mutualFunds: values.mutualFunds,
    unpaidMinimum: parts.unpaidMinimum ? values.unpaidMinimum || null : null,
    statement: {
      holders: holders.map((holder) => ({ ...holder })),
      address: {
        suite: values.address.suite,
        streetNumber: values.address.streetNumber,
        streetName: values.address.streetName,
        city: values.address.city,
        provinceId:
          values.address.provinceId === '' ? undefined : Number(values.address.provinceId),
        postalCode: values.address.postalCode,
      },
    } as TransferAccountModelInput['statement'],
    resp: parts.resp
      ? {
          deliveringContractNumber: values.deliveringContractNumber,
          receivingContractNumber: values.receivingContractNumber,
        }
      : null,
    lines: parts.lines
      ? values.lines.map((line) =>
          line.kind === 'cash'
            ? { kind: 'cash', amount: (dollarsOf(line.amount) ?? null) as number | null }
            : {
                kind: line.kind,
                symbol: line.symbol,
                securityName: line.securityName,
                quantity: numberOf(line.quantity),
              },
        )
      : [],
    documentUploadedId: documentUploadedId ?? null,
  };
}

/**
 * Field paths as the pre-check names them, to the model's names the form's ids are built on
 * (the pre-check speaks of the delivering side; the model of what the web sends).
 */
const pathAliases: Record<string, string> = {
  deliveringInstitutionId: 'fromInstitutionId',
  deliveringAccountNumber: 'accountNumber',
  'receiving.accountType': 'toAccountId',
  applicationId: 'toAccountId',
};

/** A model path (`statement.holders.0.lastName`, `lines.1.amountCents`) as the form's field path. */
export function formPathOf(path: string): string {
  const aliased = pathAliases[path] ?? path;
  return aliased.replace(/^(lines\.\d+)\.amountCents$/, '$1.amount');
}

/** The id of the element a problem at this path shows at. */
export const fieldIdOf = (idPrefix: string, path: string) =>
  `${idPrefix}-${formPathOf(path).replace(/\./g, '-')}`;

/** A problem as the form shows it: at a field, with both values of a difference. */
export interface TransferFieldProblem {
  fieldId: string;
  code: string;
  message: string;
  /** "On your statement: Helene", "In your profile: Hélène". */
  details: string[];
}

/** The order fields come in on the page, so the summary lists problems as they are met. */
const fieldOrder = [
  'toAccountId',
  'fromInstitutionId',
  'accountNumber',
  'accountType',
  'deliveringJurisdiction',
  'transferType',
  'approximateValue',
  'liquidationValue',
  'transferFee',
  'unpaidMinimum',
  'resp',
  'lines',
  'statement.holders',
  'statement.address',
  'document',
];

const rankOf = (path: string) => {
  const index = fieldOrder.findIndex((prefix) => path === prefix || path.startsWith(`${prefix}.`));
  return index === -1 ? fieldOrder.length : index;
};

/**
 * Problems of the pre-check, or of the model's shape, as the form shows them: one per field
 * (the first found), in page order, each with its message and the values both sides have.
 */
export function fieldProblemsOf(
  found: readonly {
    field: string;
    code: string;
    values?: Partial<Record<TransferValueName, string>>;
  }[],
  idPrefix: string,
  language: 'en' | 'fr',
): TransferFieldProblem[] {
  const byId = new Map<string, TransferFieldProblem & { rank: number; order: number }>();
  found.forEach((problem, order) => {
    const fieldId = fieldIdOf(idPrefix, problem.field);
    if (byId.has(fieldId)) return;
    const described = describeTransferProblem(problem, language);
    const message =
      described.message === problem.code ? messageFor(problem.code, language) : described.message;
    byId.set(fieldId, {
      fieldId,
      code: problem.code,
      message,
      details: described.details,
      rank: rankOf(formPathOf(problem.field)),
      order,
    });
  });
  return [...byId.values()]
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ fieldId, code, message, details }) => ({ fieldId, code, message, details }));
}

/** The `{ fields }` of a 400 (model path to code) as problems. */
export const fieldsToProblems = (fields: Record<string, string>) =>
  Object.entries(fields).map(([field, code]) => ({ field, code }));

/** The pre-check's rules of partial lines, said as the person types rather than after sending. */
function lineProblems(
  lines: TransferAccountModelInput['lines'],
): { field: string; code: string }[] {
  if (!lines || lines.length === 0) return [{ field: 'lines', code: 'partialLinesRequired' }];
  return lines.flatMap((line, index) => {
    const at = (field: string, code: string) => ({ field: `lines.${index}.${field}`, code });
    if (line.kind === 'cash') {
      return typeof line.amount === 'number' && line.amount > 0
        ? []
        : [at('amount', 'cashAmountRequired')];
    }
    const symbol = typeof line.symbol === 'string' ? line.symbol.trim() : '';
    const name = typeof line.securityName === 'string' ? line.securityName.trim() : '';
    const quantity = line.quantity;
    return [
      ...(symbol === ''
        ? [at('symbol', 'symbolRequired')]
        : isPlausibleSymbol(symbol)
          ? []
          : [at('symbol', 'symbolFormat')]),
      ...(name === '' ? [at('securityName', 'securityNameRequired')] : []),
      ...(typeof quantity === 'number' && Number.isFinite(quantity) && quantity > 0
        ? []
        : [at('quantity', 'quantityPositive')]),
    ];
  });
}

/**
 * What the web can say before sending: the model's shape (required answers, amounts, dates)
 * by the domain's own schema, and the statement's size. Whether it matches the profile and the
 * receiving account is the server's pre-check.
 */
export function shapeProblems(
  model: TransferAccountModelInput,
  document: File | null,
): { field: string; code: string }[] {
  const parsed = transferAccountModelSchema.safeParse(model);
  const problems: { field: string; code: string }[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        code: issue.message,
      }));
  if (model.transferType === transferTypes.PARTIAL) problems.push(...lineProblems(model.lines));
  if (document && document.size > MAX_UPLOAD_BYTES) {
    problems.push({ field: 'document', code: 'fileTooLarge' });
  }
  return problems;
}
