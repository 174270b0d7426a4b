import { BRAND_NAME } from '@portal/domain/brand';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { formatCents, type Cents } from '@portal/domain/money/cents';
import {
  payoutFrequencies,
  payoutFrequencyLabels,
  type PayoutFrequency,
} from '@portal/domain/rif/payout-frequencies';
import { longDate } from '../funding/funding-mail.ts';
import { composeLetter, labelInSentence, oneLine } from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * The confirmation of a RRIF payout setup (issue 15), in the client's language: the fund, how
 * often, the first payment's date and amounts, and where it goes (a bank account masked, or a
 * cash account). It never names the spouse's SIN or birth date.
 */

export const RIF_PAYOUT_CONFIRMATION_TEMPLATE = 'rifPayoutConfirmation';

export interface RifConfirmationInput {
  language: MessageLanguage;
  firstName: string;
  /** A change of a setup already saved, or the first save. */
  changed: boolean;
  fundLabel: string;
  frequency: PayoutFrequency;
  paidOn: IsoDate;
  grossCents: Cents;
  withholdingCents: Cents;
  netCents: Cents;
  currency: 'CAD' | 'USD';
  /** "your bank account •••••123" or "your Cash account". */
  destination: string;
  url: string;
}

const words = {
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    closing: BRAND_NAME.en,
    button: 'See your payments',
    follow: 'See or change your payments:',
    subject: { new: 'Your RRIF payments are set up', changed: 'Your RRIF payments have changed' },
    set: (fund: string, frequency: string) =>
      `Payments from your ${fund} are set up: ${frequency}.`,
    changedSet: (fund: string, frequency: string) =>
      `The payments from your ${fund} have changed: ${frequency}.`,
    first: (date: string, gross: string, withheld: string, net: string, destination: string) =>
      `The first payment is on ${date}: ${gross} before tax, ${withheld} withheld, ${net} paid into ${destination}.`,
    estimate:
      "The amounts are estimates: the minimum is set by the fund's value on January 1 of each year.",
  },
  fr: {
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    closing: BRAND_NAME.fr,
    button: 'Voir vos versements',
    follow: 'Consultez ou modifiez vos versements\u00a0:',
    subject: {
      new: 'Vos versements du FERR sont prévus',
      changed: 'Vos versements du FERR ont été modifiés',
    },
    set: (fund: string, frequency: string) =>
      `Les versements de votre ${fund} sont prévus\u00a0: fréquence ${frequency}.`,
    changedSet: (fund: string, frequency: string) =>
      `Les versements de votre ${fund} ont été modifiés\u00a0: fréquence ${frequency}.`,
    first: (date: string, gross: string, withheld: string, net: string, destination: string) =>
      `Le premier versement aura lieu le ${date}\u00a0: ${gross} avant impôt, ${withheld} retenus, ${net} versés dans ${destination}.`,
    estimate:
      'Ces montants sont des estimations\u00a0: le minimum dépend de la valeur du fonds au 1er\u00a0janvier de chaque année.',
  },
} as const;

/** "monthly" / "mensuelle": the frequency's label inside a sentence. */
const frequencyWords = (frequency: PayoutFrequency, language: MessageLanguage): string =>
  labelInSentence(payoutFrequencies, payoutFrequencyLabels, frequency, language);

export function rifPayoutConfirmationMail(input: RifConfirmationInput): MessageContent {
  const { language } = input;
  const w = words[language];
  const money = (cents: Cents) => formatCents(cents, language, input.currency);
  const frequency = frequencyWords(input.frequency, language);
  const paragraphs = [
    w.greeting(oneLine(input.firstName)),
    input.changed ? w.changedSet(input.fundLabel, frequency) : w.set(input.fundLabel, frequency),
    w.first(
      longDate(input.paidOn, language),
      money(input.grossCents),
      money(input.withholdingCents),
      money(input.netCents),
      input.destination,
    ),
    w.estimate,
  ];
  return composeLetter(language, {
    subject: input.changed ? w.subject.changed : w.subject.new,
    paragraphs,
    link: { intro: w.follow, url: input.url, button: w.button },
    closing: w.closing,
  });
}
