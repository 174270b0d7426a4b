import { BRAND_NAME } from '@portal/domain/brand';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import {
  eftFrequencyLabels,
  eftFrequencies,
  type EftFrequency,
} from '@portal/domain/enums/funding';
import { formatCents, type Cents } from '@portal/domain/money/cents';
import { padCancellationRule } from '@portal/domain/funding/pad-agreement';
import { composeLetter, labelInSentence, oneLine } from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * The funding mails (issue 14), in the client's language: the confirmation of a request, the
 * PAD pre-notification due 10 days before the first debit (Rule H1, unless waived), and one
 * mail per status change the client can see. They name the amount, the dates and the bank
 * account masked (`•••••123`), never a whole account number.
 */

export const FUNDING_CONFIRMATION_TEMPLATE = 'fundingConfirmation';
export const PAD_PRE_NOTIFICATION_TEMPLATE = 'padPreNotification';
export const FUNDING_STATUS_TEMPLATE = 'fundingStatus';

/** A status change the client is told about. */
export type FundingChange =
  'sent' | 'completed' | 'rejected' | 'pacActive' | 'pacDeleted' | 'pacStopped' | 'cancelled';

interface Money {
  amountCents: Cents;
  currency: 'CAD' | 'USD';
}

export interface ConfirmationInput extends Money {
  language: MessageLanguage;
  firstName: string;
  frequency: EftFrequency;
  toAccountLabel: string;
  bankAccountMasked: string;
  firstDebitDate: IsoDate;
  investedOn: { reason: 'threshold' | 'quarterEnd'; date: IsoDate };
  preNotificationMailDate: IsoDate | null;
  url: string;
}

export interface PreNotificationInput extends Money {
  language: MessageLanguage;
  firstName: string;
  frequency: EftFrequency;
  toAccountLabel: string;
  bankAccountMasked: string;
  institutionName: string;
  debitDate: IsoDate;
  url: string;
}

export interface StatusInput extends Money {
  language: MessageLanguage;
  firstName: string;
  change: FundingChange;
  toAccountLabel: string;
  bankAccountMasked: string;
  /** The debit's date, or for a deleted PAC the day it stops. */
  date: IsoDate;
  url: string;
}

