import type { Labels } from './define-enum.ts';

/** Spec section 3: document delivery / securityholder information. */
export const documentDeliveryOptions = {
  ProxyRelatedMaterial: 1,
  AllMaterials: 2,
  None: 3,
} as const;
export type DocumentDeliveryOption =
  (typeof documentDeliveryOptions)[keyof typeof documentDeliveryOptions];

export const documentDeliveryOptionLabels = {
  ProxyRelatedMaterial: {
    en: 'Only proxy-related materials for special meetings',
    fr: 'Seulement les documents reliés aux procurations pour les assemblées extraordinaires',
  },
  AllMaterials: {
    en: 'All securityholder materials',
    fr: 'Tous les documents destinés aux porteurs',
  },
  None: { en: 'No securityholder materials', fr: 'Aucun document destiné aux porteurs' },
} as const satisfies Labels<typeof documentDeliveryOptions>;

/** Spec section 3: correspondence language. */
export const correspondenceLanguages = { English: 1, French: 2 } as const;
export type CorrespondenceLanguage =
  (typeof correspondenceLanguages)[keyof typeof correspondenceLanguages];

export const correspondenceLanguageLabels = {
  English: { en: 'English', fr: 'Anglais' },
  French: { en: 'French', fr: 'Français' },
} as const satisfies Labels<typeof correspondenceLanguages>;

/** Spec section 3: how the person heard about us. */
export const heardAboutUsSources = {
  FinancialAdvisor: 14,
  FinInstRepresentative: 3,
  AffinityProgram: 17,
  Other: 13,
  SocialMedia: 5,
} as const;
export type HeardAboutUsSource = (typeof heardAboutUsSources)[keyof typeof heardAboutUsSources];

export const heardAboutUsSourceLabels = {
  FinancialAdvisor: { en: 'A financial advisor', fr: 'Un conseiller financier' },
  FinInstRepresentative: {
    en: 'A financial institution representative',
    fr: "Un représentant d'une institution financière",
  },
  AffinityProgram: { en: 'An affinity or partner program', fr: 'Un programme de partenariat' },
  Other: { en: 'Other', fr: 'Autre' },
  SocialMedia: { en: 'Social media', fr: 'Médias sociaux' },
} as const satisfies Labels<typeof heardAboutUsSources>;

/** Spec section 3: purpose of the business relationship. */
export const purposeTypes = { InvestmentPurposes: 1, Other: 2 } as const;
export type PurposeType = (typeof purposeTypes)[keyof typeof purposeTypes];

export const purposeTypeLabels = {
  InvestmentPurposes: { en: 'Investment purposes', fr: 'Placement' },
  Other: { en: 'Other', fr: 'Autre' },
} as const satisfies Labels<typeof purposeTypes>;
