import type { PageLanguage } from '../../lib/pages/page-chrome.locales.ts';

/** Text of the sandbox bank-connection frame; the French table must name every key (type-checked). */
export const connectPagesEn = {
  brand: 'Sandbox bank connection',
  sandboxNotice:
    'This is the sandbox bank-connection service used for demonstrations and tests. No real bank is contacted: any username and password connects (see the sandbox guide for the other outcomes).',
  connectTitle: 'Connect your bank',
  connectIntro:
    'Choose your bank and sign in as you do on its website. We read your account details once, to set up your deposits; we never see or keep your password.',
  institutionLegend: 'Your bank',
  username: 'Username',
  password: 'Password',
  connectButton: 'Connect',
  institutionRequired: 'Choose your bank.',
  usernameRequired: 'Enter your username.',
  passwordRequired: 'Enter your password.',
  wrongPassword: 'The username or password is not right. Check them and try again.',
  questionTitle: 'Answer your security question',
  questionIntro: '{institution} asks its security question before it lets you in.',
  question: 'What was the name of your first pet?',
  answer: 'Answer',
  continueButton: 'Continue',
  answerRequired: 'Enter your answer.',
  wrongAnswer: 'That answer is not right. Try again.',
  connectedTitle: 'Connected, you can return',
  connectedText: 'Your bank is connected. Return to your application to choose the account to use.',
  pendingTitle: 'Your bank is still answering',
  pendingText:
    'Your bank is taking longer than usual to send your account details. You can return to your application: it will show your accounts as soon as they arrive (within 30 minutes).',
  failedTitle: 'We could not connect to your bank',
  failedText:
    'The connection service is not available right now. Please try again later, or upload a void cheque instead.',
  notFoundTitle: 'We can’t find this connection',
  notFoundText:
    'The address is not complete or no longer exists. Start the bank connection again from your application.',
  closedTitle: 'This connection is closed',
  closedText:
    'This bank connection has already finished or was replaced by a newer one. Return to your application to start again.',
  refusedTitle: 'We couldn’t take this request',
  refusedText:
    'The form was not sent from this page, or it is out of date. Start the bank connection again from your application.',
} as const;

type ConnectPagesText = Record<keyof typeof connectPagesEn, string>;

export const connectPagesFr = {
  brand: 'Connexion bancaire (bac à sable)',
  sandboxNotice:
    'Ceci est le service de connexion bancaire du bac à sable, utilisé pour les démonstrations et les essais. Aucune vraie banque n’est jointe\u00a0: tout nom d’utilisateur et tout mot de passe permettent de se connecter (voyez le guide du bac à sable pour les autres résultats).',
  connectTitle: 'Connecter votre banque',
  connectIntro:
    'Choisissez votre banque et connectez-vous comme sur son site Web. Nous lisons une seule fois les renseignements de votre compte pour préparer vos dépôts; nous ne voyons ni ne gardons votre mot de passe.',
  institutionLegend: 'Votre banque',
  username: 'Nom d’utilisateur',
  password: 'Mot de passe',
  connectButton: 'Connexion',
  institutionRequired: 'Choisissez votre banque.',
  usernameRequired: 'Entrez votre nom d’utilisateur.',
  passwordRequired: 'Entrez votre mot de passe.',
  wrongPassword:
    'Le nom d’utilisateur ou le mot de passe n’est pas exact. Vérifiez-les et réessayez.',
  questionTitle: 'Répondez à votre question de sécurité',
  questionIntro: '{institution} pose sa question de sécurité avant de vous laisser entrer.',
  question: 'Quel était le nom de votre premier animal\u00a0?',
  answer: 'Réponse',
  continueButton: 'Continuer',
  answerRequired: 'Entrez votre réponse.',
  wrongAnswer: 'Cette réponse n’est pas exacte. Réessayez.',
  connectedTitle: 'Connexion réussie, vous pouvez revenir',
  connectedText:
    'Votre banque est connectée. Retournez à votre demande pour choisir le compte à utiliser.',
  pendingTitle: 'Votre banque n’a pas encore répondu',
  pendingText:
    'Votre banque met plus de temps que d’habitude à envoyer les renseignements de vos comptes. Vous pouvez retourner à votre demande\u00a0: vos comptes y paraîtront dès leur arrivée (d’ici 30 minutes).',
  failedTitle: 'Nous n’avons pas pu joindre votre banque',
  failedText:
    'Le service de connexion n’est pas disponible pour le moment. Veuillez réessayer plus tard ou téléverser plutôt un chèque annulé.',
  notFoundTitle: 'Nous ne trouvons pas cette connexion',
  notFoundText:
    'L’adresse est incomplète ou n’existe plus. Recommencez la connexion bancaire à partir de votre demande.',
  closedTitle: 'Cette connexion est fermée',
  closedText:
    'Cette connexion bancaire est déjà terminée ou a été remplacée par une plus récente. Retournez à votre demande pour recommencer.',
  refusedTitle: 'Nous ne pouvons pas traiter cette demande',
  refusedText:
    'Le formulaire n’a pas été envoyé à partir de cette page, ou il n’est plus à jour. Recommencez la connexion bancaire à partir de votre demande.',
} as const satisfies ConnectPagesText;

export type ConnectLanguage = PageLanguage;
export type ConnectTextKey = keyof typeof connectPagesEn;

export function connectText(language: ConnectLanguage): ConnectPagesText {
  return language === 'fr' ? connectPagesFr : connectPagesEn;
}

/** A text with its `{placeholders}` filled in (values are escaped by the page, not here). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
