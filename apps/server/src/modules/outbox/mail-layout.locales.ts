import { BRAND_NAME } from '@portal/domain/brand';
import type { MessageLanguage } from './outbox.service.ts';

/** The words of the mail layout (the header's name, the footer), in each language. */
export const mailLayoutText = {
  en: {
    brandName: BRAND_NAME.en,
    footer: 'You receive this email about your account with Laurentide Investing.',
    noReply: 'Please do not reply: this address is not read. Contact us through our website.',
  },
  fr: {
    brandName: BRAND_NAME.fr,
    footer: 'Vous recevez ce courriel au sujet de votre compte chez Placements Laurentide.',
    noReply:
      "Merci de ne pas répondre\u00a0: cette adresse n'est pas consultée. Joignez-nous par notre site Web.",
  },
} as const satisfies Record<MessageLanguage, Record<string, string>>;
