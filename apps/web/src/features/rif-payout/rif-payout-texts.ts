import type { IsoDate } from '@portal/domain/calendar/iso-date';
import {
  annualPaymentTypeLabels,
  annualPaymentTypes,
  minPaymentTypeLabels,
  minPaymentTypes,
  paymentByTypeLabels,
  paymentByTypes,
  paymentDayLabels,
  paymentDays,
} from '@portal/domain/enums/rif';
import { payoutFrequencies, payoutFrequencyLabels } from '@portal/domain/rif/payout-frequencies';
import type { FundingLanguage } from '../../ui/funding/funding-format.ts';

/**
 * The choices of the RRIF payout screen, labelled from the domain's enums (one source of truth
 * for the ids and their words), and the month names of the language.
 */

interface Labelled {
  id: number;
  label: string;
}

function choicesOf<K extends string>(
  ids: Record<K, number>,
  labels: Record<K, { en: string; fr: string }>,
  language: FundingLanguage,
): Labelled[] {
  return (Object.keys(ids) as K[]).map((key) => ({ id: ids[key], label: labels[key][language] }));
}

export const minPaymentChoices = (language: FundingLanguage) =>
  choicesOf(minPaymentTypes, minPaymentTypeLabels, language);
export const annualChoices = (language: FundingLanguage) =>
  choicesOf(annualPaymentTypes, annualPaymentTypeLabels, language);
export const paidToChoices = (language: FundingLanguage) =>
  choicesOf(paymentByTypes, paymentByTypeLabels, language);
export const startDayChoices = (language: FundingLanguage) =>
  choicesOf(paymentDays, paymentDayLabels, language);
export const frequencyChoices = (language: FundingLanguage) =>
  choicesOf(payoutFrequencies, payoutFrequencyLabels, language);

/** The label of one id among choices ('' when unknown). */
export const labelOf = (choices: Labelled[], id: number | undefined) =>
  choices.find((choice) => choice.id === id)?.label ?? '';

/** "January" / "janvier", for months 1 to 12. */
export function monthName(month: number, language: FundingLanguage): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** A birth date as people read it, without the weekday: "May 1, 1990" / "1 mai 1990". */
export function shortDate(date: IsoDate, language: FundingLanguage): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
