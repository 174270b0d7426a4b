import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';

export type Language = 'en' | 'fr';

export const languageOf = (language: string): Language => (language === 'fr' ? 'fr' : 'en');

const localeOf = (language: Language) => (language === 'fr' ? 'fr-CA' : 'en-CA');

/** Advisors work on Toronto time, as the rest of the firm does. */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(new Date(iso));
}

/** A calendar date (`1985-03-27`), shown as that day whatever the time zone. */
export function formatDate(iso: string | null | undefined, language: Language): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );
}

export function accountNames(names: readonly NamedAccountTypeName[], language: Language): string {
  return names.map((name) => namedAccountTypeLabels[name]?.[language] ?? name).join(', ');
}
