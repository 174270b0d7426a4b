import { namedAccountTypeLabels, type NamedAccountTypeName } from '../enums/account-types.ts';
import { countries, countryLabels } from '../enums/countries.ts';
import { labelOf, pick, type CodeMap, type Labels, type Language } from '../enums/define-enum.ts';
import { provinceLabels, provinces } from '../enums/provinces.ts';
import { titleLabels, titles } from '../enums/titles.ts';
import { normalizePostalCode } from '../rules/address.ts';
import { formatPhoneNumber, normalizePhoneNumber } from '../rules/phone.ts';
import {
  outlineLabels,
  type OutlineLabelKey,
  type OutlineLabels,
} from './answers-outline.labels.ts';
import { record, text } from './answers-outline.rows.ts';

/** The reference lists the steps point into (`references/*`), by id, in the outline's language. */
export type ReferenceLabel = (
  list: 'citizenships' | 'countries' | 'provinceStates' | 'businessTypes' | 'occupationTypes',
  id: unknown,
) => string | undefined;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The formatting and labelling every section shares, for one language. */
export interface OutlineFormat {
  language: Language;
  t: OutlineLabels;
  say(key: OutlineLabelKey, values?: Record<string, string>): string;
  colon: string;
  label<E extends CodeMap>(codes: E, labels: Labels<E>, code: unknown): string;
  yesNo(value: unknown): string;
  money(value: unknown): string;
  date(value: unknown): string;
  percent(value: unknown): string;
  phone(number: unknown, extension?: unknown): string;
  address(value: unknown): string;
  province(id: unknown): string;
  country(id: unknown): string;
  reference(list: Parameters<ReferenceLabel>[0], id: unknown): string;
  personName(value: unknown): string;
  account(name: string): string;
}

export function outlineFormat(language: Language, references?: ReferenceLabel): OutlineFormat {
  const t = outlineLabels(language);
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const label = <E extends CodeMap>(codes: E, labels: Labels<E>, code: unknown) =>
    labelOf(codes, labels, code, language) ?? '';
  const reference = (name: Parameters<ReferenceLabel>[0], id: unknown) =>
    (id === undefined || id === null ? undefined : references?.(name, id)) ?? '';
  const province = (id: unknown) =>
    reference('provinceStates', id) || label(provinces, provinceLabels, id);
  const country = (id: unknown) =>
    reference('countries', id) || label(countries, countryLabels, id);
  const phone = (number: unknown, extension?: unknown) => {
    const typed = text(number);
    if (!typed) return '';
    const ext = text(extension);
    const formatted = formatPhoneNumber(normalizePhoneNumber(typed));
    // A number outside the North American plan stays as typed.
    const shown = /^\(\d{3}\) \d{3}-\d{4}$/.test(formatted) ? formatted : typed;
    return ext ? `${shown} ${language === 'fr' ? 'poste' : 'ext.'} ${ext}` : shown;
  };
  const format: OutlineFormat = {
    language,
    t,
    say: (key, values = {}) => fill(t[key], values),
    // French sets a colon apart with a no-break space.
    colon: language === 'fr' ? '\u00a0: ' : ': ',
    label,
    yesNo: (value) => (value === true ? t.yes : value === false ? t.no : ''),
    money: (value) =>
      typeof value === 'number' && Number.isFinite(value)
        ? new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'CAD',
            minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
            maximumFractionDigits: 2,
          }).format(value)
        : '',
    date: (value) => {
      const date = text(value);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      );
    },
    percent: (value) =>
      typeof value === 'number'
        ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
            value / 100,
          )
        : '',
    phone,
    address: (value) => {
      const a = record(value);
      const suite = text(a.suite);
      const street = [text(a.streetNumber), text(a.streetName)].filter(Boolean).join(' ');
      const firstLine = suite
        ? /^[\p{L}\p{N}]+$/u.test(suite)
          ? `${suite}-${street}`
          : `${suite}, ${street}`
        : street;
      const countryId = typeof a.countryId === 'number' ? a.countryId : undefined;
      const postalCode = text(a.postalCode)
        ? normalizePostalCode(text(a.postalCode), countryId)
        : '';
      // Canada Post writes two spaces between the province and the postal code.
      const region = [province(a.provinceId), postalCode].filter(Boolean).join('  ');
      return [firstLine, text(a.city), region, country(a.countryId)].filter(Boolean).join(', ');
    },
    province,
    country,
    reference,
    personName: (value) => {
      const person = record(value);
      return [
        label(titles, titleLabels, person.title),
        text(person.firstName),
        text(person.lastName),
      ]
        .filter(Boolean)
        .join(' ');
    },
    account: (name) =>
      namedAccountTypeLabels[name as NamedAccountTypeName]
        ? pick(namedAccountTypeLabels[name as NamedAccountTypeName], language)
        : name,
  };
  return format;
}
