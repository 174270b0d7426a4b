import { z } from 'zod';
import { codeSchema } from '../enums/code-schema.ts';
import { phoneTypes, type PhoneType } from '../enums/person.ts';
import { textError } from './person.ts';

/** Spec section 3: a phone number of a type (one number per type), with an extension. */
export interface Phone {
  type: PhoneType;
  /** Ten digits, North American numbering plan. */
  number: string;
  /** Digits only, at most PHONE_EXTENSION_MAX_DIGITS. */
  extension?: string;
}

export const PHONE_EXTENSION_MAX_DIGITS = 6;
/** Three types, one number each; a longer list is refused before its entries are read. */
const PHONES_MAX = 10;

/**
 * A phone number without its punctuation (spaces, parentheses, dots, dashes, slashes, a leading
 * `+`) and without the country code 1 in front of ten digits. Letters are kept, to be refused.
 */
export function normalizePhoneNumber(input: string): string {
  const compact = input.replace(/[\s().\-+/\u2010-\u2015]/g, '');
  return /^1\d{10}$/.test(compact) ? compact.slice(1) : compact;
}

/** Ten digits whose area code and exchange do not start with 0 or 1 (numbering plan rules). */
export function isValidPhoneNumber(number: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(number);
}

/**
 * Where a text message goes for ten North American digits: E.164 (`+15145550199`), the form SMS
 * vendors take (Twilio's `To`) and the one the outbox keeps, so a number's texts are found again
 * by the same value.
 */
export function smsAddressOf(number: string): string {
  return `+1${normalizePhoneNumber(number)}`;
}

/** An extension without the `ext.`, `x` or `poste` people type before it. */
export function normalizeExtension(input: string): string {
  return input
    .trim()
    .replace(/^(extension|ext\.?|x|poste|p\.|#)\s*/i, '')
    .trim();
}

/** `(514) 555-0199` for display, from ten digits. */
export function formatPhoneNumber(number: string): string {
  return isValidPhoneNumber(number)
    ? `(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`
    : number;
}

/** One phone: its type, its ten digits (`required`, else `invalid`), an optional extension. */
export const phoneSchema = z.object({
  type: codeSchema(phoneTypes),
  number: z
    .string(textError)
    .overwrite(normalizePhoneNumber)
    .superRefine((number, context) => {
      if (number === '') context.addIssue({ code: 'custom', message: 'required' });
      else if (!isValidPhoneNumber(number)) {
        context.addIssue({ code: 'custom', message: 'invalid' });
      }
    })
    .prefault(''),
  extension: z
    .string(textError)
    .overwrite(normalizeExtension)
    .superRefine((extension, context) => {
      if (
        extension !== '' &&
        !new RegExp(`^\\d{1,${PHONE_EXTENSION_MAX_DIGITS}}$`).test(extension)
      ) {
        context.addIssue({ code: 'custom', message: 'invalid' });
      }
    })
    .transform((extension) => (extension === '' ? undefined : extension))
    .nullish()
    .transform((extension) => extension ?? undefined),
});

const knownTypes: readonly unknown[] = Object.values(phoneTypes);

/**
 * The phones of a person (spec section 5): at least one (`required`), one per type
 * (`duplicated` at the type of each repeated entry after the first).
 */
export const phonesSchema = z
  .array(phoneSchema, textError)
  .min(1, 'required')
  .max(PHONES_MAX, 'invalid')
  .superRefine((phones, context) => {
    phones.forEach((phone, index) => {
      if (!knownTypes.includes(phone.type)) return;
      if (phones.findIndex((other) => other.type === phone.type) < index) {
        context.addIssue({ code: 'custom', path: [index, 'type'], message: 'duplicated' });
      }
    });
  })
  .transform((phones): Phone[] =>
    phones.map((phone) => ({
      type: phone.type,
      number: phone.number,
      ...(phone.extension ? { extension: phone.extension } : {}),
    })),
  )
  .prefault([]);
