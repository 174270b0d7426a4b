import { BRAND_NAME, SUPPORT_PHONE } from '../brand.ts';
import { firstAsOrdinal, formatIsoDate, type IsoDate } from '../calendar/iso-date.ts';
import {
  PAC_CANCELLATION_NOTICE_BUSINESS_DAYS,
  PAD_CANCELLATION_MAX_NOTICE_DAYS,
  PAD_PRE_NOTIFICATION_CALENDAR_DAYS,
  PAD_REIMBURSEMENT_CLAIM_DAYS,
} from '../constants.ts';

/**
 * The payor's pre-authorized debit (PAD) agreement, Payments Canada Rule H1, in English and in
 * French: the seven things it must say (regulatory-facts.md section 2), in order, as data the
 * web shows and the server prints into the PDF the person keeps. A one-time EFT is its own
 * one-time agreement. The waiver of the pre-notification is apart (`padWaiverText`): H1 wants
 * it prominent or separate, and the screen asks for it with its own checkbox.
 */

export type PadLanguage = 'en' | 'fr';

export type PadSectionId =
  | 'authorization'
  | 'account'
  | 'padType'
  | 'amountTiming'
  | 'cancellation'
  | 'payeeContact'
  | 'recourse';

export interface PadSection {
  id: PadSectionId;
  heading: string;
  paragraphs: string[];
}

export interface PadAgreementDetails {
  /** The account holders who authorize the debits (both, for a joint bank account). */
  payorNames: string[];
  /** `•••••123`. */
  bankAccountMasked: string;
  institutionName: string;
  /** The amount as the person reads it (`$250.00`, `250,00 $`). */
  amountText: string;
  /** The frequency in the agreement's language (`Monthly`, `Chaque mois`). */
  frequencyLabel: string;
  startDate: IsoDate;
  oneTime: boolean;
  preNotificationWaived: boolean;
  /** ISO 8601 date and time of acceptance, once accepted (the PDF); absent on the screen. */
  acceptedAt?: string;
}

/**
 * The payee's contact (H1 item 6): the dealer's client support, on the support line every other
 * page and mail names (brand.ts); the address is the sandbox's (an example.com-style domain).
 */
export const PAD_PAYEE_CONTACT = {
  phone: SUPPORT_PHONE.display,
  email: 'support@laurentide.example',
  hours: {
    en: 'Monday to Friday, 8:30 a.m. to 8:00 p.m. Eastern time',
    fr: 'du lundi au vendredi, de 8 h 30 à 20 h, heure de l’Est',
  },
} as const;

/** Payments Canada's site, where the H1 clauses send people (its French address in French). */
const paymentsSite: Record<PadLanguage, string> = {
  en: 'www.payments.ca',
  fr: 'www.paiements.ca',
};

function dateTime(instant: string, language: PadLanguage): string {
  const text = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Toronto',
    timeZoneName: 'short',
  }).format(new Date(instant));
  return language === 'fr' ? firstAsOrdinal(text) : text;
}

function names(list: string[], language: PadLanguage): string {
  return new Intl.ListFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    type: 'conjunction',
  }).format(list);
}

/**
 * How a payor cancels (H1 item 5), the one rule the agreement and every mail about a debit
 * state (findings A-minor 12): a debit not yet sent to the bank is cancelled on the funding
 * page, at once; an active plan stops PAC_CANCELLATION_NOTICE_BUSINESS_DAYS business days after
 * the notice, never more than H1's maximum of PAD_CANCELLATION_MAX_NOTICE_DAYS days, debits due
 * before then being made.
 */
export function padCancellationRule(language: PadLanguage, oneTime: boolean): string {
  if (language === 'fr') {
    return oneTime
      ? 'Vous pouvez annuler ce débit dans votre page d’approvisionnement, ou en nous appelant ou en nous écrivant, tant qu’il n’a pas été transmis à votre banque.'
      : `Tant que le premier débit n’a pas été transmis à votre banque, vous pouvez annuler cet accord dans votre page d’approvisionnement, et rien n’est prélevé. Par la suite, vous pouvez l’annuler en tout temps dans votre page d’approvisionnement, ou en nous appelant ou en nous écrivant\u00a0: il cesse ${PAC_CANCELLATION_NOTICE_BUSINESS_DAYS} jours ouvrables après la réception de votre avis (nous ne demandons jamais un préavis de plus de ${PAD_CANCELLATION_MAX_NOTICE_DAYS} jours), et les débits prévus d’ici là sont effectués.`;
  }
  return oneTime
    ? 'You may cancel this debit on your funding page, or by calling or writing to us, until it is sent to your bank.'
    : `Until the first debit is sent to your bank, you may cancel this agreement on your funding page, and nothing is debited. After that, you may cancel it at any time on your funding page, or by calling or writing to us: it stops ${PAC_CANCELLATION_NOTICE_BUSINESS_DAYS} business days after we receive your notice (we never ask for more than ${PAD_CANCELLATION_MAX_NOTICE_DAYS} days’ notice), and debits due before then are made.`;
}

