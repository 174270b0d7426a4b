import type { PageLanguage } from '../../lib/pages/page-chrome.locales.ts';

/** Text of the server's sign-in pages; the French table must name every key (type-checked). */
export const securityPagesEn = {
  brand: 'Laurentide Investing',
  homeLink: 'Laurentide Investing, go to the start',
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
    'At least 12 characters; any characters, spaces too. A password that is common or has appeared in a data breach is refused. A password manager is welcome.',
  language: 'Preferred language',
  languageEn: 'English',
  languageFr: 'French',
  registerButton: 'Create account',
  summaryItem: '{field}: {message}',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  emailTaken: 'An account with this email address already exists. Sign in instead.',
  accountCreatedTitle: 'Your account is ready',
  accountCreatedIntro: 'You are signed in. You can now start your application.',
  accountCreatedVerify:
    'We sent a 6-digit code to {email}. Enter it from your dashboard to confirm your address: it is needed to sign an application or join a joint one.',
  continueButton: 'Continue',
  accountCreatedMfa:
    'We recommend turning on two-step verification: a code from an app on your phone, asked for after your password, keeps your account safe even if your password leaks.',
  accountCreatedMfaHeading: 'Recommended: two-step verification',
  accountCreatedMfaLink: 'Turn on two-step verification',
  forgotLink: 'Forgot your password?',
  tooManyRegistrations:
    'Too many accounts were created from your network in the last hour. Try again later.',
  signInBusy: 'Many people are signing in right now. Wait a few seconds, then try again.',
  mfaSetupRequired:
    'Your role must sign in with two-step verification, and none is set up for your account. Ask the operations administrator to set it up.',
  otpTitle: 'Enter your verification code',
  otpIntro: 'Your account is protected by two-step verification.',
  otpLabel: 'Verification code',
  otpHint:
    'The 6-digit code from your authenticator app, a code we texted you, or one of your recovery codes.',
  otpButton: 'Verify',
  otpRejected: 'This code is not right or was already used. Check it and try again.',
  otpRequired: 'Enter the verification code.',
  smsButton: 'Text me a code instead',
  smsSent: 'We texted a code to your phone. It works for 10 minutes.',
  smsTooMany: 'A code was sent less than a minute ago. Wait a moment, then ask again.',
  smsOtherWays:
    'You can sign in with the code from your authenticator app or with one of your recovery codes instead.',
  challengeExpired: 'Your sign-in took too long. Sign in again.',
  forgotTitle: 'Reset your password',
  forgotIntro:
    'Enter the email address of your account. We will send you a link to choose a new password.',
  forgotButton: 'Send me a link',
  forgotEmailRequired: 'Enter the email address of your account.',
  forgotSentTitle: 'Check your email',
  forgotSentIntro:
    'If an account uses {email}, we sent it a link to choose a new password. The link works for 30 minutes, once. No mail? Check your junk folder, or ask again in a few minutes.',
  backToSignIn: 'Back to sign in',
  resetTitle: 'Choose a new password',
  resetIntro:
    'Choose a new password for {email}. Every device signed in to your account will be signed out.',
  newPassword: 'New password',
  resetButton: 'Save the new password',
  resetInvalidTitle: 'This link no longer works',
  resetInvalidIntro:
    'Password reset links work for 30 minutes, once. Ask for a new one if you still need it.',
  askNewLink: 'Ask for a new link',
  redirectRefused:
    'This page was opened at another address than the site’s own, so signing in cannot go on here.',
  redirectRefusedIntro: 'Sign in at the site’s address, {site}.',
  redirectRefusedButton: 'Go to the sign-in page',
  resetDoneTitle: 'Your password is changed',
  resetDoneIntro:
    'Every device that was signed in to your account was signed out. Sign in with your new password.',
} as const;

type SecurityPagesText = Record<keyof typeof securityPagesEn, string>;

