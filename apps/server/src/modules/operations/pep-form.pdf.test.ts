import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pepFormMail } from './pep-form-mail.ts';
import { remindersDue } from './pep-form.job.ts';
import { renderPepForm } from './pep-form.pdf.ts';

describe('the PEP/HIO form', () => {
  it('renders the blank form in English, then in French, on letter pages', async () => {
    const bytes = await renderPepForm(new Date('2026-11-26T12:00:00Z'));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getTitle()).toContain('(PEP/HIO) form');
    expect(pdf.getTitle()).toContain('(PPE/DOI)');
    const { width, height } = pdf.getPage(0).getSize();
    expect([width, height]).toEqual([612, 792]);
  });

  it('mails the due date in the applicant’s language, the reminder saying so', () => {
    const en = pepFormMail('en', { firstName: 'Camille', dueOn: '2026-12-14', reminder: false });
    expect(en.subject).toBe('Your PEP/HIO form is due by December 14, 2026');
    const fr = pepFormMail('fr', {
      firstName: '<Camille>',
      dueOn: '2026-12-14',
      reminder: true,
      dashboardUrl: 'https://portal.test/#/home/dashboard',
    });
    expect(fr.subject).toBe(
      "Rappel : votre formulaire PPE/DOI est attendu d'ici le 14 décembre 2026",
    );
    expect(fr.html).toContain('Camille');
    expect(fr.html).not.toContain('<Camille>');
    expect(fr.text).toContain('https://portal.test/?lang=fr#/home/dashboard');
  });

  it('counts the mails due: the notice, then one at 7 and one at 14 days (Toronto days)', () => {
    const submitted = new Date('2026-11-02T15:00:00Z');
    const at = (days: number, hour = 15) => new Date(Date.UTC(2026, 10, 2 + days, hour));
    expect(remindersDue(submitted, at(0))).toBe(1);
    expect(remindersDue(submitted, at(6))).toBe(1);
    // 7 days later at 01:00 UTC is still the 6th day in Toronto.
    expect(remindersDue(submitted, at(7, 1))).toBe(1);
    expect(remindersDue(submitted, at(7))).toBe(2);
    expect(remindersDue(submitted, at(14))).toBe(3);
    expect(remindersDue(submitted, at(40))).toBe(3);
  });
});
