import { describe, expect, it } from 'vitest';
import { MAIL_LAYOUT_MARK } from '../outbox/mail-layout.ts';
import {
  expressInvitationMailTextEn,
  expressInvitationMailTextFr,
} from './express-invitation-mail.locales.ts';
import { expressActionLink, expressInvitationMail } from './express-invitation-mail.ts';

const link = expressActionLink('https://portal.example', 'tok_en-123');
const input = {
  advisorName: 'Marc <b>Gagnon</b>\r\nBcc: x@example.com',
  investorFirstName: 'Élise',
  accountTypes: ['tfsa', 'cash'] as const,
  link,
  expiresAt: new Date('2026-12-04T17:00:00Z'),
};

describe('the express invitation mail', () => {
  it('names every key in French as in English', () => {
    expect(Object.keys(expressInvitationMailTextFr).sort()).toEqual(
      Object.keys(expressInvitationMailTextEn).sort(),
    );
  });

  it('says who invites, what is proposed, the link and until when, in English', () => {
    const mail = expressInvitationMail({ ...input, language: 'en' });
    expect(link).toBe('https://portal.example/#/action?token=tok_en-123');
    // The mail's link opens the page in the investor's language.
    const mailed = 'https://portal.example/?lang=en#/action?token=tok_en-123';
    expect(mail.subject).toBe(
      'Marc <b>Gagnon</b> Bcc: x@example.com invites you to open your account online',
    );
    expect(mail.text).toContain('Hello Élise,');
    expect(mail.text).toContain('Accounts proposed:\n- TFSA\n- Cash account');
    expect(mail.text).toContain(mailed);
    expect(mail.text).toContain('December 4, 2026 at 12:00 p.m. Eastern Time');
    expect(mail.html).toContain(MAIL_LAYOUT_MARK);
    expect(mail.html).toContain('Marc &#60;b&#62;Gagnon');
    expect(mail.html).not.toContain('<b>Gagnon');
    expect(mail.html).toContain(`href="${mailed}"`);
  });

  it('speaks French to a French investor', () => {
    const mail = expressInvitationMail({ ...input, advisorName: 'Marc Gagnon', language: 'fr' });
    expect(mail.subject).toBe('Marc Gagnon vous invite à ouvrir votre compte en ligne');
    expect(mail.text).toContain('Bonjour Élise,');
    expect(mail.text).toContain('Comptes proposés');
    expect(mail.text).toContain('- CELI\n- Compte au comptant');
    expect(mail.text).toContain('4 décembre 2026');
    expect(mail.text).toContain("(heure de l'Est)");
    expect(mail.html).toContain('lang="fr-CA"');
  });
});
