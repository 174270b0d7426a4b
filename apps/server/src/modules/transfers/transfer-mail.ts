import { BRAND_NAME } from '@portal/domain/brand';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { formatCents, type Cents } from '@portal/domain/money/cents';
import { longDate } from '../funding/funding-mail.ts';
import { composeLetter, oneLine } from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * The transfer-in mails (issue 15), in the client's language: one per status change the
 * client can see, from signing to the assets arriving (or the other firm declining), and the
 * cancellation. They name the other institution, its account masked (`•••••123`), the
 * receiving account and the value, never a whole account number or a SIN.
 */

export const TRANSFER_STATUS_TEMPLATE = 'transferStatus';

/** A change of a transfer the client is told about. */
export type TransferChange =
  | 'signed'
  | 'sentToDeliverer'
  | 'pendingSettlement'
  | 'creditApproved'
  | 'processed'
  | 'declined'
  | 'cancelled';

export interface TransferMailInput {
  language: MessageLanguage;
  firstName: string;
  change: TransferChange;
  institutionName: string;
  accountMasked: string;
  toAccountLabel: string;
  valueCents: Cents;
  /** For `signed`: the expected window; for the others, the day of the change. */
  date: IsoDate;
  expected?: { earliest: IsoDate; latest: IsoDate } | null;
  url: string;
}

type Body = (from: string, to: string, value: string, date: string) => string;

const words: Record<
  MessageLanguage,
  {
    greeting: (name: string) => string;
    closing: string;
    button: string;
    follow: string;
    window: (earliest: string, latest: string) => string;
    status: Record<TransferChange, { subject: string; body: Body }>;
  }
> = {
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    closing: BRAND_NAME.en,
    button: 'See your transfers',
    follow: 'Follow your transfer on your funding page:',
    window: (earliest, latest) =>
      earliest === latest
        ? `We expect the assets on ${earliest}.`
        : `We expect the assets between ${earliest} and ${latest}.`,
    status: {
      signed: {
        subject: 'We received your signed transfer authorization',
        body: (from, to, value, date) =>
          `You signed the authorization to transfer your account ${from} (about ${value}) into your ${to} on ${date}. We will send the request to the other institution on the next business day.`,
      },
      sentToDeliverer: {
        subject: 'Your transfer request was sent',
        body: (from, to, _value, date) =>
          `On ${date} we sent the request to transfer your account ${from} into your ${to} to the other institution.`,
      },
      pendingSettlement: {
        subject: 'The other institution accepted your transfer',
        body: (from, _to, _value, date) =>
          `On ${date} the other institution accepted the transfer of your account ${from}. Investments sold there settle before the assets move.`,
      },
      creditApproved: {
        subject: 'Your transfer is almost done',
        body: (from, to, _value, date) =>
          `On ${date} the assets of your account ${from} were approved for credit to your ${to}.`,
      },
      processed: {
        subject: 'Your transfer arrived',
        body: (from, to, _value, date) =>
          `The transfer of your account ${from} into your ${to} was completed on ${date}.`,
      },
      declined: {
        subject: 'The other institution declined your transfer',
        body: (from, _to, _value, date) =>
          `On ${date} the other institution declined the transfer of your account ${from}. Check the account number and the account type on your statement, then make a new request or contact us.`,
      },
      cancelled: {
        subject: 'Your transfer is cancelled',
        body: (from, to, _value, date) =>
          `Your request to transfer your account ${from} into your ${to} was cancelled on ${date}. Nothing will be transferred.`,
      },
    },
  },
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    closing: BRAND_NAME.fr,
    button: 'Voir vos transferts',
    follow: 'Suivez votre transfert sur votre page Approvisionnement\u00a0:',
    window: (earliest, latest) =>
      earliest === latest
        ? `Nous prévoyons recevoir les actifs le ${earliest}.`
        : `Nous prévoyons recevoir les actifs entre le ${earliest} et le ${latest}.`,
    status: {
      signed: {
        subject: 'Nous avons reçu votre autorisation de transfert signée',
        body: (from, to, value, date) =>
          `Vous avez signé le ${date} l'autorisation de transférer votre compte ${from} (environ ${value}) dans votre ${to}. Nous transmettrons la demande à l'autre institution le jour ouvrable suivant.`,
      },
      sentToDeliverer: {
        subject: 'Votre demande de transfert a été transmise',
        body: (from, to, _value, date) =>
          `Le ${date}, nous avons transmis à l'autre institution la demande de transfert de votre compte ${from} dans votre ${to}.`,
      },
      pendingSettlement: {
        subject: "L'autre institution a accepté votre transfert",
        body: (from, _to, _value, date) =>
          `Le ${date}, l'autre institution a accepté le transfert de votre compte ${from}. Les placements vendus là-bas doivent être réglés avant le transfert des actifs.`,
      },
      creditApproved: {
        subject: 'Votre transfert est presque terminé',
        body: (from, to, _value, date) =>
          `Le ${date}, le dépôt des actifs de votre compte ${from} dans votre ${to} a été approuvé.`,
      },
      processed: {
        subject: 'Votre transfert est arrivé',
        body: (from, to, _value, date) =>
          `Le transfert de votre compte ${from} dans votre ${to} a été effectué le ${date}.`,
      },
      declined: {
        subject: "L'autre institution a refusé votre transfert",
        body: (from, _to, _value, date) =>
          `Le ${date}, l'autre institution a refusé le transfert de votre compte ${from}. Vérifiez le numéro et le type de compte sur votre relevé, puis faites une nouvelle demande ou communiquez avec nous.`,
      },
      cancelled: {
        subject: 'Votre transfert est annulé',
        body: (from, to, _value, date) =>
          `Votre demande de transfert de votre compte ${from} dans votre ${to} a été annulée le ${date}. Rien ne sera transféré.`,
      },
    },
  },
};

export function transferStatusMail(input: TransferMailInput): MessageContent {
  const { language } = input;
  const w = words[language];
  const said = w.status[input.change];
  // "TD Direct Investing •••••123": the account is named with its institution.
  const from = `${oneLine(input.institutionName)} ${input.accountMasked}`;
  const paragraphs = [
    w.greeting(oneLine(input.firstName)),
    said.body(
      from,
      input.toAccountLabel,
      formatCents(input.valueCents, language, 'CAD'),
      longDate(input.date, language),
    ),
    ...(input.change === 'signed' && input.expected
      ? [
          w.window(
            longDate(input.expected.earliest, language),
            longDate(input.expected.latest, language),
          ),
        ]
      : []),
  ];
  return composeLetter(language, {
    subject: said.subject,
    paragraphs,
    link: { intro: w.follow, url: input.url, button: w.button },
    closing: w.closing,
  });
}
