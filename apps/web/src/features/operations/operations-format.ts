import type { Language } from '@portal/domain/enums/define-enum';
import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import { provinceLabels, type ProvinceCode } from '@portal/domain/enums/provinces';
import {
  applicationStatusLabels,
  type ApplicationStatus,
} from '@portal/domain/enums/application-statuses';
import { pick } from '@portal/domain/enums/define-enum';

export const languageOf = (language: string): Language => (language === 'fr' ? 'fr' : 'en');

const localeOf = (language: Language) => (language === 'fr' ? 'fr-CA' : 'en-CA');

/** Operations works on Toronto time, as the business-day count does (ADR 0023). */
const TIME_ZONE = 'America/Toronto';

export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

/** A calendar date (`2026-03-16`), shown as that day whatever the time zone. */
export function formatDate(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso;
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeZone: /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : TIME_ZONE,
  }).format(new Date(day));
}

export function formatMoney(cents: number, currency: 'CAD' | 'USD', language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(
    cents / 100,
  );
}

export const accountTypeLabel = (name: NamedAccountTypeName, language: Language): string =>
  namedAccountTypeLabels[name]?.[language] ?? name;

export const provinceLabel = (code: ProvinceCode | null, language: Language): string =>
  code ? (provinceLabels[code]?.[language] ?? code) : '';

/** The applicants' names as one line, primary first. */
export const namesOf = (names: readonly string[]): string => names.join(', ');

/** A status as the applicant's dashboard names it; `approved` (a state, not a dashboard status) as given. */
export function applicationStatusLabel(
  status: string,
  language: Language,
  approvedLabel: string,
): string {
  if (status === 'approved') return approvedLabel;
  return status in applicationStatusLabels
    ? pick(applicationStatusLabels[status as ApplicationStatus], language)
    : status;
}
