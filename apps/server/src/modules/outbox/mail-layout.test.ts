import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS } from '@portal/domain/brand';
import { jointInvitationMail, newCodeMail } from '../co-auth-code/joint-invitation-mail.ts';
import { primaryTurnMail, underReviewMail } from '../esign/esign-mail.ts';
import {
  emailChangedMail,
  emailCodeMail,
  passwordChangedMail,
  passwordResetMail,
} from '../security/account-mail.ts';
import {
  composeLetter,
  composeMail,
  labelInSentence,
  MAIL_LAYOUT_MARK,
  mailLayout,
} from './mail-layout.ts';
import type { MessageContent, MessageLanguage } from './outbox.service.ts';

const publicUrl = 'https://portal.example.ca';
const hostile = 'Eve <b>"&\'</b>';
const escapedHostile = 'Eve &#60;b&#62;&#34;&#38;&#39;&#60;/b&#62;';
const codeMail = (language: MessageLanguage) => ({
  language,
  inviterName: hostile,
  inviteeEmail: 'alex@example.com',
  code: '0427',
  expiresAt: new Date('2026-12-02T15:30:00Z'),
  publicUrl,
});

/** Every mail template the product sends, with a person's typed text where it has one. */
const templates: [string, (language: MessageLanguage) => MessageContent][] = [
  ['emailCode', (l) => emailCodeMail(l, { code: '123456', publicUrl, minutes: 15 })],
  [
    'passwordReset',
    (l) => passwordResetMail(l, { link: `${publicUrl}/reset?t=1&u=2`, minutes: 30 }),
  ],
  ['passwordChanged', (l) => passwordChangedMail(l, { publicUrl })],
  ['emailChanged', (l) => emailChangedMail(l, { newEmail: `${hostile}@example.com` })],
  ['jointInvitation', (l) => jointInvitationMail(codeMail(l))],
  ['coAuthCode', (l) => newCodeMail(codeMail(l))],
  [
    'underReview',
    (l) =>
      underReviewMail(l, {
        firstName: hostile,
        dashboardUrl: `${publicUrl}/#/home/dashboard`,
        signedCopyUrl: `${publicUrl}/#/application/1/next-steps`,
      }),
  ],
  ...(['sign', 'verifyIdentity'] as const).map(
    (turn): [string, (language: MessageLanguage) => MessageContent] => [
      `primaryTurn (${turn})`,
      (l) =>
        primaryTurnMail(l, {
          firstName: hostile,
          jointName: hostile,
          turn,
          url: `${publicUrl}/#/application/1/${turn === 'sign' ? 'esign' : 'qualid'}`,
        }),
    ],
  ),
];

describe('mail layout', () => {
  describe.each(templates)('template %s', (_name, render) => {
    it.each(['en', 'fr'] as const)('has a text part and a branded HTML part (%s)', (language) => {
      const mail = render(language);
      expect(mail.subject.trim()).not.toBe('');
      expect(mail.text.trim()).not.toBe('');
      // Plain text: none of the layout's markup (a typed name stays as typed).
      expect(mail.text).not.toMatch(/<(p|a|table|br)[\s>]/);
      expect(mail.html).toContain(MAIL_LAYOUT_MARK);
      expect(mail.html).toContain(`lang="${language}-CA"`);
      expect(mail.html).toContain(
        language === 'fr' ? 'Placements Laurentide' : 'Laurentide Investing',
      );
      expect(mail.html).toContain(`border-bottom:4px solid ${BRAND_COLOURS.brand}`);
      expect(mail.html).not.toContain(hostile);
    });
  });

  it('escapes the names people typed in the HTML part', () => {
    expect(emailChangedMail('en', { newEmail: `${hostile}@example.com` }).html).toContain(
      `${escapedHostile}@example.com`,
    );
    expect(jointInvitationMail(codeMail('fr')).html).toContain(escapedHostile);
    expect(underReviewMail('en', { firstName: hostile }).html).toContain(
      `Hello ${escapedHostile},`,
    );
  });

  it('escapes the subject in the document title and keeps the text part as written', () => {
    const mail = composeMail('en', {
      subject: 'A <b> & c',
      text: 'Hello <b>',
      bodyHtml: '<p>x</p>',
    });
    expect(mail.html).toContain('<title>A &#60;b&#62; &#38; c</title>');
    expect(mail.text).toBe('Hello <b>');
  });

  it('draws the logo as text in the brand colours, with no image to load', () => {
    const html = mailLayout('fr', { subject: 'Objet', bodyHtml: '<p>Bonjour</p>' });
    expect(html).toContain(`color:${BRAND_COLOURS.brand}`);
    expect(html).toContain('&nbsp;Laurentide</span>');
    expect(html).toContain('role="img" aria-label="Placements Laurentide"');
    expect(html).not.toMatch(/<img|<svg|<script/);
  });
});

describe('a coded choice inside a sentence', () => {
  const codes = { monthly: 'M', twiceMonthly: 'S' } as const;
  const labels = {
    monthly: { en: 'Monthly', fr: 'Mensuelle' },
    twiceMonthly: { en: 'Twice a month', fr: 'Deux fois par mois' },
  };

  it('gives the label of the code in the language, lower-cased at its start only', () => {
    expect(labelInSentence(codes, labels, 'S', 'en')).toBe('twice a month');
    expect(labelInSentence(codes, labels, 'M', 'fr')).toBe('mensuelle');
  });

  it('gives nothing for a value without a code', () => {
    expect(labelInSentence(codes, labels, 'X' as never, 'en')).toBe('');
  });
});

describe('a letter: paragraphs, where to go, the closing', () => {
  const link = { intro: 'Your dashboard:', url: 'https://portal.example.ca/#/home', button: 'Go' };

  it('writes the address out and draws it as a button, in both parts, before the closing, in the letter’s language', () => {
    const mail = composeLetter('en', {
      subject: 'Hello',
      paragraphs: ['Hello Zoé,', 'Your account <is> open.'],
      link,
      closing: 'Laurentide Investing',
    });
    expect(mail.text).toBe(
      'Hello Zoé,\n\nYour account <is> open.\n\nYour dashboard: https://portal.example.ca/?lang=en#/home\n\nLaurentide Investing',
    );
    expect(mail.html).toContain('<p>Your account &#60;is&#62; open.</p>');
    expect(mail.html).toContain(
      '<p>Your dashboard: <a href="https://portal.example.ca/?lang=en#/home">https://portal.example.ca/?lang=en#/home</a></p>',
    );
    const html = mail.html ?? '';
    expect(html).toContain('href="https://portal.example.ca/?lang=en#/home" style=');
    expect(html.indexOf('>Go</a>')).toBeGreaterThan(0);
    expect(html.indexOf('>Go</a>')).toBeLessThan(html.indexOf('Laurentide Investing</p>'));
  });

  it('keeps a block’s own HTML and text, and draws no button without a link', () => {
    const mail = composeLetter('fr', {
      subject: 'Bonjour',
      paragraphs: ['Bonjour,', { text: ['- CELI : 123'], html: '<ul><li>CELI : 123</li></ul>' }],
      closing: 'Placements Laurentide',
    });
    expect(mail.text).toBe('Bonjour,\n\n- CELI : 123\n\nPlacements Laurentide');
    expect(mail.html).toContain('<ul><li>CELI : 123</li></ul>');
    expect(mail.html).not.toContain('<a ');
  });
});
