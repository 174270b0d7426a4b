import type { Labels } from './define-enum.ts';

/** Spec section 3: beneficiary designation. */
export const beneficiaryDesignations = {
  MyEstate: 1,
  MySpouse: 2,
  Other: 3,
  MySpouseAsSuccessorAnnuitant: 4,
} as const;
export type BeneficiaryDesignation =
  (typeof beneficiaryDesignations)[keyof typeof beneficiaryDesignations];

export const beneficiaryDesignationLabels = {
  MyEstate: { en: 'My estate', fr: 'Ma succession' },
  MySpouse: { en: 'My spouse', fr: 'Mon conjoint' },
  Other: { en: 'Other beneficiaries', fr: 'Autres bénéficiaires' },
  MySpouseAsSuccessorAnnuitant: {
    en: 'My spouse as successor annuitant',
    fr: 'Mon conjoint à titre de rentier successeur',
  },
} as const satisfies Labels<typeof beneficiaryDesignations>;

/** Spec section 3: relationships 1 to 12. */
export const relationships = {
  Spouse: 1,
  Parent: 2,
  Child: 3,
  Sibling: 4,
  Grandparent: 5,
  Grandchild: 6,
  UncleAunt: 7,
  NephewNiece: 8,
  Cousin: 9,
  Estate: 10,
  NotRelated: 11,
  Other: 12,
} as const;
export type Relationship = (typeof relationships)[keyof typeof relationships];

export const relationshipLabels = {
  Spouse: { en: 'Spouse', fr: 'Conjoint' },
  Parent: { en: 'Parent', fr: 'Parent' },
  Child: { en: 'Child', fr: 'Enfant' },
  Sibling: { en: 'Brother or sister', fr: 'Frère ou sœur' },
  Grandparent: { en: 'Grandparent', fr: 'Grand-parent' },
  Grandchild: { en: 'Grandchild', fr: 'Petit-enfant' },
  UncleAunt: { en: 'Uncle or aunt', fr: 'Oncle ou tante' },
  NephewNiece: { en: 'Nephew or niece', fr: 'Neveu ou nièce' },
  Cousin: { en: 'Cousin', fr: 'Cousin ou cousine' },
  Estate: { en: 'Estate', fr: 'Succession' },
  NotRelated: { en: 'Not related', fr: 'Aucun lien de parenté' },
  Other: { en: 'Other', fr: 'Autre' },
} as const satisfies Labels<typeof relationships>;

/** Spec section 3: gender-specific relationships 1 to 8. */
export const genderSpecificRelationships = {
  Brother: 1,
  Sister: 2,
  Son: 3,
  Daughter: 4,
  Grandson: 5,
  Granddaughter: 6,
  Nephew: 7,
  Niece: 8,
} as const;
export type GenderSpecificRelationship =
  (typeof genderSpecificRelationships)[keyof typeof genderSpecificRelationships];

export const genderSpecificRelationshipLabels = {
  Brother: { en: 'Brother', fr: 'Frère' },
  Sister: { en: 'Sister', fr: 'Sœur' },
  Son: { en: 'Son', fr: 'Fils' },
  Daughter: { en: 'Daughter', fr: 'Fille' },
  Grandson: { en: 'Grandson', fr: 'Petit-fils' },
  Granddaughter: { en: 'Granddaughter', fr: 'Petite-fille' },
  Nephew: { en: 'Nephew', fr: 'Neveu' },
  Niece: { en: 'Niece', fr: 'Nièce' },
} as const satisfies Labels<typeof genderSpecificRelationships>;
