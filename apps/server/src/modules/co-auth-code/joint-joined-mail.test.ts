import { describe, expect, it } from 'vitest';
import { jointJoinedMail } from './joint-joined-mail.ts';

describe('the mail to the primary applicant when the joint applicant joins', () => {
  it('says it is their turn to sign, with the link, in English and French', () => {
    const url = 'https://portal.example.ca/#/application/abc/esign';
    const en = jointJoinedMail({
      language: 'en',
      primaryFirstName: 'Camille',
      jointName: 'Sam Roy',
      primaryTurn: 'sign',
      url,
    });
    expect(en.subject).toBe('Sam Roy joined your joint application');
    expect(en.text).toContain('Hello Camille,');
    expect(en.text).toContain("It's your turn to sign. You sign first, then Sam Roy signs");
    expect(en.text).toContain(url);
    expect(en.html).toContain(`href="${url}"`);
    const fr = jointJoinedMail({
      language: 'fr',
      primaryFirstName: 'Camille',
      jointName: 'Sam Roy',
      primaryTurn: null,
    });
    expect(fr.subject).toBe('Sam Roy a rejoint votre demande conjointe');
    expect(fr.text).toContain('Nous vous écrirons quand ce sera le moment de signer.');
  });

  it('asks a primary who has not confirmed their identity to confirm it now, with the link (A-M2)', () => {
    const url = 'https://portal.example.ca/#/application/abc/qualid';
    const en = jointJoinedMail({
      language: 'en',
      primaryFirstName: 'Camille',
      jointName: 'Sam Roy',
      primaryTurn: 'verifyIdentity',
      url,
    });
    expect(en.text).toContain('Now confirm your identity: it takes a few minutes.');
    expect(en.text).not.toContain('We’ll email you when it’s time to sign.');
    expect(en.text).toContain(`Sign in, then confirm your identity on this page: ${url}`);
    expect(en.html).toContain('Confirm my identity');
    const fr = jointJoinedMail({
      language: 'fr',
      primaryFirstName: 'Camille',
      jointName: 'Sam Roy',
      primaryTurn: 'verifyIdentity',
      url,
    });
    expect(fr.text).toContain(
      'Confirmez maintenant votre identité\u00a0: cela prend quelques minutes.',
    );
    expect(fr.text).toContain(
      'Quand Sam Roy aura confirmé la sienne, ce sera votre tour de signer',
    );
    expect(fr.html).toContain('Confirmer mon identité');
  });

  it('escapes names in the HTML part and keeps the subject on one line', () => {
    const mail = jointJoinedMail({
      language: 'en',
      primaryFirstName: 'Camille',
      jointName: 'Sam <b>Roy</b>\r\nBcc: x@example.com',
      primaryTurn: 'sign',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('Sam &#60;b&#62;Roy&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Roy');
  });
});
