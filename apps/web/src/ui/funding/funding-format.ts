import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { currencyOfTypeId } from '@portal/domain/enums/funding';
import type { BankAccount } from '@portal/domain/funding/bank-account';

export type FundingLanguage = 'en' | 'fr';

/** The page's language as the money and date formats take it. */
export const fundingLanguageOf = (language: string): FundingLanguage =>
  language.startsWith('fr') ? 'fr' : 'en';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day as people read it: "Monday, March 16, 2026" / "lundi 16 mars 2026". The day
 * is a date, not an instant: formatted in UTC so no time zone moves it to the day before.
 */
export function formatIsoDate(date: IsoDate, language: FundingLanguage): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** The currency a bank or investment account holds (CAD unless it says U.S. dollars). */
export const currencyOf = (currencyTypeId: number): 'CAD' | 'USD' =>
  currencyOfTypeId(currencyTypeId) ?? 'CAD';

/** How a bank account reads in a list: "Chequing, RBC •••••123". */
export function bankAccountLabel(account: BankAccount): string {
  return `${account.nickname}, ${account.financialInstitutionName} ${account.bankAccountNumber}`;
}
