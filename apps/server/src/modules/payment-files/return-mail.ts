import { BRAND_NAME, SUPPORT_PHONE } from '@portal/domain/brand';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { maskAccountNumber } from '@portal/domain/funding/bank-account';
import { returnEffectOf } from '@portal/domain/funding/return-reasons';
import { formatCents, type Cents } from '@portal/domain/money/cents';
import { longDate } from '../funding/funding-mail.ts';
import { composeLetter, oneLine } from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * The mail a person receives when their bank returns one of our payments (issue 35), in their
 * language: a deposit we debited (direction `debit`) or a RRIF payment we sent (`credit`). It
 * says what came back, why in plain words, and what to do, by the group of the Standard 007
 * reason code (domain `returnEffectOf`), then what happened to the recurring debits. It names
 * the amount, the due date and the bank account masked (`•••••123`), never a whole number.
 */

export const PAYMENT_RETURN_TEMPLATE = 'paymentReturned';

/**
 * What the return did to the person's pre-authorized debits (PAC), decided by the caller: it
 * stops after 903, 905, 915 or 917 (`stopsPac`); it is suspended after the second NSF in a row
 * (`countsAsNsf`) until our team looks at it.
 */
export type ReturnConsequence = 'none' | 'pacStopped' | 'pacSuspended';

export interface PaymentReturnInput {
  language: MessageLanguage;
  firstName: string;
  /** A deposit we debited (a contribution), or a RRIF payment we sent. */
  direction: 'debit' | 'credit';
  /** Standard 007's reason code as the bank sent it (900-990; anything else is `other`). */
  reasonCode: number;
  amountCents: Cents;
  currency: 'CAD' | 'USD';
  /** The item's due date: the day the debit or the payment was to be made. */
  dueOn: IsoDate;
  /** The account at our firm: the one a debit funds, the fund a credit pays from. */
  toAccountLabel: string;
  bankAccountMasked: string;
  institutionName: string;
  /**
   * Read for a debit only: a RRIF payment has no pre-authorized debits behind it, so a credit's
   * mail never speaks of them.
   */
  consequence: ReturnConsequence;
  /** The funding page. */
  url: string;
}

const phone = SUPPORT_PHONE.display;

/** Edit rejects and the codes that need a person: our team acts, the person does nothing. */
const lookingIntoIt = {
  en: 'Our team is looking into it and will contact you if anything is needed. You have nothing to do for now.',
  fr: "Notre équipe s'en occupe et communiquera avec vous au besoin. Vous n'avez rien à faire pour le moment.",
} as const;

