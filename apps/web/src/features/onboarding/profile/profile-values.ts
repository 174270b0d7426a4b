import type { Language } from '@portal/domain/enums/define-enum';
import { incomeSourceTypes, maritalStatuses } from '@portal/domain/enums/person';
import { referenceOptions, type useReferenceList } from '../../../lib/reference-lists.ts';
import type { AddressValue } from '../step/address-fields.tsx';
import { parseAmount } from '../step/money.ts';
import type { PhoneValue } from './phone-fields.tsx';

export interface EmploymentValues {
  employmentStatus?: number;
  employerName: string;
  industryId?: number;
  occupationId?: number;
  employerCountryId?: number;
  employerProvinceId?: number;
  employerCity: string;
  annualIncome: string;
  incomeSourceType?: number;
  incomeSourceOther: string;
}

export interface SpouseValues extends EmploymentValues {
  title?: number;
  firstName: string;
  lastName: string;
  birthDate: string;
  sin: string;
  netFixedAssets: string;
  netLiquidAssets: string;
}

export interface ProfileValues extends EmploymentValues {
  title?: number;
  firstName: string;
  lastName: string;
  birthDate: string;
  sin: string;
  maritalStatus?: number;
  email: string;
  confirmEmail: string;
  citizenshipId?: number;
  phones: PhoneValue[];
  homeAddress: AddressValue;
  mailingSameAsHome?: boolean;
  mailingAddress: AddressValue;
  movedWithinTwoYears?: boolean;
  previousAddress: AddressValue;
  netFixedAssets: string;
  netLiquidAssets: string;
  spouse: SpouseValues;
  /** The joint applicant only. */
  preferredLanguage?: Language;
  /** The joint applicant only: their client number when they already are a client. */
  shareholderId: string;
  /** The joint applicant only: their share of the joint accounts, as typed. */
  shareholderPercent: string;
}

/** What each section of the step is given: the answers, a way to change them, their errors. */
export interface SectionProps<Values> {
  values: Values;
  onChange(patch: Partial<Values>): void;
  /** An error by the answer's path in the step's data (`sin`, `spouse.sin`, ...). */
  errorFor(path: string): string | undefined;
}

/** A reference list as the step holds it (loading, failed or ready, with a retry). */
export type ReferenceList = ReturnType<typeof useReferenceList>;

/** The step's reference lists, asked for once by the step and shared by its sections. */
export interface ProfileLists {
  citizenships: ReferenceList;
  countries: ReferenceList;
  provinces: ReferenceList;
  industries: ReferenceList;
  occupations: ReferenceList;
}

/** A select field's options from a reference list, with its loading and failed states. */
export const listOptions = (list: ReferenceList, language: Language) => ({
  options: list.resource.state === 'ready' ? referenceOptions(list.resource.data, language) : [],
  loading: list.resource.state === 'loading',
  failed: list.resource.state === 'failed',
  onRetry: list.retry,
});

export const CANADA = 1;
export const USA = 2;
export const hasSpouse = (status: number | undefined) =>
  status === maritalStatuses.Married ||
  status === maritalStatuses.CommonLaw ||
  status === maritalStatuses.Separated;
export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const amountText = (value: unknown) =>
  typeof value === 'number' ? String(value) : text(value);
export const code = (value: string) => (value === '' ? undefined : Number(value));

export function emptyEmployment(saved: Record<string, unknown> = {}): EmploymentValues {
  return {
    employmentStatus: saved.employmentStatus as number | undefined,
    employerName: text(saved.employerName),
    industryId: saved.industryId as number | undefined,
    occupationId: saved.occupationId as number | undefined,
    employerCountryId: saved.employerCountryId as number | undefined,
    employerProvinceId: saved.employerProvinceId as number | undefined,
    employerCity: text(saved.employerCity),
    annualIncome: amountText(saved.annualIncome),
    incomeSourceType: saved.incomeSourceType as number | undefined,
    incomeSourceOther: text(saved.incomeSourceOther),
  };
}

export function employmentData(values: EmploymentValues) {
  return {
    employmentStatus: values.employmentStatus,
    // Asked of everyone (spec line 132): a person not working names their most recent employer.
    employerName: values.employerName,
    industryId: values.industryId,
    occupationId: values.occupationId,
    employerCountryId: values.employerCountryId,
    employerProvinceId: values.employerProvinceId,
    employerCity: values.employerCity,
    annualIncome: parseAmount(values.annualIncome),
    incomeSourceType: values.incomeSourceType,
    ...(values.incomeSourceType === incomeSourceTypes.Other
      ? { incomeSourceOther: values.incomeSourceOther }
      : {}),
  };
}
