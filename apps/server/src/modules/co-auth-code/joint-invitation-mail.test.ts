import { describe, expect, it } from 'vitest';
import {
  authCodeLink,
  jointInvitationMail,
  newCodeMail,
  oneLine,
} from './joint-invitation-mail.ts';

const base = {
  inviteeEmail: 'alex@example.com',
  code: '0427',
  // 15:30 UTC is 10:30 in Toronto in winter.
  expiresAt: new Date('2026-12-02T15:30:00Z'),
  publicUrl: 'https://portal.example.ca',
};

describe('the joint applicant’s mails', () => {
  it('invite in English: who, where, which address, the code, until when', () => {
    const mail = jointInvitationMail({ ...base, language: 'en', inviterName: 'Camille Tremblay' });
    expect(mail.subject).toBe('Camille Tremblay invited you to a joint account application');
    expect(mail.text).toContain('Camille Tremblay invited you to join their application');
    expect(mail.text).toContain(
      '1. Go to the code page: https://portal.example.ca/?lang=en#/auth-code',
    );
    expect(mail.text).toContain('2. Sign in with this email address: alex@example.com.');
    expect(mail.text).toContain('3. Enter this authentication code: 0427');
    expect(mail.text).toContain(
      'The code is valid for 24 hours, until December 2, 2026 at 10:30 a.m. Eastern Time.',
    );
    expect(mail.html).toContain(
      '<a href="https://portal.example.ca/?lang=en#/auth-code">https://portal.example.ca/?lang=en#/auth-code</a>',
    );
  });

  it('invite in French, in natural Canadian French', () => {
    const mail = jointInvitationMail({ ...base, language: 'fr', inviterName: 'Camille Tremblay' });
    expect(mail.subject).toBe('Camille Tremblay vous invite à une demande de compte conjoint');
    expect(mail.text).toContain(
      "sa demande d'ouverture de compte conjoint chez Placements Laurentide",
    );
    expect(mail.text).toContain(
      'Ouvrez une session avec cette adresse courriel : alex@example.com.',
    );
    expect(mail.text).toContain("3. Entrez ce code d'authentification : 0427");
    expect(mail.text).toMatch(/valide pendant 24 heures, soit jusqu'au 2 décembre 2026 à 10 h 30/);
    expect(mail.text).toContain("(heure de l'Est)");
  });

  it('escapes names in the HTML part and keeps the subject on one line', () => {
    const mail = jointInvitationMail({
      ...base,
      language: 'en',
      inviterName: 'Eve <script>alert(1)</script>\r\nBcc: x@example.com',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(oneLine('  a\u0000b\n\tc  ')).toBe('a b c');
  });

  it('sends a new code, with or without the inviter’s name', () => {
    const named = newCodeMail({ ...base, language: 'en', inviterName: 'Camille Tremblay' });
    expect(named.subject).toBe('Your new authentication code');
    expect(named.text).toContain("to join Camille Tremblay's joint account application");
    expect(named.text).toContain('Earlier codes no longer work.');
    expect(named.text).toContain('3. Enter this authentication code: 0427');
    const unnamed = newCodeMail({ ...base, language: 'fr' });
    expect(unnamed.subject).toBe("Votre nouveau code d'authentification");
    expect(unnamed.text).toContain('à la demande de compte conjoint à laquelle vous êtes invité');
    expect(authCodeLink('http://localhost:8080')).toBe('http://localhost:8080/#/auth-code');
  });
});
