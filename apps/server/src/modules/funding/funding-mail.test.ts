import { padCancellationRule } from '@portal/domain/funding/pad-agreement';
import { describe, expect, it } from 'vitest';
import {
  fundingConfirmationMail,
  fundingStatusMail,
  padPreNotificationMail,
} from './funding-mail.ts';

const url = 'https://portal.example.ca/#/home/funding';

describe('funding mails', () => {
  it('confirms a PAC in French with French money and dates, and the notice date', () => {
    const mail = fundingConfirmationMail({
      language: 'fr',
      firstName: 'Élise',
      amountCents: 123_456,
      currency: 'CAD',
      frequency: 5,
      toAccountLabel: 'CELI',
      bankAccountMasked: '•••••210',
      firstDebitDate: '2026-11-26',
      investedOn: { reason: 'quarterEnd', date: '2026-12-31' },
      preNotificationMailDate: '2026-11-16',
      url,
    });
    expect(mail.subject).toBe('Nous avons reçu votre demande de dépôt');
    expect(mail.text).toContain('Bonjour Élise,');
    expect(mail.text).toMatch(/1\s234,56\s\$ chaque mois dans votre CELI/);
    expect(mail.text).toContain('à compter du 26 novembre 2026');
    expect(mail.text).toContain('le 31 décembre 2026');
    expect(mail.text).toContain('le 16 novembre 2026');
    expect(mail.html).toContain('lang="fr-CA"');
  });

  it('says the notice was waived, in English', () => {
    const mail = fundingConfirmationMail({
      language: 'en',
      firstName: 'Sam',
      amountCents: 50_000,
      currency: 'CAD',
      frequency: 1,
      toAccountLabel: 'TFSA',
      bankAccountMasked: '•••••210',
      firstDebitDate: '2026-11-25',
      investedOn: { reason: 'threshold', date: '2026-11-26' },
      preNotificationMailDate: null,
      url,
    });
    expect(mail.text).toContain('deposit $500.00 into your TFSA');
    expect(mail.text).toContain('You waived the 10-day notice');
    expect(mail.text).toContain('invested on November 26, 2026');
  });

  it('gives the pre-notification’s amount, date and account, and how to cancel', () => {
    const mail = padPreNotificationMail({
      language: 'en',
      firstName: 'Sam',
      amountCents: 10_000,
      currency: 'CAD',
      frequency: 5,
      toAccountLabel: 'TFSA',
      bankAccountMasked: '•••••210',
      institutionName: 'TD Canada Trust',
      debitDate: '2026-11-26',
      url,
    });
    expect(mail.subject).toBe('Pre-authorized debit on November 26, 2026');
    expect(mail.text).toContain('we will debit $100.00 from your bank account •••••210 at TD');
    expect(mail.text).toContain('debited monthly');
    // The agreement's cancellation rule, not another one ("at least 10 business days before").
    expect(mail.text).toContain(padCancellationRule('en', false));
    expect(mail.text).not.toContain('before the debit');
  });

  it('states the one-time debit’s cancellation as the agreement does, in French too', () => {
    const mail = padPreNotificationMail({
      language: 'fr',
      firstName: 'Sam',
      amountCents: 10_000,
      currency: 'CAD',
      frequency: 1,
      toAccountLabel: 'CELI',
      bankAccountMasked: '•••••210',
      institutionName: 'TD Canada Trust',
      debitDate: '2026-11-26',
      url,
    });
    expect(mail.text).toContain(padCancellationRule('fr', true));
    expect(mail.text).toContain('tant qu’il n’a pas été transmis à votre banque');
    expect(mail.text).not.toContain('au moins 10 jours ouvrables avant');
  });

  it('escapes a name in the HTML and keeps it on one line in the text', () => {
    const mail = fundingStatusMail({
      language: 'en',
      firstName: '<b>Sam</b>\nBcc: x',
      change: 'rejected',
      amountCents: 50_013,
      currency: 'CAD',
      toAccountLabel: 'TFSA',
      bankAccountMasked: '•••••210',
      date: '2026-11-26',
      url,
    });
    expect(mail.text.split('\n')[0]).toBe('Hello <b>Sam</b> Bcc: x,');
    expect(mail.html).not.toContain('<b>Sam</b>');
    expect(mail.text).toContain('$500.13');
  });
});
