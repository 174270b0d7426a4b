import type { PageLanguage } from '../../lib/pages/page-chrome.locales.ts';

/** Text of the server's sign-in pages; the French table must name every key (type-checked). */
export const securityPagesEn = {
  brand: 'Laurentide Investing',
  appTitle: 'Online Applications',
  signInTitle: 'Sign in',
  signInIntro: 'Sign in to open an account or continue your application.',
  email: 'Email address',
  password: 'Password',
  signInButton: 'Sign in',
  noAccount: "Don't have an account?",
  createAccountLink: 'Create an account',
  signInFailed: 'The email address or password is not right. Check them and try again.',
  signInLocked:
    'Too many attempts. For your security, signing in is paused for a few minutes. Try again later.',
  registerTitle: 'Create an account',
  registerIntro: 'Create your sign-in to start an application. It takes a minute.',
  firstName: 'First name',
  lastName: 'Last name',
  passwordHint:
    'At least 12 characters, mixing three of: lower-case letters, capital letters, numbers and symbols. Or a passphrase of 20 characters or more.',
  language: 'Preferred language',
  languageEn: 'English',
  languageFr: 'French',
  registerButton: 'Create account',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  emailTaken: 'An account with this email address already exists. Sign in instead.',
  accountCreatedTitle: 'Your account is ready',
  accountCreatedIntro: 'You are signed in. You can now start your application.',
  continueButton: 'Continue',
} as const;

type SecurityPagesText = Record<keyof typeof securityPagesEn, string>;

export const securityPagesFr = {
  brand: 'Placements Laurentide',
  appTitle: 'Demandes en ligne',
  signInTitle: 'Ouvrir une session',
  signInIntro: 'Ouvrez une session pour ouvrir un compte ou poursuivre votre demande.',
  email: 'Adresse courriel',
  password: 'Mot de passe',
  signInButton: 'Ouvrir une session',
  noAccount: "Vous n'avez pas de compte?",
  createAccountLink: 'Créer un compte',
  signInFailed:
    "L'adresse courriel ou le mot de passe n'est pas exact. Vérifiez-les, puis réessayez.",
  signInLocked:
    "Trop de tentatives. Pour votre sécurité, l'ouverture de session est suspendue quelques minutes. Réessayez plus tard.",
  registerTitle: 'Créer un compte',
  registerIntro: 'Créez votre accès pour commencer une demande. Cela prend une minute.',
  firstName: 'Prénom',
  lastName: 'Nom de famille',
  passwordHint:
    "Au moins 12 caractères, en combinant trois des éléments suivants : lettres minuscules, lettres majuscules, chiffres et symboles. Ou une phrase de passe d'au moins 20 caractères.",
  language: 'Langue de préférence',
  languageEn: 'Anglais',
  languageFr: 'Français',
  registerButton: 'Créer le compte',
  haveAccount: 'Vous avez déjà un compte?',
  signInLink: 'Ouvrir une session',
  emailTaken: 'Un compte existe déjà avec cette adresse courriel. Ouvrez plutôt une session.',
  accountCreatedTitle: 'Votre compte est prêt',
  accountCreatedIntro: 'Votre session est ouverte. Vous pouvez maintenant commencer votre demande.',
  continueButton: 'Continuer',
} as const satisfies SecurityPagesText;

export type SecurityPagesLanguage = PageLanguage;

export function securityText(language: SecurityPagesLanguage): SecurityPagesText {
  return language === 'fr' ? securityPagesFr : securityPagesEn;
}
