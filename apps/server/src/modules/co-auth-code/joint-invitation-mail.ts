import { CO_AUTH_CODE_VALIDITY_HOURS } from '@portal/domain/rules/co-auth-code';
import { linkInLanguage } from '../../lib/http/language.ts';
import { composeMail } from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * The joint applicant's mails, in their language: the invitation (template `jointInvitation`)
 * sent when the primary applicant agrees to the review, and a new code (template `coAuthCode`)
 * sent when the joint applicant asks for one. Both say where to go, which address to sign in
 * with, the code and until when it is valid. Names come from what people typed: they are
 * flattened to one line for the subject and escaped for the HTML part.
 */

export interface CodeMailInput {
  language: MessageLanguage;
  /** The primary applicant's name as given on the application; a generic word when unknown. */
  inviterName?: string;
  /** The address the mail goes to, which is also the one to sign in with. */
  inviteeEmail: string;
  code: string;
  expiresAt: Date;
  /** The site's own address, without a trailing slash (`publicUrlOf`). */
  publicUrl: string;
}

/** Where the joint applicant enters the code (spec section 2, route `auth-code`). */
export const authCodeLink = (publicUrl: string) => `${publicUrl}/#/auth-code`;

/** The code's end, said in the dealer's time zone (the brokerage runs on Eastern time). */
function until(expiresAt: Date, language: MessageLanguage): string {
  const formatted = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(expiresAt);
  return language === 'fr' ? `${formatted} (heure de l'Est)` : `${formatted} Eastern Time`;
}

/** One line of at most 120 characters, without control characters (safe in a subject). */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Wording {
  subject: string;
  greeting: string;
  intro: string;
  steps: [string, string, string];
  validity: string;
  after: string;
  signature: string;
}

function inviterOf(input: CodeMailInput): string {
  const name = oneLine(input.inviterName ?? '');
  if (name) return name;
  return input.language === 'fr' ? 'Le demandeur principal' : 'The primary applicant';
}

function invitationWording(input: CodeMailInput, inviter: string): Wording {
  const hours = CO_AUTH_CODE_VALIDITY_HOURS;
  const expiry = until(input.expiresAt, input.language);
  if (input.language === 'fr') {
    return {
      subject: `${inviter} vous invite à une demande de compte conjoint`,
      greeting: 'Bonjour,',
      intro: `${inviter} vous invite à vous joindre, comme codemandeur, à sa demande d'ouverture de compte conjoint chez Placements Laurentide. Pour y participer, confirmez votre identité :`,
      steps: [
        'Allez à la page du code :',
        `Ouvrez une session avec cette adresse courriel : ${input.inviteeEmail}. Si vous n'avez pas encore de compte pour ouvrir une session, créez-en un avec cette même adresse.`,
        `Entrez ce code d'authentification : ${input.code}`,
      ],
      validity: `Le code est valide pendant ${hours} heures, soit jusqu'au ${expiry}. S'il expire, vous pourrez en demander un nouveau sur la même page.`,
      after:
        "Si vous ne vous attendiez pas à ce courriel, vous pouvez l'ignorer : rien ne se passe sans le code.",
      signature: 'Placements Laurentide',
    };
  }
  return {
    subject: `${inviter} invited you to a joint account application`,
    greeting: 'Hello,',
    intro: `${inviter} invited you to join their application for a joint account with Laurentide Investing, as the joint applicant. To take part, confirm it's you:`,
    steps: [
      'Go to the code page:',
      `Sign in with this email address: ${input.inviteeEmail}. If you don't have a sign-in account yet, create one with this same address.`,
      `Enter this authentication code: ${input.code}`,
    ],
    validity: `The code is valid for ${hours} hours, until ${expiry}. If it expires, you can ask for a new one on the same page.`,
    after:
      "If you weren't expecting this email, you can ignore it: nothing happens without the code.",
    signature: 'Laurentide Investing',
  };
}

function newCodeWording(input: CodeMailInput, inviter: string | undefined): Wording {
  const hours = CO_AUTH_CODE_VALIDITY_HOURS;
  const expiry = until(input.expiresAt, input.language);
  if (input.language === 'fr') {
    return {
      subject: "Votre nouveau code d'authentification",
      greeting: 'Bonjour,',
      intro: `Voici le nouveau code demandé pour vous joindre à la demande de compte conjoint ${
        inviter ? `de ${inviter}` : 'à laquelle vous êtes invité'
      }. Les codes précédents ne fonctionnent plus.`,
      steps: [
        'Allez à la page du code :',
        `Ouvrez une session avec cette adresse courriel : ${input.inviteeEmail}.`,
        `Entrez ce code d'authentification : ${input.code}`,
      ],
      validity: `Le code est valide pendant ${hours} heures, soit jusqu'au ${expiry}.`,
      after:
        "Si vous n'avez pas demandé de nouveau code, vous pouvez ignorer ce courriel : rien ne se passe sans le code.",
      signature: 'Placements Laurentide',
    };
  }
  return {
    subject: 'Your new authentication code',
    greeting: 'Hello,',
    intro: `Here is the new code you asked for, to join ${
      inviter
        ? `${inviter}'s joint account application`
        : 'the joint account application you were invited to'
    }. Earlier codes no longer work.`,
    steps: [
      'Go to the code page:',
      `Sign in with this email address: ${input.inviteeEmail}.`,
      `Enter this authentication code: ${input.code}`,
    ],
    validity: `The code is valid for ${hours} hours, until ${expiry}.`,
    after:
      "If you didn't ask for a new code, you can ignore this email: nothing happens without the code.",
    signature: 'Laurentide Investing',
  };
}

function render(wording: Wording, input: CodeMailInput): MessageContent {
  // In the invitee's language, whatever their browser says (A-minor 2).
  const link = linkInLanguage(authCodeLink(input.publicUrl), input.language);
  const [go, signIn, enter] = wording.steps;
  const text = [
    wording.greeting,
    '',
    wording.intro,
    '',
    `1. ${go} ${link}`,
    `2. ${signIn}`,
    `3. ${enter}`,
    '',
    wording.validity,
    '',
    wording.after,
    '',
    wording.signature,
  ].join('\n');
  const codeLabel = enter.slice(0, enter.length - input.code.length).trim();
  const bodyHtml = [
    `<p>${escapeHtml(wording.greeting)}</p>`,
    `<p>${escapeHtml(wording.intro)}</p>`,
    '<ol>',
    `<li>${escapeHtml(go)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`,
    `<li>${escapeHtml(signIn)}</li>`,
    `<li>${escapeHtml(codeLabel)} <strong style="font-size:1.5em;letter-spacing:0.2em">${escapeHtml(input.code)}</strong></li>`,
    '</ol>',
    `<p>${escapeHtml(wording.validity)}</p>`,
    `<p>${escapeHtml(wording.after)}</p>`,
    `<p>${escapeHtml(wording.signature)}</p>`,
  ].join('\n');
  return composeMail(input.language, { subject: oneLine(wording.subject), text, bodyHtml });
}

/** Template `jointInvitation`: who invited them, where to sign in, the code, until when. */
export function jointInvitationMail(input: CodeMailInput): MessageContent {
  return render(invitationWording(input, inviterOf(input)), input);
}

/** Template `coAuthCode`: the new code the joint applicant asked for. */
export function newCodeMail(input: CodeMailInput): MessageContent {
  return render(newCodeWording(input, oneLine(input.inviterName ?? '') || undefined), input);
}