function sectionsEn(d: PadAgreementDetails): PadSection[] {
  const payee = BRAND_NAME.en;
  const contact = PAD_PAYEE_CONTACT;
  return [
    {
      id: 'authorization',
      heading: 'Your authorization',
      paragraphs: [
        `You, ${names(d.payorNames, 'en')}, authorize ${payee} (“we”, “us”) to debit the bank account below as this agreement sets out. ${
          d.acceptedAt
            ? `You accepted this agreement online on ${dateTime(d.acceptedAt, 'en')}, signed in to your account with us with your verified email address; your acceptance is your signature.`
            : 'Accepting this agreement online, signed in to your account with us with your verified email address, is your signature; it takes effect when you submit your request.'
        }`,
        d.payorNames.length > 1
          ? 'Every holder of the bank account whose signature is needed to withdraw from it has authorized these debits.'
          : 'You confirm that you are the holder of the bank account, or that you may authorize withdrawals from it alone.',
      ],
    },
    {
      id: 'account',
      heading: 'The account to debit',
      paragraphs: [
        `You authorize us to debit your account ${d.bankAccountMasked} at ${d.institutionName}, and to credit the amounts to your investment account with us. We may debit only this account.`,
      ],
    },
    {
      id: 'padType',
      heading: 'Type of pre-authorized debit',
      paragraphs: ['These are personal pre-authorized debits (Personal PAD).'],
    },
    {
      id: 'amountTiming',
      heading: 'Amount and timing',
      paragraphs: [
        d.oneTime
          ? `One debit of ${d.amountText} on ${formatIsoDate(d.startDate, 'en')}. This agreement ends by itself once that debit is made.`
          : `A debit of ${d.amountText}, ${d.frequencyLabel.toLowerCase()}, from ${formatIsoDate(d.startDate, 'en')} until you cancel. The amount and the interval are fixed.`,
        'When a debit date is not a business day, the debit is made on the next business day.',
        d.preNotificationWaived
          ? `You waived the written notice of the amount and date of the first debit that would otherwise reach you ${PAD_PRE_NOTIFICATION_CALENDAR_DAYS} days before it (see the waiver).`
          : `We will confirm these terms in writing and tell you the amount and date of the first debit at least ${PAD_PRE_NOTIFICATION_CALENDAR_DAYS} calendar days before it, and again before any change in amount or date.`,
      ],
    },
    {
      id: 'cancellation',
      heading: 'Changing or cancelling',
      paragraphs: [
        padCancellationRule('en', d.oneTime),
        `To obtain a sample cancellation form, or for more information on your right to cancel a PAD agreement, contact your financial institution or visit ${paymentsSite.en}.`,
        'Cancelling this agreement does not close your investment account or end your other agreements with us.',
      ],
    },
    {
      id: 'payeeContact',
      heading: 'How to reach us',
      paragraphs: [
        `${payee}, client support: ${contact.phone} (${contact.hours.en}), ${contact.email}.`,
      ],
    },
    {
      id: 'recourse',
      heading: 'Your recourse rights',
      paragraphs: [
        `You have certain recourse rights if any debit does not comply with this agreement. For example, you have the right to receive reimbursement for any debit that is not authorized or is not consistent with this PAD Agreement. To obtain more information on your recourse rights, you may contact your financial institution or visit ${paymentsSite.en}.`,
        `A claim for reimbursement is made to your financial institution within ${PAD_REIMBURSEMENT_CLAIM_DAYS} calendar days of the debit.`,
      ],
    },
  ];
}