const words = {
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    closing: BRAND_NAME.en,
    button: 'See your funding',
    follow: 'Follow your deposits on your funding page:',
    confirmation: {
      subject: 'We received your deposit request',
      oneTime: (amount: string, account: string, bank: string, date: string) =>
        `We received your request to deposit ${amount} into your ${account} from your bank account ${bank}. It will be debited on ${date}.`,
      recurring: (amount: string, frequency: string, account: string, bank: string, date: string) =>
        `We received your pre-authorized debit plan: ${amount} ${frequency} into your ${account} from your bank account ${bank}, starting ${date}.`,
      invested: {
        threshold: (date: string) =>
          `With this deposit your cash balance reaches $2,000: it will be invested on ${date}.`,
        quarterEnd: (date: string) =>
          `Deposited cash is invested at the end of the quarter, on ${date}, or sooner once your cash balance reaches $2,000.`,
      },
      notice: (date: string) =>
        `We will send you a reminder of the amount and date on ${date}, at least 10 days before the first debit.`,
      waived: 'You waived the 10-day notice before the first debit.',
      agreement: 'Your pre-authorized debit agreement is on your funding page.',
    },
    preNotification: {
      subject: (date: string) => `Pre-authorized debit on ${date}`,
      body: (amount: string, bank: string, institution: string, date: string, account: string) =>
        `On ${date} we will debit ${amount} from your bank account ${bank} at ${institution}, for your ${account}.`,
      recurring: (frequency: string) => `After that, the same amount is debited ${frequency}.`,
      recourse:
        'You have certain recourse rights if a debit does not comply with your agreement (www.payments.ca).',
    },
    status: {
      sent: {
        subject: 'Your deposit is on its way',
        body: (amount: string, account: string, bank: string, date: string) =>
          `On ${date} we asked your bank to send ${amount} from your bank account ${bank} to your ${account}.`,
      },
      completed: {
        subject: 'Your deposit arrived',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `Your deposit of ${amount} debited on ${date} arrived in your ${account}.`,
      },
      rejected: {
        subject: 'Your bank refused a deposit',
        body: (amount: string, account: string, bank: string, date: string) =>
          `Your bank refused the debit of ${amount} from your bank account ${bank} on ${date}, for your ${account}. Check the account with your bank, then make a new request or contact us.`,
      },
      pacActive: {
        subject: 'Your pre-authorized debits have started',
        body: (amount: string, account: string, bank: string, date: string) =>
          `Your plan of ${amount} into your ${account} from your bank account ${bank} is active: the first debit is on ${date}.`,
      },
      pacDeleted: {
        subject: 'Your pre-authorized debits will stop',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `We received your request to stop your plan of ${amount} into your ${account}. It takes effect on ${date}; debits due before then still go ahead.`,
      },
      pacStopped: {
        subject: 'Your pre-authorized debits have stopped',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `Your plan of ${amount} into your ${account} stopped on ${date}. No more debits will be made.`,
      },
      cancelled: {
        subject: 'Your deposit request is cancelled',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `Your request of ${amount} into your ${account}, due on ${date}, is cancelled. Nothing will be debited.`,
      },
    },
  },
  fr: {
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    closing: BRAND_NAME.fr,
    button: 'Voir vos dépôts',
    follow: 'Suivez vos dépôts sur votre page Approvisionnement\u00a0:',
    confirmation: {
      subject: 'Nous avons reçu votre demande de dépôt',
      oneTime: (amount: string, account: string, bank: string, date: string) =>
        `Nous avons reçu votre demande de dépôt de ${amount} dans votre ${account} depuis votre compte bancaire ${bank}. Le prélèvement aura lieu le ${date}.`,
      recurring: (amount: string, frequency: string, account: string, bank: string, date: string) =>
        `Nous avons reçu votre plan de débits préautorisés\u00a0: ${amount} ${frequency} dans votre ${account} depuis votre compte bancaire ${bank}, à compter du ${date}.`,
      invested: {
        threshold: (date: string) =>
          `Avec ce dépôt, votre solde en espèces atteint 2\u00a0000\u00a0$\u00a0: il sera investi le ${date}.`,
        quarterEnd: (date: string) =>
          `Les espèces déposées sont investies à la fin du trimestre, le ${date}, ou plus tôt dès que votre solde en espèces atteint 2\u00a0000\u00a0$.`,
      },
      notice: (date: string) =>
        `Nous vous enverrons un rappel du montant et de la date le ${date}, au moins 10 jours avant le premier prélèvement.`,
      waived: 'Vous avez renoncé au préavis de 10 jours avant le premier prélèvement.',
      agreement: 'Votre accord de débit préautorisé se trouve sur votre page Approvisionnement.',
    },
    preNotification: {
      subject: (date: string) => `Débit préautorisé le ${date}`,
      body: (amount: string, bank: string, institution: string, date: string, account: string) =>
        `Le ${date}, nous prélèverons ${amount} de votre compte bancaire ${bank} chez ${institution}, pour votre ${account}.`,
      recurring: (frequency: string) =>
        `Par la suite, le même montant sera prélevé selon la fréquence suivante\u00a0: ${frequency}.`,
      recourse:
        "Vous disposez de certains droits de recours si un débit n'est pas conforme à votre accord (www.paiements.ca).",
    },
    status: {
      sent: {
        subject: 'Votre dépôt est en route',
        body: (amount: string, account: string, bank: string, date: string) =>
          `Le ${date}, nous avons demandé à votre banque de virer ${amount} de votre compte bancaire ${bank} à votre ${account}.`,
      },
      completed: {
        subject: 'Votre dépôt est arrivé',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `Votre dépôt de ${amount} prélevé le ${date} est arrivé dans votre ${account}.`,
      },
      rejected: {
        subject: 'Votre banque a refusé un dépôt',
        body: (amount: string, account: string, bank: string, date: string) =>
          `Votre banque a refusé le prélèvement de ${amount} sur votre compte bancaire ${bank} le ${date}, pour votre ${account}. Vérifiez le compte auprès de votre banque, puis faites une nouvelle demande ou communiquez avec nous.`,
      },
      pacActive: {
        subject: 'Vos débits préautorisés ont commencé',
        body: (amount: string, account: string, bank: string, date: string) =>
          `Votre plan de ${amount} dans votre ${account} depuis votre compte bancaire ${bank} est actif\u00a0: le premier prélèvement a lieu le ${date}.`,
      },
      pacDeleted: {
        subject: 'Vos débits préautorisés prendront fin',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `Nous avons reçu votre demande de mettre fin à votre plan de ${amount} dans votre ${account}. Elle prend effet le ${date}; les prélèvements prévus avant cette date ont lieu.`,
      },
      pacStopped: {
        subject: 'Vos débits préautorisés ont pris fin',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `Votre plan de ${amount} dans votre ${account} a pris fin le ${date}. Aucun autre prélèvement ne sera fait.`,
      },
      cancelled: {
        subject: 'Votre demande de dépôt est annulée',
        body: (amount: string, account: string, _bank: string, date: string) =>
          `Votre demande de ${amount} dans votre ${account}, prévue le ${date}, est annulée. Rien ne sera prélevé.`,
      },
    },
  },
} as const;

