import type { Labels } from '../enums/define-enum.ts';

/**
 * Why an application is declined, as the applicant is told (issue 16; ADR 0023). The staff
 * member's own reason is an internal note kept in the audit trail: the mail and the dashboard
 * name only the category and what the applicant can do.
 */
export const declineCategories = {
  identityNotVerified: 'identityNotVerified',
  informationNotProvided: 'informationNotProvided',
  notSuitable: 'notSuitable',
  regulatory: 'regulatory',
  other: 'other',
} as const;
export type DeclineCategory = (typeof declineCategories)[keyof typeof declineCategories];

export const declineCategoryLabels = {
  identityNotVerified: {
    en: 'We could not verify your identity.',
    fr: "Nous n'avons pas pu vérifier votre identité.",
  },
  informationNotProvided: {
    en: 'We did not receive the information we needed to open the account.',
    fr: "Nous n'avons pas reçu les renseignements nécessaires à l'ouverture du compte.",
  },
  notSuitable: {
    en: 'The accounts requested are not suitable for the financial situation and goals you described.',
    fr: 'Les comptes demandés ne conviennent pas à la situation financière et aux objectifs que vous avez décrits.',
  },
  regulatory: {
    en: 'We are unable to open the account for regulatory reasons.',
    fr: 'Nous ne pouvons pas ouvrir le compte pour des raisons réglementaires.',
  },
  other: {
    en: 'We are unable to open the account at this time.',
    fr: 'Nous ne pouvons pas ouvrir le compte pour le moment.',
  },
} as const satisfies Labels<typeof declineCategories>;

/** What the applicant can do after a decline of each category. */
export const declineNextStepLabels = {
  identityNotVerified: {
    en: 'You can start a new application and verify your identity with another method, or call us and we will help.',
    fr: 'Vous pouvez commencer une nouvelle demande et vérifier votre identité par un autre moyen, ou nous appeler et nous vous aiderons.',
  },
  informationNotProvided: {
    en: 'You can start a new application when you have the information, or call us to talk about what is needed.',
    fr: 'Vous pouvez commencer une nouvelle demande lorsque vous aurez les renseignements, ou nous appeler pour en parler.',
  },
  notSuitable: {
    en: 'Call us to talk about the accounts that suit you; you can then start a new application.',
    fr: 'Appelez-nous pour parler des comptes qui vous conviennent; vous pourrez ensuite commencer une nouvelle demande.',
  },
  regulatory: {
    en: 'Call us if you have questions about this decision.',
    fr: 'Appelez-nous si vous avez des questions sur cette décision.',
  },
  other: {
    en: 'Call us if you have questions about this decision.',
    fr: 'Appelez-nous si vous avez des questions sur cette décision.',
  },
} as const satisfies Labels<typeof declineCategories>;