export const securityPagesFr = {
  brand: 'Placements Laurentide',
  homeLink: 'Placements Laurentide, aller au début',
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
    'Au moins 12 caractères, de tout type, espaces compris. Un mot de passe courant ou déjà divulgué lors d’une violation de données est refusé. Un gestionnaire de mots de passe est le bienvenu.',
  language: 'Langue de préférence',
  languageEn: 'Anglais',
  languageFr: 'Français',
  registerButton: 'Créer le compte',
  summaryItem: '{field} : {message}',
  haveAccount: 'Vous avez déjà un compte?',
  signInLink: 'Ouvrir une session',
  emailTaken: 'Un compte existe déjà avec cette adresse courriel. Ouvrez plutôt une session.',
  accountCreatedTitle: 'Votre compte est prêt',
  accountCreatedIntro: 'Votre session est ouverte. Vous pouvez maintenant commencer votre demande.',
  accountCreatedVerify:
    'Nous avons envoyé un code à 6 chiffres à {email}. Entrez-le à partir de votre tableau de bord pour confirmer votre adresse : c’est nécessaire pour signer une demande ou vous joindre à une demande conjointe.',
  continueButton: 'Continuer',
  accountCreatedMfa:
    'Nous vous recommandons d’activer la vérification en deux étapes : un code d’une application sur votre téléphone, demandé après votre mot de passe, protège votre compte même si votre mot de passe est divulgué.',
  accountCreatedMfaHeading: 'Recommandé : la vérification en deux étapes',
  accountCreatedMfaLink: 'Activer la vérification en deux étapes',
  forgotLink: 'Mot de passe oublié?',
  tooManyRegistrations:
    'Trop de comptes ont été créés à partir de votre réseau dans la dernière heure. Réessayez plus tard.',
  signInBusy:
    'Beaucoup de personnes ouvrent une session en ce moment. Attendez quelques secondes, puis réessayez.',
  mfaSetupRequired:
    'Votre rôle exige la vérification en deux étapes, et aucune n’est configurée pour votre compte. Demandez à l’administrateur des opérations de la configurer.',
  otpTitle: 'Entrez votre code de vérification',
  otpIntro: 'Votre compte est protégé par la vérification en deux étapes.',
  otpLabel: 'Code de vérification',
  otpHint:
    'Le code à 6 chiffres de votre application d’authentification, un code reçu par texto ou l’un de vos codes de récupération.',
  otpButton: 'Vérifier',
  otpRejected: 'Ce code n’est pas exact ou a déjà servi. Vérifiez-le, puis réessayez.',
  otpRequired: 'Entrez le code de vérification.',
  smsButton: 'M’envoyer plutôt un code par texto',
  smsSent: 'Nous avons envoyé un code par texto à votre téléphone. Il est valide 10 minutes.',
  smsTooMany:
    'Un code a été envoyé il y a moins d’une minute. Attendez un instant, puis redemandez.',
  smsOtherWays:
    'Vous pouvez plutôt ouvrir une session avec le code de votre application d’authentification ou avec l’un de vos codes de récupération.',
  challengeExpired: 'Votre ouverture de session a pris trop de temps. Recommencez.',
  forgotTitle: 'Réinitialiser votre mot de passe',
  forgotIntro:
    'Entrez l’adresse courriel de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  forgotButton: 'M’envoyer un lien',
  forgotEmailRequired: 'Entrez l’adresse courriel de votre compte.',
  forgotSentTitle: 'Consultez vos courriels',
  forgotSentIntro:
    'Si un compte utilise {email}, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien est valide 30 minutes et ne sert qu’une fois. Aucun courriel? Vérifiez vos courriels indésirables ou redemandez dans quelques minutes.',
  backToSignIn: 'Retour à l’ouverture de session',
  resetTitle: 'Choisir un nouveau mot de passe',
  resetIntro:
    'Choisissez un nouveau mot de passe pour {email}. Toutes les sessions ouvertes sur votre compte seront fermées.',
  newPassword: 'Nouveau mot de passe',
  resetButton: 'Enregistrer le nouveau mot de passe',
  resetInvalidTitle: 'Ce lien ne fonctionne plus',
  resetInvalidIntro:
    'Les liens de réinitialisation sont valides 30 minutes et ne servent qu’une fois. Demandez-en un nouveau au besoin.',
  askNewLink: 'Demander un nouveau lien',
  redirectRefused:
    'Cette page a été ouverte à une autre adresse que celle du site : l’ouverture de session ne peut pas continuer ici.',
  redirectRefusedIntro: 'Ouvrez une session à l’adresse du site, {site}.',
  redirectRefusedButton: 'Aller à la page d’ouverture de session',
  resetDoneTitle: 'Votre mot de passe est changé',
  resetDoneIntro:
    'Toutes les sessions ouvertes sur votre compte ont été fermées. Ouvrez une session avec votre nouveau mot de passe.',
} as const satisfies SecurityPagesText;

export type SecurityPagesLanguage = PageLanguage;

export function securityText(language: SecurityPagesLanguage): SecurityPagesText {
  return language === 'fr' ? securityPagesFr : securityPagesEn;
}
