import { describe, expect, it } from 'vitest';
import { transferStatusMail, type TransferMailInput } from './transfer-mail.ts';

const input = (overrides: Partial<TransferMailInput> = {}): TransferMailInput => ({
  language: 'en',
  firstName: 'Camille',
  change: 'signed',
  institutionName: 'TD Direct Investing',
  accountMasked: '•••••456',
  toAccountLabel: 'TFSA',
  valueCents: 2_000_000,
  date: '2026-11-16',
  expected: { earliest: '2026-11-30', latest: '2026-11-30' },
  url: 'https://portal.example.ca/#/home/funding',
  ...overrides,
});

describe('transfer mails', () => {
  it('confirms a signed transfer with its value and expected date, the account masked', () => {
    const mail = transferStatusMail(input());
    expect(mail.subject).toBe('We received your signed transfer authorization');
    expect(mail.text).toContain('Hello Camille,');
    expect(mail.text).toContain('TD Direct Investing •••••456 (about $20,000.00) into your TFSA');
    expect(mail.text).toContain('We expect the assets on November 30, 2026.');
    expect(mail.html).toContain('https://portal.example.ca/?lang=en#/home/funding');
  });

  it('gives the window of a joint or spousal transfer, in French with French money and dates', () => {
    const mail = transferStatusMail(
      input({
        language: 'fr',
        toAccountLabel: 'CELI',
        expected: { earliest: '2026-12-02', latest: '2026-12-21' },
      }),
    );
    expect(mail.subject).toBe('Nous avons reçu votre autorisation de transfert signée');
    expect(mail.text).toMatch(/environ 20\s000,00\s\$/);
    expect(mail.text).toContain('entre le 2 décembre 2026 et le 21 décembre 2026');
    expect(mail.text).toContain('page Approvisionnement\u00a0:');
    expect(mail.html).toContain('lang="fr-CA"');
  });

  it('says what to check when the other institution declines, and names no window', () => {
    const mail = transferStatusMail(input({ change: 'declined', date: '2026-11-18' }));
    expect(mail.subject).toBe('The other institution declined your transfer');
    expect(mail.text).toContain('On November 18, 2026 the other institution declined');
    expect(mail.text).toContain('Check the account number and the account type');
    expect(mail.text).not.toContain('We expect the assets');
  });

  it('keeps a name from adding lines to the mail', () => {
    const mail = transferStatusMail(input({ change: 'cancelled', firstName: 'Cam\nBcc: x' }));
    expect(mail.text.split('\n')[0]).toBe('Hello Cam Bcc: x,');
  });
});
