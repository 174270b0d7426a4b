import { describe, expect, it } from 'vitest';
import { jointJoinedMail } from './joint-joined-mail.ts';

describe('the mail to the primary applicant when the joint applicant joins', () => {
  it('says it is their turn to sign, with the link, in English and French', () => {
    const url = 'https://portal.example.ca/#/application/abc/esign';
    const en = jointJoinedMail({
      language: 'en',
      primaryFirstName: 'Camille',
      jointName: 'Sam Roy',
      primarySignsNow: true,
      url,
    });
    expect(en.subject).toBe('Sam Roy joined your joint application');
    expect(en.text).toContain('Hello Camille,');
    expect(en.text).toContain('It’s your turn to sign. You sign first, then Sam Roy signs');
    expect(en.text).toContain(url);
    expect(en.html).toContain(`href="${url}"`);
    const fr = jointJoinedMail({
      language: 'fr',
      primaryFirstName: 'Camille',
      jointName: 'Sam Roy',
      primarySignsNow: false,
    });
    expect(fr.subject).toBe('Sam Roy a rejoint votre demande conjointe');
    expect(fr.text).toContain('Nous vous écrirons quand ce sera le moment de signer.');
  });

  it('escapes names in the HTML part and keeps the subject on one line', () => {
    const mail = jointJoinedMail({
      language: 'en',
      primaryFirstName: 'Camille',
      jointName: 'Sam <b>Roy</b>\r\nBcc: x@example.com',
      primarySignsNow: true,
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('Sam &#60;b&#62;Roy&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Roy');
  });
});
