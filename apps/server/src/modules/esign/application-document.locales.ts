/** Words of the generated application document; the French table must name every key. */
export const documentTextEn = {
  brand: 'Laurentide Investing',
  title: 'Account application',
  subject: 'Application to open investment accounts, for signature',
  reference: 'Application reference',
  date: 'Date',
  applicants: 'Applicants',
  primaryApplicant: 'Primary applicant',
  jointApplicant: 'Joint applicant',
  notProvided: 'Not provided',
  agreements: 'Agreements',
  agreementAgreed: 'Customer agreements ({agreement}): read and agreed',
  agreementMissing: 'The customer agreements have not been agreed yet',
  consentGiven: 'Consent given',
  yes: 'Yes',
  signature: 'Signature',
  declaration:
    'By signing, I confirm that the information in this application is true and complete, that I read the customer agreements named above and agree to them, and that I will tell Laurentide Investing of any change within {days} days.',
  signatureOf: 'Signature of {name}',
  signedOn: 'Date',
  page: 'Page {page} of {pages}',
} as const;

export type DocumentTextKey = keyof typeof documentTextEn;
type DocumentText = Record<DocumentTextKey, string>;

export const documentTextFr = {
  brand: 'Placements Laurentide',
  title: 'Demande d’ouverture de compte',
  subject: 'Demande d’ouverture de comptes de placement, à signer',
  reference: 'Référence de la demande',
  date: 'Date',
  applicants: 'Demandeurs',
  primaryApplicant: 'Demandeur principal',
  jointApplicant: 'Codemandeur',
  notProvided: 'Non fourni',
  agreements: 'Conventions',
  agreementAgreed: 'Conventions du client ({agreement})\u00a0: lues et acceptées',
  agreementMissing: 'Les conventions du client n’ont pas encore été acceptées',
  consentGiven: 'Consentement donné',
  yes: 'Oui',
  signature: 'Signature',
  declaration:
    'En signant, je confirme que les renseignements de cette demande sont exacts et complets, que j’ai lu les conventions du client nommées ci-dessus et que je les accepte, et que j’informerai Placements Laurentide de tout changement dans les {days} jours.',
  signatureOf: 'Signature de {name}',
  signedOn: 'Date',
  page: 'Page {page} de {pages}',
} as const satisfies DocumentText;

export function documentText(language: 'en' | 'fr'): DocumentText {
  return language === 'fr' ? documentTextFr : documentTextEn;
}
