import { randomBytes } from 'node:crypto';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type {
  AddressLookupProvider,
  AddressSuggestion,
  LookupAddress,
} from '../../providers/address-lookup/address-lookup-provider.ts';

/** How long a look-up key works: long enough to type an address, short enough not to matter. */
export const LOOKUP_KEY_TTL_MS = 15 * 60_000;
/** Suggestions per search. */
export const LOOKUP_LIMIT = 8;

const MAC_PURPOSE = 'address-lookup-key';

/** The key is missing, altered, someone else's or expired. */
export class LookupKeyInvalid extends Error {
  override name = 'LookupKeyInvalid';
  constructor() {
    super('lookupKeyInvalid');
  }
}

export class AddressNotFound extends Error {
  override name = 'AddressNotFound';
  constructor() {
    super('addressNotFound');
  }
}

/**
 * A short-lived key for the look-up calls (spec section 7: the client first GETs a key):
 * `<expiry in seconds>.<nonce>.<HMAC>`, the HMAC over the caller's id, expiry and nonce under a
 * key derived from the data-encryption key, which every instance shares. Nothing is stored: any
 * instance checks a key, and a key works only with the bearer token of the person it was
 * issued to.
 */
export function issueLookupKey(
  cipher: FieldCipher,
  userId: string,
  now = Date.now(),
): { key: string; expiresAt: string } {
  const expiresAt = Math.floor((now + LOOKUP_KEY_TTL_MS) / 1000);
  const nonce = randomBytes(9).toString('base64url');
  const mac = cipher.mac(MAC_PURPOSE, `${userId}.${expiresAt}.${nonce}`);
  return {
    key: `${expiresAt}.${nonce}.${mac}`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

export function checkLookupKey(
  cipher: FieldCipher,
  userId: string,
  key: string | undefined,
  now = Date.now(),
): void {
  // The MAC may carry its key id (`k2.`, ADR 0043).
  const match = key?.match(/^(\d{1,12})\.([\w-]{12})\.((?:[\w-]{1,16}\.)?[\w-]{43})$/);
  if (!match) throw new LookupKeyInvalid();
  const [, expiresAt = '', nonce = '', mac = ''] = match;
  if (!cipher.verifyMac(MAC_PURPOSE, `${userId}.${expiresAt}.${nonce}`, mac)) {
    throw new LookupKeyInvalid();
  }
  if (Number(expiresAt) * 1000 <= now) throw new LookupKeyInvalid();
}

export interface LookupContext {
  provider: AddressLookupProvider;
  cipher: FieldCipher;
  userId: string;
  key: string | undefined;
  now?: number;
}

/** Suggestions for what the person typed; a blank search answers none without asking. */
export async function findAddresses(
  context: LookupContext,
  query: string,
  languageCode: 'en' | 'fr',
): Promise<AddressSuggestion[]> {
  checkLookupKey(context.cipher, context.userId, context.key, context.now);
  if (query.trim() === '') return [];
  return context.provider.find(query, { languageCode, limit: LOOKUP_LIMIT });
}

export async function retrieveAddress(
  context: LookupContext,
  id: string,
  languageCode: 'en' | 'fr',
): Promise<LookupAddress> {
  checkLookupKey(context.cipher, context.userId, context.key, context.now);
  const address = await context.provider.retrieve(id, { languageCode });
  if (!address) throw new AddressNotFound();
  return address;
}
