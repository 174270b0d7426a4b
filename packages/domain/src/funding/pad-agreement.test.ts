import { describe, expect, it } from 'vitest';
import { SUPPORT_PHONE } from '../brand.ts';
import {
  padAgreementSections,
  padAgreementTitle,
  padCancellationRule,
  padWaiverText,
  PAD_PAYEE_CONTACT,
  type PadAgreementDetails,
} from './pad-agreement.ts';

const monthly: PadAgreementDetails = {
  payorNames: ['Camille Tremblay'],
  bankAccountMasked: '•••••123',
  institutionName: 'Desjardins',
  amountText: '$250.00',
  frequencyLabel: 'Monthly',
  startDate: '2026-04-14',
  oneTime: false,
  preNotificationWaived: false,
};

const text = (sections: { heading: string; paragraphs: string[] }[]) =>
  sections.map((section) => [section.heading, ...section.paragraphs].join('\n')).join('\n');

describe('padAgreementSections', () => {
  it('says the seven things Rule H1 requires, in order, in both languages', () => {
    const ids = [
      'authorization',
      'account',
      'padType',
      'amountTiming',
      'cancellation',
      'payeeContact',
      'recourse',
    ];
    expect(padAgreementSections('en', monthly).map((section) => section.id)).toEqual(ids);
    expect(padAgreementSections('fr', monthly).map((section) => section.id)).toEqual(ids);
  });

  it('names the payor, the masked account, the amount, frequency and start date', () => {
    const en = text(padAgreementSections('en', monthly));
    expect(en).toContain('You, Camille Tremblay, authorize Laurentide Investing');
    expect(en).toContain('•••••123 at Desjardins');
    expect(en).toContain('A debit of $250.00, monthly, from April 14, 2026 until you cancel');
    expect(en).toContain('Personal PAD');
  });

  it('says the cancellation notice (10 business days, never more than 30) and where to find a form', () => {
    const en = padAgreementSections('en', monthly).find((section) => section.id === 'cancellation');
    expect(en?.paragraphs.join(' ')).toContain('10 business days');
    expect(en?.paragraphs.join(' ')).toContain('more than 30 days’ notice');
    expect(en?.paragraphs.join(' ')).toContain('sample cancellation form');
    expect(en?.paragraphs.join(' ')).toContain('www.payments.ca');
  });

  it('carries the standard recourse clause with the 90-day claim window', () => {
    const [en] = padAgreementSections('en', monthly).filter((section) => section.id === 'recourse');
    expect(en?.paragraphs[0]).toMatch(
      /^You have certain recourse rights if any debit does not comply with this agreement\. For example, you have the right to receive reimbursement for any debit that is not authorized or is not consistent with this PAD Agreement\./,
    );
    expect(en?.paragraphs[1]).toContain('within 90 calendar days');
    const [fr] = padAgreementSections('fr', monthly).filter((section) => section.id === 'recourse');
    expect(fr?.paragraphs[0]).toContain('Vous disposez de certains droits de recours');
    expect(fr?.paragraphs[0]).toContain('www.paiements.ca');
    expect(fr?.paragraphs[1]).toContain('dans les 90 jours civils');
  });

  it('gives the payee’s contact: the support line every other page and mail names', () => {
    const en = text(padAgreementSections('en', monthly));
    expect(en).toContain(SUPPORT_PHONE.display);
    expect(en).toContain(PAD_PAYEE_CONTACT.email);
    expect(text(padAgreementSections('fr', monthly))).toContain(
      'Placements Laurentide, service à la clientèle',
    );
  });

  it('promises the 10-day notice unless it was waived', () => {
    expect(text(padAgreementSections('en', monthly))).toContain(
      'at least 10 calendar days before it',
    );
    const waived = text(padAgreementSections('en', { ...monthly, preNotificationWaived: true }));
    expect(waived).toContain('You waived the written notice');
    expect(waived).not.toContain('at least 10 calendar days before it');
  });

  it('writes a one-time agreement that ends after its single debit', () => {
    const oneTime = { ...monthly, oneTime: true, frequencyLabel: 'One time' };
    const en = text(padAgreementSections('en', oneTime));
    expect(en).toContain('One debit of $250.00 on April 14, 2026');
    expect(en).toContain('ends by itself');
    expect(en).not.toContain('until you cancel');
    expect(padAgreementTitle('en', true)).toBe('One-time pre-authorized debit agreement');
  });

  it('writes the French agreement in French', () => {
    const fr = text(
      padAgreementSections('fr', {
        ...monthly,
        amountText: '250,00\u00a0$',
        frequencyLabel: 'Chaque mois',
      }),
    );
    expect(fr).toContain('Vous, Camille Tremblay, autorisez Placements Laurentide');
    expect(fr).toContain('Un débit de 250,00\u00a0$, chaque mois, à partir du 14 avril 2026');
    expect(fr).toContain('DPA personnel');
    expect(fr).not.toMatch(/\b(the|you|debit)\b/);
    expect(padAgreementTitle('fr', false)).toBe('Accord de débits préautorisés');
  });

  it('names both holders of a joint bank account', () => {
    const joint = { ...monthly, payorNames: ['Camille Tremblay', 'Alex Martin'] };
    expect(text(padAgreementSections('en', joint))).toContain('Camille Tremblay and Alex Martin');
    expect(text(padAgreementSections('fr', joint))).toContain('Camille Tremblay et Alex Martin');
    expect(text(padAgreementSections('en', joint))).toContain('Every holder of the bank account');
  });

  it('never claims an identity check the person has not been through yet (it shows before identity verification)', () => {
    for (const details of [monthly, { ...monthly, acceptedAt: '2026-04-01T14:05:00Z' }]) {
      const en = text(padAgreementSections('en', details));
      const fr = text(padAgreementSections('fr', details));
      expect(en).not.toMatch(/verified your identity/);
      expect(fr).not.toMatch(/vérification de votre identité/);
      // H1's authorization: the payor's consent, their identity checked by a reasonable means.
      expect(en).toMatch(/signed in to your account with us with your verified email address/);
      expect(fr).toMatch(/adresse courriel vérifiée/);
    }
  });

  it('states one cancellation rule, the one the mails state too', () => {
    for (const language of ['en', 'fr'] as const) {
      for (const oneTime of [true, false]) {
        const cancellation = padAgreementSections(language, { ...monthly, oneTime }).find(
          (section) => section.id === 'cancellation',
        )!;
        expect(cancellation.paragraphs[0]).toBe(padCancellationRule(language, oneTime));
      }
    }
    expect(padCancellationRule('en', false)).toMatch(
      /^Until the first debit is sent to your bank, you may cancel this agreement on your funding page/,
    );
    expect(padCancellationRule('fr', true)).toMatch(/page d’approvisionnement/);
  });

  it('dates the acceptance once accepted, in Eastern time', () => {
    const accepted = { ...monthly, acceptedAt: '2026-04-01T14:05:00Z' };
    expect(text(padAgreementSections('en', accepted))).toMatch(
      /accepted this agreement online on April 1, 2026.*10:05/,
    );
    expect(text(padAgreementSections('fr', accepted))).toMatch(
      /accepté cet accord en ligne le 1er avril 2026.*10 h 05/,
    );
  });
});

describe('padWaiverText', () => {
  it('waives the 10-day notice and confirmation, in each language', () => {
    expect(padWaiverText('en')).toMatch(
      /^I waive my right to receive, at least 10 calendar days before the first debit/,
    );
    expect(padWaiverText('fr')).toMatch(
      /^Je renonce à recevoir, au moins 10 jours civils avant le premier débit/,
    );
  });
});
