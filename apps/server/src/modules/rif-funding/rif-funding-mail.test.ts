import { describe, expect, it } from 'vitest';
import { rifPayoutConfirmationMail, type RifConfirmationInput } from './rif-funding-mail.ts';

const input: RifConfirmationInput = {
  language: 'en',
  firstName: 'Marie',
  changed: false,
  fundLabel: 'RRIF',
  frequency: 1,
  paidOn: '2027-01-15',
  grossCents: 15_432,
  withholdingCents: 1_543,
  netCents: 13_889,
  currency: 'CAD',
  destination: 'your bank account •••••210',
  url: 'https://portal.example.ca/#/home/funding/rif/1',
};

describe('the RRIF payout confirmation mail', () => {
  it('names the fund, the frequency, the first payment’s date and amounts in English', () => {
    const mail = rifPayoutConfirmationMail(input);
    expect(mail.subject).toBe('Your RRIF payments are set up');
    expect(mail.text).toContain('Payments from your RRIF are set up: monthly.');
    expect(mail.text).toContain(
      'The first payment is on January 15, 2027: $154.32 before tax, $15.43 withheld, $138.89 paid into your bank account •••••210.',
    );
  });

  it('is written in French for a French-speaking client, with French spacing', () => {
    const mail = rifPayoutConfirmationMail({
      ...input,
      language: 'fr',
      changed: true,
      fundLabel: 'FERR',
      destination: 'votre compte bancaire •••••210',
    });
    expect(mail.subject).toBe('Vos versements du FERR ont été modifiés');
    expect(mail.text).toContain(
      'Les versements de votre FERR ont été modifiés\u00a0: fréquence mensuelle.',
    );
    expect(mail.text).toContain('le 15 janvier 2027\u00a0: 154,32\u00a0$ avant impôt');
  });
});
