/** Text of the sandbox vendor's signature certificate; French names every key (type-checked). */
export const signedCertificateEn = {
  title: 'Electronic signature certificate (sandbox)',
  notice: 'Added by the sandbox e-signature service: this signature has no legal effect.',
  signer: 'Signed by',
  email: 'Email address',
  signedAt: 'Signed on',
  envelope: 'Envelope',
  documentHash: 'SHA-256 of the document as sent',
  method: 'Method',
  typedName: 'Full name typed by the signer in the signing ceremony',
} as const;

export const signedCertificateFr: Record<keyof typeof signedCertificateEn, string> = {
  title: 'Certificat de signature électronique (bac à sable)',
  notice:
    'Ajouté par le service de signature électronique du bac à sable\u00a0: cette signature n’a aucune valeur juridique.',
  signer: 'Signé par',
  email: 'Adresse courriel',
  signedAt: 'Signé le',
  envelope: 'Enveloppe',
  documentHash: 'SHA-256 du document envoyé',
  method: 'Méthode',
  typedName: 'Nom complet tapé par le signataire pendant la cérémonie de signature',
};
