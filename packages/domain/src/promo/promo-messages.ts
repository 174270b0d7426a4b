/**
 * Messages of promo codes, the partner agreement and the work email (issue 17), keyed as the
 * API's `errorCode`s and field codes. Spread into messages.ts; the French table names every key.
 */
export const promoMessagesEn = {
  promoUnknown: 'We don’t recognize this promo code. Check the spelling and try again.',
  promoExpired: 'This promo code has expired.',
  promoNotYetValid: 'This promo code is not valid yet.',
  promoNotEligible: 'This promo code doesn’t apply to the accounts you chose.',
  promoNoLongerEligible:
    'Your promo code no longer applies to the accounts you chose. Change it or remove it, then agree.',
  promoCodeFormat: 'A promo code has up to 20 letters, digits or dashes.',
  noPartner: 'No partner referred you, so there is no partner agreement to accept.',
  workEmailNotVerified: 'Confirm this work email with the code we send to it before you continue.',
  workEmailCodeFormat: 'Enter the 6-digit code from the email, like 123456.',
  workEmailWrongCode: 'The code is not right. Check it and try again.',
  workEmailCodeExpired: 'This code has expired. Send a new code, then enter it.',
  workEmailNoCodePending: 'No code is waiting for this address. Send a code, then enter it.',
  workEmailTooManyAttempts: 'Too many wrong codes. Send a new code.',
  workEmailTooManyCodes: 'A code was sent a moment ago. Wait before asking for another one.',
} as const;

export const promoMessagesFr = {
  promoUnknown: 'Nous ne reconnaissons pas ce code promotionnel. Vérifiez-le et réessayez.',
  promoExpired: 'Ce code promotionnel est expiré.',
  promoNotYetValid: 'Ce code promotionnel n’est pas encore valide.',
  promoNotEligible: 'Ce code promotionnel ne s’applique pas aux comptes que vous avez choisis.',
  promoNoLongerEligible:
    'Votre code promotionnel ne s’applique plus aux comptes que vous avez choisis. Changez-le ou retirez-le, puis acceptez.',
  promoCodeFormat: 'Un code promotionnel compte au plus 20 lettres, chiffres ou tirets.',
  noPartner: 'Aucun partenaire ne vous a dirigé vers nous : il n’y a pas d’entente à accepter.',
  workEmailNotVerified:
    'Confirmez ce courriel professionnel avec le code que nous y envoyons avant de continuer.',
  workEmailCodeFormat: 'Entrez le code à 6 chiffres reçu par courriel, par exemple 123456.',
  workEmailWrongCode: 'Le code n’est pas le bon. Vérifiez-le et réessayez.',
  workEmailCodeExpired: 'Ce code est expiré. Demandez un nouveau code, puis entrez-le.',
  workEmailNoCodePending: 'Aucun code n’attend cette adresse. Demandez un code, puis entrez-le.',
  workEmailTooManyAttempts: 'Trop de codes erronés. Demandez un nouveau code.',
  workEmailTooManyCodes:
    'Un code vient d’être envoyé. Attendez un peu avant d’en demander un autre.',
} as const satisfies Record<keyof typeof promoMessagesEn, string>;
