/** Words of the operations mails (issue 16); the French table must name every key. */
export const operationsMailTextEn = {
  greeting: 'Hello {name},',
  greetingAnonymous: 'Hello,',
  closing: 'Laurentide Investing',
  follow: 'You can see it on your dashboard:',
  dashboardButton: 'Open your dashboard',
  openedSubject: 'Your account is open',
  openedSubjectMany: 'Your accounts are open',
  openedBody: 'Good news: we approved your application, and your account is open. Its number:',
  openedBodyMany:
    'Good news: we approved your application, and your accounts are open. Their numbers:',
  openedNext: 'Keep this number: you will need it to fund the account and to reach us about it.',
  openedNextMany:
    'Keep these numbers: you will need them to fund the accounts and to reach us about them.',
  declinedSubject: 'About your application',
  declinedBody: 'We reviewed your application, and we cannot open the account.',
  declinedWhy: 'Why:',
  declinedNext: 'What you can do:',
  askedSubject: 'We need something more for your application',
  askedBody: 'We are reviewing your application and need something more from you to continue:',
  askedHow:
    'Sign in and answer on your dashboard; you can add documents there. We will continue the review once you answer.',
} as const;

export type OperationsMailTextKey = keyof typeof operationsMailTextEn;

export const operationsMailTextFr: Record<OperationsMailTextKey, string> = {
  greeting: 'Bonjour {name},',
  greetingAnonymous: 'Bonjour,',
  closing: 'Placements Laurentide',
  follow: 'Vous pouvez le voir dans votre tableau de bord\u00a0:',
  dashboardButton: 'Ouvrir votre tableau de bord',
  openedSubject: 'Votre compte est ouvert',
  openedSubjectMany: 'Vos comptes sont ouverts',
  openedBody:
    'Bonne nouvelle\u00a0: nous avons approuvé votre demande, et votre compte est ouvert. Son numéro\u00a0:',
  openedBodyMany:
    'Bonne nouvelle\u00a0: nous avons approuvé votre demande, et vos comptes sont ouverts. Leurs numéros\u00a0:',
  openedNext:
    'Conservez ce numéro\u00a0: il vous servira à approvisionner le compte et à nous joindre à son sujet.',
  openedNextMany:
    'Conservez ces numéros\u00a0: ils vous serviront à approvisionner les comptes et à nous joindre à leur sujet.',
  declinedSubject: 'Au sujet de votre demande',
  declinedBody: 'Nous avons examiné votre demande, et nous ne pouvons pas ouvrir le compte.',
  declinedWhy: 'Pourquoi\u00a0:',
  declinedNext: 'Ce que vous pouvez faire\u00a0:',
  askedSubject: 'Il nous faut un complément pour votre demande',
  askedBody:
    'Nous examinons votre demande et il nous faut un complément de votre part pour continuer\u00a0:',
  askedHow:
    "Connectez-vous et répondez dans votre tableau de bord\u00a0; vous pouvez y ajouter des documents. Nous reprendrons l'examen dès votre réponse.",
};

export const operationsMailText = (language: 'en' | 'fr'): Record<OperationsMailTextKey, string> =>
  language === 'fr' ? operationsMailTextFr : operationsMailTextEn;
