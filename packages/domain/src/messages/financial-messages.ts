import { MAX_BENEFICIARIES, MINIMUM_AGE_YEARS } from '../constants.ts';

/**
 * Validation messages of the financial rules (spec section 5), keyed as their schemas emit them.
 * Spread into messages.ts; the French table must name every English key.
 */
export const financialMessagesEn = {
  // Financial background (rules/financial-background.ts)
  acknowledgementRequired: 'You must confirm you have read this.',
  thirdPartyTooYoung: `This person must be at least ${MINIMUM_AGE_YEARS}.`,
  // Affiliations (rules/affiliations.ts)
  canadaTinFormat: 'For Canada, enter your 9-digit social insurance number.',
  usTinFormat: 'Enter the 9-digit U.S. taxpayer identification number (SSN, ITIN or EIN).',
  usResidentIsUsPerson:
    'You listed the United States as a tax residence, so you are a U.S. person.',
  // Beneficiaries (rules/beneficiaries.ts)
  percentRange: 'Enter a percentage from 0 to 100.',
  percentTotal: 'Percent fields must add up to 100%',
  tooManyBeneficiaries: `You can name at most ${MAX_BENEFICIARIES} beneficiaries.`,
  quebecBeneficiariesNotAllowed:
    'In Quebec, the beneficiaries of this plan are designated in a will, not in this application.',
  individualRespOneBeneficiary: 'An individual education savings plan has only one beneficiary.',
  familyRespRelationship:
    'In a family plan, each beneficiary must be your child, grandchild, brother or sister.',
} as const;

export const financialMessagesFr = {
  acknowledgementRequired: 'Vous devez confirmer que vous avez lu ce texte.',
  thirdPartyTooYoung: `Cette personne doit avoir au moins ${MINIMUM_AGE_YEARS} ans.`,
  canadaTinFormat: "Pour le Canada, entrez votre numéro d'assurance sociale à 9 chiffres.",
  usTinFormat:
    "Entrez le numéro d'identification fiscal américain à 9 chiffres (SSN, ITIN ou EIN).",
  usResidentIsUsPerson:
    'Vous avez indiqué les États-Unis comme pays de résidence fiscale : vous êtes donc une personne des États-Unis.',
  percentRange: 'Entrez un pourcentage de 0 à 100.',
  percentTotal: 'La somme des pourcentages doit être égale à 100 %',
  tooManyBeneficiaries: `Vous pouvez désigner au plus ${MAX_BENEFICIARIES} bénéficiaires.`,
  quebecBeneficiariesNotAllowed:
    'Au Québec, les bénéficiaires de ce régime sont désignés par testament, et non dans cette demande.',
  individualRespOneBeneficiary:
    "Un régime d'épargne-études individuel n'a qu'un seul bénéficiaire.",
  familyRespRelationship:
    'Dans un régime familial, chaque bénéficiaire doit être votre enfant, votre petit-enfant, votre frère ou votre sœur.',
} as const satisfies Record<keyof typeof financialMessagesEn, string>;
