import { CO_AUTH_CODE_DIGITS } from '../rules/co-auth-code.ts';

/**
 * Messages of the joint applicant's authentication code (spec sections 5 and 8), keyed as the
 * API's `errorCode`s and the code's rules emit them. Spread into messages.ts; the French table
 * must name every English key.
 */
export const codeMessagesEn = {
  coAuthCodeMismatch: 'Oops, looks like the code does not match.',
  coAuthCodeExpired: 'Code expired.',
  coAuthCodeMaxAttempts: 'Failed maximum number of attempts.',
  coAuthCodeRequired: 'Enter the code from your email.',
  coAuthCodeFormat: `Enter the ${CO_AUTH_CODE_DIGITS}-digit code from your email, like 1234.`,
  coAuthCodeNotFound:
    'There is no invitation waiting for the email address you signed in with. Sign in with the address the invitation was sent to.',
  coAuthCodeResendTooSoon:
    'We sent you a code a moment ago. Wait a minute before asking for another one.',
  coAuthCodeResendLimit:
    'You have asked for as many new codes as we can send today. Use the last code we sent, or try again tomorrow.',
  coAuthCodeClosed: 'This invitation can no longer be accepted.',
} as const;

export const codeMessagesFr = {
  coAuthCodeMismatch: 'Oups! On dirait que le code ne correspond pas.',
  coAuthCodeExpired: 'Code expiré.',
  coAuthCodeMaxAttempts: 'Nombre maximal de tentatives atteint.',
  coAuthCodeRequired: 'Entrez le code reçu par courriel.',
  coAuthCodeFormat: `Entrez le code à ${CO_AUTH_CODE_DIGITS} chiffres reçu par courriel, par exemple 1234.`,
  coAuthCodeNotFound:
    "Aucune invitation n'attend l'adresse courriel avec laquelle vous avez ouvert une session. Ouvrez une session avec l'adresse à laquelle l'invitation a été envoyée.",
  coAuthCodeResendTooSoon:
    "Nous venons de vous envoyer un code. Attendez une minute avant d'en demander un autre.",
  coAuthCodeResendLimit:
    "Vous avez demandé tous les nouveaux codes que nous pouvons envoyer aujourd'hui. Utilisez le dernier code reçu ou réessayez demain.",
  coAuthCodeClosed: 'Cette invitation ne peut plus être acceptée.',
} as const satisfies Record<keyof typeof codeMessagesEn, string>;
