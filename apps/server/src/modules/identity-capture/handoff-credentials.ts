import { randomBytes, randomInt } from 'node:crypto';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';

/**
 * The phone hand-off's credentials (ADR 0018): a long token for the SMS link and the QR code,
 * and an eight-character short code a person can type (`/v/{code}`). Either one opens the
 * phone pages of one attempt for 15 minutes; neither is stored, only a keyed hash of it.
 */

/** No 0/O, 1/I/L: a code read off a screen and typed on a phone is not mistyped. */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 8;

const SHORT_CODE_PATTERN = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newHandoffToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newShortCode(): string {
  let code = '';
  for (let index = 0; index < SHORT_CODE_LENGTH; index += 1) {
    code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  }
  return code;
}

/** The short code as typed (any case, spaces or a dash in the middle), or null when it is none. */
export function normalizeShortCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return SHORT_CODE_PATTERN.test(code) ? code : null;
}

/** `hashes`: the credential's keyed hash under each live key (ADR 0043), for the look-up. */
export type HandoffCredential =
  { kind: 'token'; hashes: string[] } | { kind: 'shortCode'; hashes: string[] };

const TOKEN_PURPOSE = 'identity-handoff-token';
const SHORT_CODE_PURPOSE = 'identity-handoff-short-code';

export const tokenHashOf = (cipher: FieldCipher, token: string) => cipher.mac(TOKEN_PURPOSE, token);
export const shortCodeHashOf = (cipher: FieldCipher, code: string) =>
  cipher.mac(SHORT_CODE_PURPOSE, code);

/** What the path holds: a token, a short code, or nothing worth looking up. */
export function credentialOf(cipher: FieldCipher, value: string): HandoffCredential | null {
  if (TOKEN_PATTERN.test(value)) {
    return { kind: 'token', hashes: cipher.macs(TOKEN_PURPOSE, value) };
  }
  const code = normalizeShortCode(value);
  return code ? { kind: 'shortCode', hashes: cipher.macs(SHORT_CODE_PURPOSE, code) } : null;
}

/** `*** *** 1234`: enough for a person to recognise their phone. */
export const maskHandoffPhone = (number: string) => `*** *** ${number.slice(-4)}`;

export const phoneLink = (publicUrl: string, token: string) => `${publicUrl}/#/verify/${token}`;
export const shortLinkOf = (publicUrl: string, code: string) => `${publicUrl}/v/${code}`;