const words = {
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    closing: BRAND_NAME.en,
    button: 'Go to your funding page',
    follow: 'Your deposits, bank accounts and payments are on your funding page:',
    debit: {
      subject: 'Your bank returned a deposit',
      returned: (
        amount: string,
        bank: string,
        institution: string,
        date: string,
        account: string,
      ) =>
        `Your bank returned the debit of ${amount} from your bank account ${bank} at ${institution}, due on ${date}, for your ${account}.`,
      todo: {
        nsf: () =>
          'Your bank returned it for insufficient funds. Make sure the money is in your bank account; if it was a one-time deposit, you can make it again from your funding page. Your bank may charge you a fee for the returned debit.',
        accountProblem: () =>
          'Your bank could not debit that account: it was not found, it is closed or its number is not valid. Add another bank account on your funding page, then make your deposit again.',
        paymentStopped: () =>
          'Your bank tells us a stop payment was placed on this debit. If you did not mean to stop it, you can make your deposit again from your funding page.',
        noDebitAllowed: () =>
          'Your bank does not allow debits on that account. Add an account that accepts pre-authorized debits on your funding page, or ask your bank to allow them.',
        payorName: () =>
          `Your bank tells us the account holder's name does not match the name we sent. Check with your bank how the name on the account is written, then contact us at ${phone} so that we correct it before your next deposit.`,
        padClaim: (account: string) =>
          `Your bank tells us you asked to be reimbursed for this debit under your pre-authorized debit agreement, so the deposit into your ${account} is reversed. If that was not your intent, contact us at ${phone}.`,
        customerReturn: () =>
          `Your bank tells us the debit was returned at the account holder's request. If that was not your intent, contact us at ${phone}; you can also make your deposit again from your funding page.`,
        editReject: () => lookingIntoIt.en,
        other: () => lookingIntoIt.en,
      },
      consequence: {
        pacStopped: (account: string) =>
          `Your pre-authorized debits into your ${account} have stopped: no more debits will be made. You can set up a new plan on your funding page.`,
        pacSuspended: (account: string) =>
          `It is the second debit in a row returned for insufficient funds, so your pre-authorized debits into your ${account} are suspended until our team reviews them. We will contact you.`,
      },
    },
    credit: {
      subject: (fund: string) => `Your bank returned a payment from your ${fund}`,
      returned: (amount: string, bank: string, institution: string, date: string, fund: string) =>
        `Your bank returned the payment of ${amount} from your ${fund} into your bank account ${bank} at ${institution}, due on ${date}.`,
      stays: (fund: string) => `The money stays in your ${fund}: nothing is lost.`,
      todo: 'Check the details of your bank account on your funding page. We will contact you to make the payment again.',
    },
  },
  fr: {
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    closing: BRAND_NAME.fr,
    button: 'Aller à votre page Approvisionnement',
    follow:
      'Vos dépôts, vos comptes bancaires et vos versements se trouvent sur votre page Approvisionnement\u00a0:',
    debit: {
      subject: 'Votre banque a retourné un dépôt',
      returned: (
        amount: string,
        bank: string,
        institution: string,
        date: string,
        account: string,
      ) =>
        `Votre banque a retourné le prélèvement de ${amount} sur votre compte bancaire ${bank} chez ${institution}, prévu le ${date}, pour votre ${account}.`,
      todo: {
        nsf: () =>
          "Votre banque l'a retourné pour provision insuffisante. Assurez-vous que l'argent se trouve dans votre compte bancaire; s'il s'agissait d'un dépôt unique, vous pouvez le refaire à partir de votre page Approvisionnement. Votre banque pourrait vous facturer des frais pour ce prélèvement retourné.",
        accountProblem: () =>
          "Votre banque n'a pas pu débiter ce compte\u00a0: il est introuvable, il est fermé ou son numéro n'est pas valide. Ajoutez un autre compte bancaire sur votre page Approvisionnement, puis refaites votre dépôt.",
        paymentStopped: () =>
          "Votre banque nous indique qu'un arrêt de paiement a été demandé pour ce prélèvement. Si vous ne vouliez pas l'arrêter, vous pouvez refaire votre dépôt à partir de votre page Approvisionnement.",
        noDebitAllowed: () =>
          "Votre banque n'autorise pas les prélèvements sur ce compte. Ajoutez sur votre page Approvisionnement un compte qui accepte les débits préautorisés, ou demandez à votre banque de les autoriser.",
        payorName: () =>
          `Votre banque nous indique que le nom du titulaire du compte ne correspond pas à celui que nous lui avons transmis. Vérifiez auprès de votre banque comment le nom est inscrit au compte, puis communiquez avec nous au ${phone} afin que nous le corrigions avant votre prochain dépôt.`,
        padClaim: (account: string) =>
          `Votre banque nous indique que vous avez demandé le remboursement de ce prélèvement en vertu de votre accord de débit préautorisé; le dépôt dans votre ${account} est donc annulé. Si ce n'était pas votre intention, communiquez avec nous au ${phone}.`,
        customerReturn: () =>
          `Votre banque nous indique que le prélèvement a été retourné à la demande du titulaire du compte. Si ce n'était pas votre intention, communiquez avec nous au ${phone}; vous pouvez aussi refaire votre dépôt à partir de votre page Approvisionnement.`,
        editReject: () => lookingIntoIt.fr,
        other: () => lookingIntoIt.fr,
      },
      consequence: {
        pacStopped: (account: string) =>
          `Vos débits préautorisés dans votre ${account} ont pris fin\u00a0: aucun autre prélèvement ne sera fait. Vous pouvez mettre en place un nouveau plan sur votre page Approvisionnement.`,
        pacSuspended: (account: string) =>
          `C'est le deuxième prélèvement consécutif retourné pour provision insuffisante\u00a0: vos débits préautorisés dans votre ${account} sont suspendus jusqu'à ce que notre équipe les examine. Nous communiquerons avec vous.`,
      },
    },
    credit: {
      subject: (fund: string) => `Votre banque a retourné un versement de votre ${fund}`,
      returned: (amount: string, bank: string, institution: string, date: string, fund: string) =>
        `Votre banque a retourné le versement de ${amount} provenant de votre ${fund} et destiné à votre compte bancaire ${bank} chez ${institution}, prévu le ${date}.`,
      stays: (fund: string) => `L'argent reste dans votre ${fund}\u00a0: rien n'est perdu.`,
      todo: 'Vérifiez les coordonnées de votre compte bancaire sur votre page Approvisionnement. Nous communiquerons avec vous pour refaire le versement.',
    },
  },
} as const;

function debitParagraphs(
  input: PaymentReturnInput,
  said: { amount: string; bank: string; date: string },
): string[] {
  const w = words[input.language].debit;
  const account = input.toAccountLabel;
  const group = returnEffectOf(input.reasonCode).group;
  return [
    w.returned(said.amount, said.bank, input.institutionName, said.date, account),
    w.todo[group](account),
    ...(input.consequence === 'none' ? [] : [w.consequence[input.consequence](account)]),
  ];
}

function creditParagraphs(
  input: PaymentReturnInput,
  said: { amount: string; bank: string; date: string },
): string[] {
  // Whatever the reason, a RRIF payment that came back is still the fund's money and is paid
  // again by our team once the account is right: the person is told that, not the code.
  const w = words[input.language].credit;
  const fund = input.toAccountLabel;
  return [
    w.returned(said.amount, said.bank, input.institutionName, said.date, fund),
    w.stays(fund),
    w.todo,
  ];
}

export function paymentReturnMail(input: PaymentReturnInput): MessageContent {
  const { language } = input;
  const w = words[language];
  const said = {
    amount: formatCents(input.amountCents, language, input.currency),
    // Masked again: `•••••123` stays as it is, and a whole number passed by mistake shows
    // only its last three digits, so no caller can put an account number in a mail.
    bank: maskAccountNumber(input.bankAccountMasked),
    date: longDate(input.dueOn, language),
  };
  const subject =
    input.direction === 'debit' ? w.debit.subject : w.credit.subject(input.toAccountLabel);
  const body =
    input.direction === 'debit' ? debitParagraphs(input, said) : creditParagraphs(input, said);
  return composeLetter(language, {
    subject,
    paragraphs: [w.greeting(oneLine(input.firstName)), ...body],
    link: { intro: w.follow, url: input.url, button: w.button },
    closing: w.closing,
  });
}
