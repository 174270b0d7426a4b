import type { Labels } from './define-enum.ts';

/**
 * Spec section 4: the statuses the dashboard shows. The transitions between them are designed
 * with the applications issue; here they are only named and labelled.
 */
export const applicationStatuses = {
  new: 'new',
  continue: 'continue',
  esignatureRequired: 'esignatureRequired',
  jointEidUndetermined: 'jointEidUndetermined',
  jointActionRequired: 'jointActionRequired',
  uploadJointEid: 'uploadJointEid',
  jointEsignatureRequired: 'jointEsignatureRequired',
  requiresReview: 'requiresReview',
  underReview: 'underReview',
  declined: 'declined',
} as const;
export type ApplicationStatus = (typeof applicationStatuses)[keyof typeof applicationStatuses];

export const applicationStatusLabels = {
  new: { en: 'New application', fr: 'Nouvelle demande' },
  continue: { en: 'Continue your application', fr: 'Poursuivez votre demande' },
  esignatureRequired: { en: 'eSignature required', fr: 'Signature électronique requise' },
  jointEidUndetermined: {
    en: 'Joint applicant eID undetermined',
    fr: 'Identification électronique du codemandeur non déterminée',
  },
  jointActionRequired: {
    en: 'Joint applicant action required',
    fr: 'Intervention du codemandeur requise',
  },
  uploadJointEid: {
    en: 'Upload joint applicant eID',
    fr: "Téléversez la pièce d'identité du codemandeur",
  },
  jointEsignatureRequired: {
    en: 'Joint applicant eSignature required',
    fr: 'Signature électronique du codemandeur requise',
  },
  requiresReview: { en: 'Application requires review', fr: 'La demande doit être vérifiée' },
  underReview: { en: 'Application is under review', fr: 'La demande est en cours de vérification' },
  declined: { en: 'Application declined', fr: 'Demande refusée' },
} as const satisfies Labels<typeof applicationStatuses>;
