/** Words of the express invitation mail (issue 17); the French table must name every key. */
export const expressInvitationMailTextEn = {
  subject: '{advisor} invites you to open your account online',
  greeting: 'Hello {name},',
  greetingAnonymous: 'Hello,',
  intro:
    '{advisor}, your advisor at Laurentide Investing, invites you to open your account online with a fast application: what your advisor already knows is filled in for you, and you check and complete the rest.',
  proposed: 'Account proposed:',
  proposedMany: 'Accounts proposed:',
  how: 'To start, open this link. You will confirm who you are with your date of birth or your postal code, then sign in or create your sign-in account:',
  button: 'Start my application',
  validity:
    'This link works once and until {expiry}. A newer invitation from your advisor replaces it.',
  after:
    'If you were not expecting this email, you can ignore it, or contact your advisor: nothing happens without you.',
  closing: 'Laurentide Investing',
  eastern: '{time} Eastern Time',
} as const;

export type ExpressInvitationMailTextKey = keyof typeof expressInvitationMailTextEn;

export const expressInvitationMailTextFr: Record<ExpressInvitationMailTextKey, string> = {
  subject: '{advisor} vous invite à ouvrir votre compte en ligne',
  greeting: 'Bonjour {name},',
  greetingAnonymous: 'Bonjour,',
  intro:
    "{advisor}, votre conseiller chez Placements Laurentide, vous invite à ouvrir votre compte en ligne au moyen d'une demande express\u00a0: ce que votre conseiller sait déjà est rempli pour vous, et vous vérifiez et complétez le reste.",
  proposed: 'Compte proposé\u00a0:',
  proposedMany: 'Comptes proposés\u00a0:',
  how: "Pour commencer, ouvrez ce lien. Vous confirmerez votre identité avec votre date de naissance ou votre code postal, puis vous ouvrirez une session ou créerez votre compte d'accès\u00a0:",
  button: 'Commencer ma demande',
  validity:
    "Ce lien ne fonctionne qu'une fois, jusqu'au {expiry}. Une invitation plus récente de votre conseiller le remplace.",
  after:
    "Si vous ne vous attendiez pas à ce courriel, vous pouvez l'ignorer ou communiquer avec votre conseiller\u00a0: rien ne se fait sans vous.",
  closing: 'Placements Laurentide',
  eastern: "{time} (heure de l'Est)",
};

export const expressInvitationMailText = (
  language: 'en' | 'fr',
): Record<ExpressInvitationMailTextKey, string> =>
  language === 'fr' ? expressInvitationMailTextFr : expressInvitationMailTextEn;
