import { describe, expect, it } from 'vitest';
import { MAIL_LAYOUT_MARK } from '../outbox/mail-layout.ts';
import { operationsMailTextEn, operationsMailTextFr } from './operations-mail.locales.ts';
import {
  accountOpenedMail,
  applicationDeclinedMail,
  informationRequestedMail,
} from './operations-mail.ts';

const dashboardUrl = 'https://portal.example/#/home/dashboard';

describe('operations mails', () => {
  it('name every key in French as in English', () => {
    expect(Object.keys(operationsMailTextFr).sort()).toEqual(
      Object.keys(operationsMailTextEn).sort(),
    );
  });

  it('open the accounts with their numbers, in each language, inside the layout', () => {
    const accounts = [
      { accountTypeName: 'tfsa' as const, accountNumber: '10000009' },
      { accountTypeName: 'cash' as const, accountNumber: '10000017' },
    ];
    const en = accountOpenedMail('en', { firstName: 'Camille', accounts, dashboardUrl });
    expect(en.subject).toBe('Your accounts are open');
    expect(en.text).toContain('Hello Camille,');
    expect(en.text).toContain('TFSA: 10000009');
    expect(en.html).toContain(MAIL_LAYOUT_MARK);
    expect(en.html).toContain('https://portal.example/?lang=en#/home/dashboard');
    const fr = accountOpenedMail('fr', {
      firstName: 'Camille',
      accounts: accounts.slice(0, 1),
      dashboardUrl,
    });
    expect(fr.subject).toBe('Votre compte est ouvert');
    expect(fr.text).toContain('CELI: 10000009');
    expect(fr.html).toContain('lang="fr-CA"');
  });

  it('decline with the category and the next step in the applicant’s language', () => {
    const fr = applicationDeclinedMail('fr', { firstName: 'Camille', category: 'regulatory' });
    expect(fr.text).toContain('raisons réglementaires');
    expect(fr.text).toContain('Appelez-nous');
  });

  it('quote what is asked, escaped in the HTML part', () => {
    const mail = informationRequestedMail('en', {
      firstName: '<b>Camille</b>',
      message: 'Send <your> statement',
      dashboardUrl,
    });
    expect(mail.text).toContain('Send <your> statement');
    expect(mail.html).toContain('Send &#60;your&#62; statement');
    expect(mail.html).not.toContain('<b>Camille</b>');
  });
});
