import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  credentialOf,
  maskHandoffPhone,
  newHandoffToken,
  newShortCode,
  normalizeShortCode,
  SHORT_CODE_ALPHABET,
  shortCodeHashOf,
  tokenHashOf,
} from './handoff-credentials.ts';

const cipher = createFieldCipher(new Uint8Array(32).fill(7));

describe('hand-off credentials', () => {
  it('makes 43-character tokens and 8-character codes from the unambiguous alphabet', () => {
    expect(newHandoffToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let index = 0; index < 50; index += 1) {
      const code = newShortCode();
      expect(code).toHaveLength(8);
      expect([...code].every((letter) => SHORT_CODE_ALPHABET.includes(letter))).toBe(true);
    }
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[01ILO]/);
  });

  it('reads a typed code in any case, with a space or dash, and refuses letters not in the alphabet', () => {
    expect(normalizeShortCode('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalizeShortCode(' 2345 6789 ')).toBe('23456789');
    expect(normalizeShortCode('ABCDEFG0')).toBeNull();
    expect(normalizeShortCode('ABCDEFG')).toBeNull();
  });

  it('looks up a token or a code by a keyed hash that differs per kind', () => {
    const token = newHandoffToken();
    expect(credentialOf(cipher, token)).toEqual({
      kind: 'token',
      hashes: [tokenHashOf(cipher, token)],
    });
    expect(credentialOf(cipher, 'wxyz2345')).toEqual({
      kind: 'shortCode',
      hashes: [shortCodeHashOf(cipher, 'WXYZ2345')],
    });
    expect(tokenHashOf(cipher, 'WXYZ2345')).not.toBe(shortCodeHashOf(cipher, 'WXYZ2345'));
    expect(credentialOf(cipher, '../etc')).toBeNull();
  });

  it('masks a phone to its last four digits', () => {
    expect(maskHandoffPhone('5145550199')).toBe('*** *** 0199');
  });
});
