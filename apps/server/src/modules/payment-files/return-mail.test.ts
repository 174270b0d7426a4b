import type { ReturnGroup } from '@portal/domain/funding/return-reasons';
import { describe, expect, it } from 'vitest';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import {
  paymentReturnMail,
  type PaymentReturnInput,
  type ReturnConsequence,
} from './return-mail.ts';

const url = 'https://portal.example.ca/#/home/funding';

const labels = { en: 'TFSA', fr: 'CELI' } as const;

function debitReturn(
  language: MessageLanguage,
  reasonCode: number,
  consequence: ReturnConsequence = 'none',
): PaymentReturnInput {
  return {
    language,
    firstName: 'Élise',
    direction: 'debit',
    reasonCode,
    amountCents: 123_456,
    currency: 'CAD',
    dueOn: '2026-11-26',
    toAccountLabel: labels[language],
    bankAccountMasked: '•••••210',
    institutionName: 'TD Canada Trust',
    consequence,
    url,
  };
}

/** What each language names in every mail: the amount, the date, the account masked. */
const named = {
  en: [/\$1,234\.56/, /November 26, 2026/, /•••••210 at TD Canada Trust/],
  fr: [/1\s234,56\s\$/, /26 novembre 2026/, /•••••210 chez TD Canada Trust/],
} as const;

/** Per group: a code, then what the person is told to do, in each language. */
const todo: Record<ReturnGroup, { code: number; en: string[]; fr: string[] }> = {
  nsf: {
    code: 901,
    en: [
      'insufficient funds',
      'Make sure the money is in your bank account',
      'one-time deposit, you can make it again from your funding page',
      'may charge you a fee',
    ],
    fr: [
      'provision insuffisante',
      "Assurez-vous que l'argent se trouve dans votre compte bancaire",
      'dépôt unique, vous pouvez le refaire à partir de votre page Approvisionnement',
      'pourrait vous facturer des frais',
    ],
  },
  accountProblem: {
    code: 905,
    en: ['not found, it is closed', 'Add another bank account on your funding page'],
    fr: ['introuvable, il est fermé', 'Ajoutez un autre compte bancaire sur votre page'],
  },
  paymentStopped: {
    code: 903,
    en: ['a stop payment was placed', 'make your deposit again from your funding page'],
    fr: ['un arrêt de paiement a été demandé', 'refaire votre dépôt à partir de votre page'],
  },
  noDebitAllowed: {
    code: 907,
    en: ['does not allow debits on that account', 'Add an account that accepts'],
    fr: ["n'autorise pas les prélèvements sur ce compte", 'un compte qui accepte'],
  },
  payorName: {
    code: 914,
    en: ["account holder's name does not match", 'contact us at 1-888-555-0142'],
    fr: ['nom du titulaire du compte ne correspond pas', 'communiquez avec nous au 1-888-555-0142'],
  },
  padClaim: {
    code: 916,
    en: [
      'you asked to be reimbursed for this debit',
      'the deposit into your TFSA is reversed',
      'If that was not your intent, contact us',
    ],
    fr: [
      'vous avez demandé le remboursement de ce prélèvement',
      'le dépôt dans votre CELI est donc annulé',
      "Si ce n'était pas votre intention, communiquez avec nous",
    ],
  },
  customerReturn: {
    code: 922,
    en: ["returned at the account holder's request", 'If that was not your intent, contact us'],
    fr: ['à la demande du titulaire du compte', "Si ce n'était pas votre intention"],
  },
  editReject: {
    code: 900,
    en: ['Our team is looking into it', 'You have nothing to do for now'],
    fr: ["Notre équipe s'en occupe", "Vous n'avez rien à faire pour le moment"],
  },
  other: {
    code: 910,
    en: ['Our team is looking into it', 'You have nothing to do for now'],
    fr: ["Notre équipe s'en occupe", "Vous n'avez rien à faire pour le moment"],
  },
};

const cases = (Object.keys(todo) as ReturnGroup[]).flatMap((group) =>
  (['en', 'fr'] as const).map((language) => ({ group, language })),
);