/** A date as people read it: "November 30, 2026" / "30 novembre 2026". */
export function longDate(date: IsoDate, language: MessageLanguage): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** "monthly" / "mensuelle": the frequency's label inside a sentence. */
const frequencyWords = (frequency: EftFrequency, language: MessageLanguage): string =>
  labelInSentence(eftFrequencies, eftFrequencyLabels, frequency, language);

function compose(
  language: MessageLanguage,
  subject: string,
  paragraphs: string[],
  url: string,
): MessageContent {
  const w = words[language];
  return composeLetter(language, {
    subject,
    paragraphs,
    link: { intro: w.follow, url, button: w.button },
    closing: w.closing,
  });
}

export function fundingConfirmationMail(input: ConfirmationInput): MessageContent {
  const { language } = input;
  const w = words[language];
  const amount = formatCents(input.amountCents, language, input.currency);
  const date = longDate(input.firstDebitDate, language);
  const opening =
    input.frequency === eftFrequencies.onetime
      ? w.confirmation.oneTime(amount, input.toAccountLabel, input.bankAccountMasked, date)
      : w.confirmation.recurring(
          amount,
          frequencyWords(input.frequency, language),
          input.toAccountLabel,
          input.bankAccountMasked,
          date,
        );
  const paragraphs = [
    w.greeting(oneLine(input.firstName)),
    opening,
    w.confirmation.invested[input.investedOn.reason](longDate(input.investedOn.date, language)),
    input.preNotificationMailDate
      ? w.confirmation.notice(longDate(input.preNotificationMailDate, language))
      : w.confirmation.waived,
    w.confirmation.agreement,
  ];
  return compose(language, w.confirmation.subject, paragraphs, input.url);
}

export function padPreNotificationMail(input: PreNotificationInput): MessageContent {
  const { language } = input;
  const w = words[language];
  const amount = formatCents(input.amountCents, language, input.currency);
  const date = longDate(input.debitDate, language);
  const paragraphs = [
    w.greeting(oneLine(input.firstName)),
    w.preNotification.body(
      amount,
      input.bankAccountMasked,
      input.institutionName,
      date,
      input.toAccountLabel,
    ),
    ...(input.frequency === eftFrequencies.onetime
      ? []
      : [w.preNotification.recurring(frequencyWords(input.frequency, language))]),
    // The agreement's own cancellation rule, word for word: one rule, never two.
    padCancellationRule(language, input.frequency === eftFrequencies.onetime),
    w.preNotification.recourse,
  ];
  return compose(language, w.preNotification.subject(date), paragraphs, input.url);
}

export function fundingStatusMail(input: StatusInput): MessageContent {
  const { language } = input;
  const w = words[language];
  const said = w.status[input.change];
  const paragraphs = [
    w.greeting(oneLine(input.firstName)),
    said.body(
      formatCents(input.amountCents, language, input.currency),
      input.toAccountLabel,
      input.bankAccountMasked,
      longDate(input.date, language),
    ),
  ];
  return compose(language, said.subject, paragraphs, input.url);
}
