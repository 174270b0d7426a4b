/**
 * Why text messages to a number stopped (issue 33): the SMS vendor refused or could not deliver
 * them. Keyed as the outbox records them (`delivery_reason`) and the API's `errorCode`s; each
 * says what happened and what the person can do instead. Spread into messages.ts; the French
 * table must name every English key.
 */
export const smsDeliveryMessagesEn = {
  smsNumberInvalid:
    'We could not text this number: it is not a valid phone number. Check it, or use another way to get your code.',
  smsNumberNotMobile:
    'We could not text this number: it is not a mobile phone. Give a mobile number, or use another way to get your code.',
  smsOptedOut:
    'Texts to this number are blocked: it replied STOP to our messages. Text START to the number that wrote to you to receive them again, or use another way to get your code.',
  smsRegionNotEnabled:
    'We cannot send texts to this country. Give a Canadian mobile number, or use another way to get your code.',
  smsRouteUnavailable:
    'We could not reach this number by text. Use another way to get your code, or try again later.',
  smsUndeliverable:
    'Our text could not be delivered to this phone (it may be off, out of reach or unable to receive texts). Try again later, or use another way to get your code.',
} as const;

export const smsDeliveryMessagesFr = {
  smsNumberInvalid:
    "Nous n'avons pas pu texter ce numéro : ce n'est pas un numéro de téléphone valide. Vérifiez-le, ou recevez votre code autrement.",
  smsNumberNotMobile:
    "Nous n'avons pas pu texter ce numéro : ce n'est pas un cellulaire. Donnez un numéro de cellulaire, ou recevez votre code autrement.",
  smsOptedOut:
    'Les textos vers ce numéro sont bloqués : il a répondu STOP à nos messages. Textez START au numéro qui vous a écrit pour les recevoir de nouveau, ou recevez votre code autrement.',
  smsRegionNotEnabled:
    'Nous ne pouvons pas envoyer de textos vers ce pays. Donnez un numéro de cellulaire canadien, ou recevez votre code autrement.',
  smsRouteUnavailable:
    "Nous n'avons pas pu joindre ce numéro par texto. Recevez votre code autrement, ou réessayez plus tard.",
  smsUndeliverable:
    "Notre texto n'a pas pu être remis à ce téléphone (il est peut-être éteint, hors de portée ou incapable de recevoir des textos). Réessayez plus tard, ou recevez votre code autrement.",
} as const satisfies Record<keyof typeof smsDeliveryMessagesEn, string>;

export type SmsDeliveryProblem = keyof typeof smsDeliveryMessagesEn;
export const smsDeliveryProblems = Object.keys(smsDeliveryMessagesEn) as SmsDeliveryProblem[];