describe('the mail of a returned deposit', () => {
  it.each(cases)('names the amount, date, account and what to do: $group, $language', (c) => {
    const expected = todo[c.group];
    const mail = paymentReturnMail(debitReturn(c.language, expected.code));
    expect(mail.subject).toBe(
      c.language === 'en' ? 'Your bank returned a deposit' : 'Votre banque a retourné un dépôt',
    );
    expect(mail.text).toContain(c.language === 'en' ? 'Hello Élise,' : 'Bonjour Élise,');
    for (const pattern of named[c.language]) expect(mail.text).toMatch(pattern);
    expect(mail.text).toContain(c.language === 'en' ? 'for your TFSA.' : 'pour votre CELI.');
    for (const words of expected[c.language]) expect(mail.text).toContain(words);
    expect(mail.text).toContain(`https://portal.example.ca/?lang=${c.language}#/home/funding`);
    expect(mail.html).toContain(c.language === 'en' ? 'lang="en-CA"' : 'lang="fr-CA"');
  });

  it('gives a code Standard 007 does not have the same words as an edit reject', () => {
    for (const language of ['en', 'fr'] as const) {
      const unknown = paymentReturnMail(debitReturn(language, 999)).text;
      expect(unknown).toBe(paymentReturnMail(debitReturn(language, 900)).text);
      expect(unknown).toContain(todo.other[language][0]);
      // None of the specific advice leaks into the generic text.
      expect(unknown).not.toContain(todo.nsf[language][0]);
      expect(unknown).not.toContain(todo.accountProblem[language][1]);
    }
  });
});

describe('what the return did to the pre-authorized debits', () => {
  const stopped = {
    en: 'Your pre-authorized debits into your TFSA have stopped: no more debits will be made.',
    fr: 'Vos débits préautorisés dans votre CELI ont pris fin\u00a0: aucun autre prélèvement ne sera fait.',
  };
  const suspended = {
    en: 'second debit in a row returned for insufficient funds, so your pre-authorized debits into your TFSA are suspended until our team reviews them',
    fr: 'deuxième prélèvement consécutif retourné pour provision insuffisante\u00a0: vos débits préautorisés dans votre CELI sont suspendus',
  };

  it.each(['en', 'fr'] as const)('says the plan stopped only when it did (%s)', (language) => {
    const mail = paymentReturnMail(debitReturn(language, 917, 'pacStopped'));
    expect(mail.text).toContain(stopped[language]);
    expect(mail.text).not.toContain(suspended[language]);
    expect(paymentReturnMail(debitReturn(language, 917)).text).not.toContain(stopped[language]);
  });

  it.each(['en', 'fr'] as const)('says the plan is suspended only when it is (%s)', (language) => {
    const mail = paymentReturnMail(debitReturn(language, 901, 'pacSuspended'));
    expect(mail.text).toContain(suspended[language]);
    expect(mail.text).not.toContain(stopped[language]);
    const once = paymentReturnMail(debitReturn(language, 901)).text;
    expect(once).not.toContain(suspended[language]);
    expect(once).not.toContain(stopped[language]);
  });
});

describe('the mail of a returned RRIF payment', () => {
  const credit = (language: MessageLanguage, reasonCode: number): PaymentReturnInput => ({
    ...debitReturn(language, reasonCode),
    direction: 'credit',
    consequence: 'none',
    toAccountLabel: language === 'en' ? 'RRIF' : 'FERR',
  });

  it('says the money stays in the fund and what happens next, in English', () => {
    const mail = paymentReturnMail(credit('en', 905));
    expect(mail.subject).toBe('Your bank returned a payment from your RRIF');
    for (const pattern of named.en) expect(mail.text).toMatch(pattern);
    expect(mail.text).toContain('The money stays in your RRIF');
    expect(mail.text).toContain('Check the details of your bank account on your funding page');
    expect(mail.text).toContain('We will contact you');
    expect(mail.text).not.toContain('pre-authorized');
    // A RRIF payment has no PAC behind it: a consequence passed with it is not told.
    const withConsequence = paymentReturnMail({ ...credit('en', 905), consequence: 'pacStopped' });
    expect(withConsequence.text).toBe(mail.text);
  });

  it('says the same in French, whatever the code', () => {
    for (const code of [905, 922, 999]) {
      const mail = paymentReturnMail(credit('fr', code));
      expect(mail.subject).toBe('Votre banque a retourné un versement de votre FERR');
      for (const pattern of named.fr) expect(mail.text).toMatch(pattern);
      expect(mail.text).toContain("L'argent reste dans votre FERR");
      expect(mail.text).toContain('Vérifiez les coordonnées de votre compte bancaire');
      expect(mail.text).toContain('Nous communiquerons avec vous');
      expect(mail.text).not.toContain('préautorisé');
    }
  });
});

describe('the bank account in a return mail', () => {
  it('never shows a whole account number, even one passed by mistake', () => {
    for (const language of ['en', 'fr'] as const) {
      const mail = paymentReturnMail({
        ...debitReturn(language, 902),
        bankAccountMasked: '1234567123',
      });
      expect(mail.text).toContain('•••••123');
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('1234567');
        expect(part).not.toMatch(/\d{7,}/);
      }
    }
  });

  it('keeps the name on one line in the text and escaped in the HTML', () => {
    const mail = paymentReturnMail({ ...debitReturn('en', 901), firstName: '<b>Sam</b>\nBcc: x' });
    expect(mail.text.split('\n')[0]).toBe('Hello <b>Sam</b> Bcc: x,');
    expect(mail.html).not.toContain('<b>Sam</b>');
  });
});
