import { composeMail, mailButton, mailParagraphs } from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';
import { linkInLanguage } from '../../lib/http/language.ts';

/**
 * The mails and texts of account security (issue 11), in the recipient's language: the email
 * verification code, the password-reset link, the notice that a password or an address changed,
 * and the sign-in and set-up codes sent by text message. Codes and links live only here and in
 * the encrypted outbox; nothing here is logged.
 */

/** Both parts of a mail: the text, and the same words in the shared mail layout. */
function mail(
  language: MessageLanguage,
  subject: string,
  lines: readonly string[],
  link?: { href: string; label: string },
): MessageContent {
  // The page the link opens speaks the recipient's language, whatever their browser's (A-minor 2).
  const href = link && linkInLanguage(link.href, language);
  // French puts a no-break space before the colon, as the catalogues do.
  const colon = language === 'fr' ? '\u00a0:' : ':';
  const text = [...lines, ...(link ? [`${link.label}${colon} ${href}`] : [])].join('\n\n');
  const bodyHtml = `${mailParagraphs(lines)}${link && href ? `\n${mailButton(href, link.label)}` : ''}`;
  return composeMail(language, { subject, text, bodyHtml });
}

const SIGNATURE = {
  en: 'Laurentide Investing',
  fr: 'Placements Laurentide',
} as const;

/** Where the client's page to enter the code is (the mail names it, the page also asks). */
export const verifyEmailLink = (publicUrl: string) => `${publicUrl}/#/home/verify-email`;
export const resetPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl}/security/reset-password?token=${encodeURIComponent(token)}`;

export function emailCodeMail(
  language: MessageLanguage,
  { code, publicUrl, minutes }: { code: string; publicUrl: string; minutes: number },
): MessageContent {
  const link = verifyEmailLink(publicUrl);
  return language === 'fr'
    ? mail(
        'fr',
        `Votre code de vérification : ${code}`,
        [
          'Bonjour,',
          `Pour confirmer que cette adresse courriel est la vôtre, entrez ce code dans votre espace client : ${code}`,
          `Le code est valide ${minutes} minutes et ne sert qu'une fois.`,
          "Si vous n'avez rien demandé, ignorez ce courriel : votre adresse ne sera pas utilisée.",
          SIGNATURE.fr,
        ],
        { href: link, label: 'Confirmer mon adresse' },
      )
    : mail(
        'en',
        `Your verification code: ${code}`,
        [
          'Hello,',
          `To confirm this email address is yours, enter this code in your client area: ${code}`,
          `The code works for ${minutes} minutes, once.`,
          'If you did not ask for it, ignore this email: your address will not be used.',
          SIGNATURE.en,
        ],
        { href: link, label: 'Confirm my address' },
      );
}

export function passwordResetMail(
  language: MessageLanguage,
  { link, minutes }: { link: string; minutes: number },
): MessageContent {
  return language === 'fr'
    ? mail(
        'fr',
        'Réinitialiser votre mot de passe',
        [
          'Bonjour,',
          `Quelqu'un (vous, nous l'espérons) a demandé à réinitialiser le mot de passe de votre compte. Le lien ci-dessous est valide ${minutes} minutes et ne sert qu'une fois.`,
          "Si vous n'avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.",
          SIGNATURE.fr,
        ],
        { href: link, label: 'Choisir un nouveau mot de passe' },
      )
    : mail(
        'en',
        'Reset your password',
        [
          'Hello,',
          `Someone (we hope you) asked to reset your account's password. The link below works for ${minutes} minutes, once.`,
          'If you did not ask, ignore this email: your password stays as it is.',
          SIGNATURE.en,
        ],
        { href: link, label: 'Choose a new password' },
      );
}

export function passwordChangedMail(
  language: MessageLanguage,
  { publicUrl }: { publicUrl: string },
): MessageContent {
  const signIn = `${publicUrl}/security/login`;
  return language === 'fr'
    ? mail(
        'fr',
        'Votre mot de passe a été changé',
        [
          'Bonjour,',
          "Le mot de passe de votre compte vient d'être changé, et toutes vos sessions ouvertes ont été fermées.",
          "Si ce n'est pas vous, réinitialisez votre mot de passe sans attendre à partir de la page de connexion (« Mot de passe oublié? ») et communiquez avec nous.",
          SIGNATURE.fr,
        ],
        { href: signIn, label: 'Page de connexion' },
      )
    : mail(
        'en',
        'Your password was changed',
        [
          'Hello,',
          "Your account's password was just changed, and every session you had open was signed out.",
          'If this was not you, reset your password at once from the sign-in page ("Forgot your password?") and contact us.',
          SIGNATURE.en,
        ],
        { href: signIn, label: 'Sign-in page' },
      );
}

export function emailChangedMail(
  language: MessageLanguage,
  { newEmail }: { newEmail: string },
): MessageContent {
  return language === 'fr'
    ? mail('fr', 'Votre adresse courriel a été changée', [
        'Bonjour,',
        `L'adresse courriel de votre compte est maintenant ${newEmail}. Les prochains courriels iront à cette adresse.`,
        "Si ce n'est pas vous, communiquez avec nous sans attendre.",
        SIGNATURE.fr,
      ])
    : mail('en', 'Your email address was changed', [
        'Hello,',
        `Your account's email address is now ${newEmail}. Mail will go there from now on.`,
        'If this was not you, contact us at once.',
        SIGNATURE.en,
      ]);
}

/** A text message: the subject is only for the sandbox mailbox's list. */
export function smsCodeText(
  language: MessageLanguage,
  { code, purpose }: { code: string; purpose: 'smsSignIn' | 'smsSetup' },
): MessageContent {
  const text =
    language === 'fr'
      ? `${SIGNATURE.fr} : votre code ${purpose === 'smsSignIn' ? 'de connexion' : 'de vérification'} est ${code}. Ne le communiquez à personne.`
      : `${SIGNATURE.en}: your ${purpose === 'smsSignIn' ? 'sign-in' : 'verification'} code is ${code}. Never share it.`;
  return { subject: text.slice(0, 60), text };
}
