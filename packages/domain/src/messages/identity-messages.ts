/**
 * Messages of identity verification (spec section 8, "Identity", and the rules of
 * identity/*.ts): the codes the server answers and the client shows. Spread into messages.ts;
 * the French table must name every English key.
 */
export const identityMessagesEn = {
  // Typed expiry (identity/document-expiry.ts)
  expiryFormat: 'Enter the expiry date as MM/YYYY, like 05/2030.',
  expiryMonth: 'Enter a month from 01 to 12.',
  documentExpired: 'This document has expired. Use a document that is still valid.',
  // Two documents (identity/dual-process.ts)
  twoDocuments: 'Send exactly two documents.',
  voidCheque: 'A void cheque can’t be used to verify your identity. Choose another document.',
  notASource: 'This type of document can’t be used to verify your identity. Choose another one.',
  categoryNotProved: 'This document doesn’t show that information. Choose what it does show.',
  sameSource:
    'Your two documents must come from two different organizations. Choose a document from another source.',
  sameCategory:
    'Your two documents must confirm different information. Choose another kind of information for this one.',
  sourceIsUs: 'A document from us can’t be used. Choose a document from another organization.',
  sourceIsApplicant:
    'A document you issued yourself can’t be used. Choose a document from an organization.',
  // Outcomes and availability (spec section 8)
  identityNotVerified:
    'We couldn’t verify your identity. Please call client support, Monday to Friday, 5:30 a.m. to 5 p.m. Pacific time (8:30 a.m. to 8 p.m. Eastern time).',
  bureauOffline:
    'The credit bureau’s system is offline for maintenance (Monday 9:30 p.m. to 1:30 a.m., Tuesday to Saturday 12:30 a.m. to 1 a.m., and Sunday 11:30 p.m. to 1:30 a.m., Pacific time). Please log out and come back later.',
  captureFailed:
    'We couldn’t capture your ID or your selfie. Make sure the whole document is visible, without glare, in good light, and try again.',
  cameraAccessNeeded:
    'We need access to your camera. In your browser’s settings for this site, allow the camera, then reload the page. You can also continue without a camera by choosing photos or files of your document.',
  unableToVerify: 'We were unable to verify your identity with this method.',
  manualVerificationFallback:
    'We’ll verify your identity another way: send us your documents and our team will review them, usually within one business day.',
  identityQuestionsFailed:
    'Your answers didn’t match the information on your credit file. You can verify your identity another way.',
  identityLinkExpired: 'This verification link has expired. Ask for a new one from your computer.',
} as const;

export const identityMessagesFr = {
  expiryFormat: 'Indiquez la date d’expiration au format MM/AAAA, par exemple 05/2030.',
  expiryMonth: 'Indiquez un mois de 01 à 12.',
  documentExpired: 'Ce document est expiré. Utilisez un document encore valide.',
  twoDocuments: 'Envoyez exactement deux documents.',
  voidCheque:
    'Un chèque annulé ne peut pas servir à vérifier votre identité. Choisissez un autre document.',
  notASource:
    'Ce type de document ne peut pas servir à vérifier votre identité. Choisissez-en un autre.',
  categoryNotProved: 'Ce document ne montre pas ces renseignements. Choisissez ceux qu’il montre.',
  sameSource:
    'Vos deux documents doivent provenir de deux organisations différentes. Choisissez un document d’une autre source.',
  sameCategory:
    'Vos deux documents doivent confirmer des renseignements différents. Choisissez un autre type de renseignements pour celui-ci.',
  sourceIsUs:
    'Un document émis par nous ne peut pas être utilisé. Choisissez un document d’une autre organisation.',
  sourceIsApplicant:
    'Un document que vous avez émis vous-même ne peut pas être utilisé. Choisissez un document émis par une organisation.',
  identityNotVerified:
    'Nous n’avons pas pu vérifier votre identité. Veuillez appeler le soutien à la clientèle, du lundi au vendredi, de 5 h 30 à 17 h, heure du Pacifique (de 8 h 30 à 20 h, heure de l’Est).',
  bureauOffline:
    'Le système de l’agence d’évaluation du crédit est hors ligne pour maintenance (le lundi de 21 h 30 à 1 h 30, du mardi au samedi de 0 h 30 à 1 h, et le dimanche de 23 h 30 à 1 h 30, heure du Pacifique). Veuillez vous déconnecter et revenir plus tard.',
  captureFailed:
    'Nous n’avons pas pu saisir votre pièce d’identité ou votre égoportrait. Assurez-vous que tout le document est visible, sans reflet et bien éclairé, puis réessayez.',
  cameraAccessNeeded:
    'Nous avons besoin d’accéder à votre caméra. Dans les paramètres de votre navigateur pour ce site, autorisez la caméra, puis rechargez la page. Vous pouvez aussi continuer sans caméra en choisissant des photos ou des fichiers de votre document.',
  unableToVerify: 'Nous n’avons pas pu vérifier votre identité par cette méthode.',
  manualVerificationFallback:
    'Nous vérifierons votre identité autrement : envoyez-nous vos documents et notre équipe les examinera, habituellement en un jour ouvrable.',
  identityQuestionsFailed:
    'Vos réponses ne correspondent pas aux renseignements de votre dossier de crédit. Vous pouvez vérifier votre identité autrement.',
  identityLinkExpired:
    'Ce lien de vérification est expiré. Demandez-en un nouveau à partir de votre ordinateur.',
} as const satisfies Record<keyof typeof identityMessagesEn, string>;