function sectionsFr(d: PadAgreementDetails): PadSection[] {
  const payee = BRAND_NAME.fr;
  const contact = PAD_PAYEE_CONTACT;
  return [
    {
      id: 'authorization',
      heading: 'Votre autorisation',
      paragraphs: [
        `Vous, ${names(d.payorNames, 'fr')}, autorisez ${payee} («\u00a0nous\u00a0») à débiter le compte bancaire ci-dessous selon le présent accord. ${
          d.acceptedAt
            ? `Vous avez accepté cet accord en ligne le ${dateTime(d.acceptedAt, 'fr')}, dans votre compte chez nous ouvert avec votre adresse courriel vérifiée; votre acceptation tient lieu de signature.`
            : 'L’acceptation de cet accord en ligne, dans votre compte chez nous ouvert avec votre adresse courriel vérifiée, tient lieu de signature; elle prend effet à l’envoi de votre demande.'
        }`,
        d.payorNames.length > 1
          ? 'Tous les titulaires du compte bancaire dont la signature est requise pour en retirer des fonds ont autorisé ces débits.'
          : 'Vous confirmez être titulaire du compte bancaire, ou pouvoir en autoriser seul les retraits.',
      ],
    },
    {
      id: 'account',
      heading: 'Le compte à débiter',
      paragraphs: [
        `Vous nous autorisez à débiter votre compte ${d.bankAccountMasked} à ${d.institutionName} et à porter les montants au crédit de votre compte de placement chez nous. Nous ne pouvons débiter que ce compte.`,
      ],
    },
    {
      id: 'padType',
      heading: 'Type de débit préautorisé',
      paragraphs: ['Il s’agit de débits préautorisés personnels (DPA personnel).'],
    },
    {
      id: 'amountTiming',
      heading: 'Montant et calendrier',
      paragraphs: [
        d.oneTime
          ? `Un seul débit de ${d.amountText} le ${formatIsoDate(d.startDate, 'fr')}. Cet accord prend fin de lui-même une fois ce débit effectué.`
          : `Un débit de ${d.amountText}, ${d.frequencyLabel.toLowerCase()}, à partir du ${formatIsoDate(d.startDate, 'fr')} jusqu’à ce que vous l’annuliez. Le montant et l’intervalle sont fixes.`,
        'Lorsqu’une date de débit n’est pas un jour ouvrable, le débit est effectué le jour ouvrable suivant.',
        d.preNotificationWaived
          ? `Vous avez renoncé à l’avis écrit du montant et de la date du premier débit qui vous serait autrement parvenu ${PAD_PRE_NOTIFICATION_CALENDAR_DAYS} jours avant celui-ci (voir la renonciation).`
          : `Nous vous confirmerons ces modalités par écrit et vous indiquerons le montant et la date du premier débit au moins ${PAD_PRE_NOTIFICATION_CALENDAR_DAYS} jours civils avant celui-ci, puis de nouveau avant tout changement de montant ou de date.`,
      ],
    },
    {
      id: 'cancellation',
      heading: 'Modification ou annulation',
      paragraphs: [
        padCancellationRule('fr', d.oneTime),
        `Pour obtenir un modèle de formulaire d’annulation ou plus d’information sur votre droit d’annuler un accord de DPA, communiquez avec votre institution financière ou visitez ${paymentsSite.fr}.`,
        'L’annulation de cet accord ne ferme pas votre compte de placement et ne met pas fin à vos autres conventions avec nous.',
      ],
    },
    {
      id: 'payeeContact',
      heading: 'Pour nous joindre',
      paragraphs: [
        `${payee}, service à la clientèle\u00a0: ${contact.phone} (${contact.hours.fr}), ${contact.email}.`,
      ],
    },
    {
      id: 'recourse',
      heading: 'Vos droits de recours',
      paragraphs: [
        `Vous disposez de certains droits de recours si un débit n’est pas conforme au présent accord. Par exemple, vous avez le droit de recevoir le remboursement de tout débit qui n’est pas autorisé ou qui n’est pas compatible avec le présent accord de DPA. Pour obtenir plus d’information sur vos droits de recours, communiquez avec votre institution financière ou visitez ${paymentsSite.fr}.`,
        `Une demande de remboursement se fait auprès de votre institution financière dans les ${PAD_REIMBURSEMENT_CLAIM_DAYS} jours civils suivant le débit.`,
      ],
    },
  ];
}

/** The agreement's sections, in the order H1 lists its contents. */
export function padAgreementSections(
  language: PadLanguage,
  details: PadAgreementDetails,
): PadSection[] {
  return language === 'fr' ? sectionsFr(details) : sectionsEn(details);
}

/** The agreement's title. */
export function padAgreementTitle(language: PadLanguage, oneTime: boolean): string {
  if (language === 'fr') {
    return oneTime ? 'Accord de débit préautorisé unique' : 'Accord de débits préautorisés';
  }
  return oneTime ? 'One-time pre-authorized debit agreement' : 'Pre-authorized debit agreement';
}

/**
 * The waiver of the pre-notification, shown apart and prominently, accepted with its own
 * checkbox (`preNotificationWaived`).
 */
export function padWaiverText(language: PadLanguage): string {
  return language === 'fr'
    ? `Je renonce à recevoir, au moins ${PAD_PRE_NOTIFICATION_CALENDAR_DAYS} jours civils avant le premier débit, l’avis écrit de son montant et de sa date ainsi que la confirmation écrite des modalités de cet accord. Le premier débit peut donc avoir lieu plus tôt.`
    : `I waive my right to receive, at least ${PAD_PRE_NOTIFICATION_CALENDAR_DAYS} calendar days before the first debit, written notice of its amount and date and written confirmation of the terms of this agreement. The first debit may therefore come sooner.`;
}
