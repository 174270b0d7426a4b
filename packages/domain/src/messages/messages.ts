import { amountMessagesEn, amountMessagesFr } from './amount-messages.ts';
import { codeMessagesEn, codeMessagesFr } from './code-messages.ts';
import { financialMessagesEn, financialMessagesFr } from './financial-messages.ts';
import { fundingMessagesEn, fundingMessagesFr } from './funding-messages.ts';
import { identityMessagesEn, identityMessagesFr } from './identity-messages.ts';
import { profileMessagesEn, profileMessagesFr } from './profile-messages.ts';
import { rateLimitMessagesEn, rateLimitMessagesFr } from './rate-limit-messages.ts';
import { smsDeliveryMessagesEn, smsDeliveryMessagesFr } from './sms-delivery-messages.ts';
import { splitMessageCode } from './message-code.ts';
import {
  messagesWithArgumentEn,
  messagesWithArgumentFr,
  nameMessagesEn,
  nameMessagesFr,
} from './name-messages.ts';
import { uploadMessagesEn, uploadMessagesFr } from '../rules/uploads.ts';
import { rifMessagesEn, rifMessagesFr } from '../rif/rif-messages.ts';
import { transferMessagesEn, transferMessagesFr } from '../transfers/transfer-messages.ts';
import { promoMessagesEn, promoMessagesFr } from '../promo/promo-messages.ts';
import { expressMessagesEn, expressMessagesFr } from '../express/express-messages.ts';

/**
 * Validation messages, keyed as the schemas emit them (STYLE.md: "messages are keys"). The
 * French table must name every key, or the type check fails.
 */
export const messagesEn = {
  ...profileMessagesEn,
  ...smsDeliveryMessagesEn,
  ...nameMessagesEn,
  ...financialMessagesEn,
  ...codeMessagesEn,
  ...uploadMessagesEn,
  ...amountMessagesEn,
  ...identityMessagesEn,
  ...fundingMessagesEn,
  ...transferMessagesEn,
  ...rifMessagesEn,
  ...promoMessagesEn,
  ...rateLimitMessagesEn,
  ...expressMessagesEn,
  required: 'Required.',
  invalid: 'Invalid.',
  duplicated: 'Duplicated.',
  emailFormat: 'The email format is not valid.',
  passwordTooShort: 'Use at least 12 characters.',
  passwordTooLong: 'Use at most 128 characters.',
  passwordCommon: 'This password is too common or has appeared in a data breach. Choose another.',
  passwordContainsEmail: 'Your password must not contain your email address.',
  accountRequired: 'Choose at least one account.',
  tooManyRegistered: 'You can open one registered account per application.',
  tooManyNonRegistered: 'You can open one non-registered account per application.',
  usdNeedsCad: 'A U.S. dollar registered account needs the same account in Canadian dollars.',
  noJointVariant:
    'A registered plan like this one is held in one person’s name under Canadian law, so a joint application can’t include it. Open it in your own name, in a separate individual application.',
  respJointNeedsSpouse:
    'A joint education savings plan is only for spouses or common-law partners.',
  consentRequired: 'You must agree to the customer agreements to continue.',
  englishChoiceRequired:
    'To be bound by the English version, tick the box saying you expressly choose it. Otherwise the French version applies.',
} as const;

export type MessageKey = keyof typeof messagesEn;

export const messagesFr = {
  ...profileMessagesFr,
  ...smsDeliveryMessagesFr,
  ...nameMessagesFr,
  ...financialMessagesFr,
  ...codeMessagesFr,
  ...uploadMessagesFr,
  ...amountMessagesFr,
  ...identityMessagesFr,
  ...fundingMessagesFr,
  ...transferMessagesFr,
  ...rifMessagesFr,
  ...promoMessagesFr,
  ...rateLimitMessagesFr,
  ...expressMessagesFr,
  required: 'Obligatoire.',
  invalid: 'Non valide.',
  duplicated: 'Copie.',
  emailFormat: "Le format de l'adresse courriel n'est pas valide.",
  passwordTooShort: 'Utilisez au moins 12 caractères.',
  passwordTooLong: 'Utilisez au plus 128 caractères.',
  passwordCommon:
    'Ce mot de passe est trop courant ou a déjà fuité lors d’une violation de données. Choisissez-en un autre.',
  passwordContainsEmail: 'Votre mot de passe ne doit pas contenir votre adresse courriel.',
  accountRequired: 'Choisissez au moins un compte.',
  tooManyRegistered: 'Vous pouvez ouvrir un seul compte enregistré par demande.',
  tooManyNonRegistered: 'Vous pouvez ouvrir un seul compte non enregistré par demande.',
  usdNeedsCad:
    'Un compte enregistré en dollars américains exige le même compte en dollars canadiens.',
  noJointVariant:
    'Selon la loi canadienne, un régime enregistré comme celui-ci est au nom d’une seule personne\u00a0: une demande conjointe ne peut pas l’inclure. Ouvrez-le à votre nom, dans une demande individuelle distincte.',
  respJointNeedsSpouse:
    "Un régime d'épargne-études conjoint est réservé aux conjoints mariés ou de fait.",
  consentRequired: 'Vous devez accepter les conventions du client pour continuer.',
  englishChoiceRequired:
    'Pour être lié par la version anglaise, cochez la case indiquant que vous la choisissez expressément. Sinon, la version française s’applique.',
} as const satisfies Record<MessageKey, string>;

/**
 * The text of a code in a language: a plain key (`required`), or a key with its argument
 * (`nameCharacters:( )`, see message-code.ts); an unknown key reads as `invalid`.
 */
export function messageFor(code: string, language: 'en' | 'fr'): string {
  const table: Record<string, string> = language === 'fr' ? messagesFr : messagesEn;
  const { key, argument } = splitMessageCode(code);
  const withArgument: Record<string, (argument: string) => string> =
    language === 'fr' ? messagesWithArgumentFr : messagesWithArgumentEn;
  const render = withArgument[key];
  if (argument !== undefined && render) return render(argument);
  return table[code] ?? table.invalid ?? code;
}
