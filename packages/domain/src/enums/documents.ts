import type { Labels } from './define-enum.ts';

/** Spec section 3: upload document types (string codes). */
export const uploadDocumentTypes = {
  photoID: 'photoID',
  photoIDFront: 'photoIDFront',
  photoIDBack: 'photoIDBack',
  passport: 'passport',
  w9Form: 'w9Form',
  voidCheque: 'voidCheque',
  bankStatement: 'bankStatement',
  creditStatement: 'creditStatement',
  utilityBill: 'utilityBill',
  investmentStatement: 'investmentStatement',
  transferForm: 'transferForm',
  other: 'other',
  /** Not in the spec's list: the completed PEP/HIO form (issue 16; spec section 9). */
  pepHioForm: 'pepHioForm',
} as const;
export type UploadDocumentType = (typeof uploadDocumentTypes)[keyof typeof uploadDocumentTypes];

export const uploadDocumentTypeLabels = {
  photoID: {
    en: 'Government-issued photo ID',
    fr: "Pièce d'identité avec photo délivrée par un gouvernement",
  },
  photoIDFront: { en: 'Photo ID (front)', fr: "Pièce d'identité avec photo (recto)" },
  photoIDBack: { en: 'Photo ID (back)', fr: "Pièce d'identité avec photo (verso)" },
  passport: { en: 'Passport', fr: 'Passeport' },
  w9Form: { en: 'W-9 form', fr: 'Formulaire W-9' },
  voidCheque: { en: 'Void cheque', fr: 'Chèque annulé' },
  bankStatement: { en: 'Bank statement', fr: 'Relevé bancaire' },
  creditStatement: { en: 'Credit card statement', fr: 'Relevé de carte de crédit' },
  utilityBill: { en: 'Utility bill', fr: 'Facture de services publics' },
  investmentStatement: { en: 'Investment statement', fr: 'Relevé de placements' },
  transferForm: { en: 'Transfer form', fr: 'Formulaire de transfert' },
  other: { en: 'Other document', fr: 'Autre document' },
  pepHioForm: { en: 'PEP/HIO form', fr: 'Formulaire PPE/DOI' },
} as const satisfies Labels<typeof uploadDocumentTypes>;

/** Spec section 3: identity documents for verification. */
export const identityDocumentTypes = {
  driversLicence: 'driversLicence',
  passport: 'passport',
  identityCard: 'identityCard',
} as const;
export type IdentityDocumentType =
  (typeof identityDocumentTypes)[keyof typeof identityDocumentTypes];

export const identityDocumentTypeLabels = {
  driversLicence: { en: "Driver's licence", fr: 'Permis de conduire' },
  passport: { en: 'Passport', fr: 'Passeport' },
  identityCard: {
    en: 'Provincial or territorial identity card',
    fr: "Carte d'identité provinciale ou territoriale",
  },
} as const satisfies Labels<typeof identityDocumentTypes>;
