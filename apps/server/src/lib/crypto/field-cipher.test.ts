import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, DecryptionError } from './field-cipher.ts';

const key = randomBytes(32);
const cipher = createFieldCipher(key);

/** Flips one bit of one byte of a copy. */
function flipped(bytes: Uint8Array, index: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[index] = (copy[index] ?? 0) ^ 0x01;
  return copy;
}

describe('createFieldCipher: text', () => {
  it('round-trips any text, French and emoji included', () => {
    for (const text of ['046 454 286', '', 'Relevé de compte – Montréal 🍁', 'x'.repeat(10_000)]) {
      expect(cipher.decrypt(cipher.encrypt(text))).toBe(text);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(cipher.decrypt(cipher.encrypt(text))).toBe(text);
      }),
    );
  });

  it('writes v1:<iv>:<tag>:<ciphertext> in base64 with a 12-byte IV and a 16-byte tag', () => {
    const value = cipher.encrypt('046 454 286');
    const [version, iv, tag, ciphertext] = value.split(':');
    expect(version).toBe('v1');
    expect(Buffer.from(iv ?? '', 'base64')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64')).toHaveLength('046 454 286'.length);
    expect(value).not.toContain('046');
  });

  it('draws a new IV for every value, so equal plaintexts never look equal', () => {
    const values = Array.from({ length: 50 }, () => cipher.encrypt('046 454 286'));
    expect(new Set(values).size).toBe(50);
    expect(new Set(values.map((value) => value.split(':')[1])).size).toBe(50);
  });

  it('detects a changed byte anywhere (IV, tag or ciphertext)', () => {
    const value = cipher.encrypt('046 454 286');
    const [version, ...parts] = value.split(':');
    parts.forEach((part, which) => {
      const bytes = Buffer.from(part, 'base64');
      for (let index = 0; index < bytes.length; index += 1) {
        const changed = [...parts];
        changed[which] = flipped(bytes, index).toString('base64');
        expect(() => cipher.decrypt([version, ...changed].join(':'))).toThrow(DecryptionError);
      }
    });
  });

  it('refuses values that are not its own format', () => {
    for (const value of ['', 'plain text', 'v2:a:b:c', 'v1:a:b', 'v1:!!:??:%%', 'v1:::']) {
      expect(() => cipher.decrypt(value)).toThrow(DecryptionError);
    }
  });

  it('refuses a value encrypted under another key', () => {
    const other = createFieldCipher(randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt('046 454 286'))).toThrow(DecryptionError);
  });

  it('binds a value to its context: copied to another row it no longer decrypts', () => {
    const value = cipher.encrypt('046 454 286', 'applications:1:sin');
    expect(cipher.decrypt(value, 'applications:1:sin')).toBe('046 454 286');
    expect(() => cipher.decrypt(value, 'applications:2:sin')).toThrow(DecryptionError);
    expect(() => cipher.decrypt(value)).toThrow(DecryptionError);
  });

  it('says nothing about the value when it refuses', () => {
    const value = cipher.encrypt('046 454 286');
    const error = (() => {
      try {
        createFieldCipher(randomBytes(32)).decrypt(value);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toBe('The value cannot be decrypted.');
  });

  it('takes a 32-byte key only', () => {
    expect(() => createFieldCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('createFieldCipher: bytes', () => {
  it('round-trips any bytes and writes version, IV, tag, then ciphertext', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        const sealed = cipher.encryptBytes(bytes, 'documents:x:content');
        expect(sealed).toHaveLength(1 + 12 + 16 + bytes.length);
        expect(sealed[0]).toBe(1);
        expect(new Uint8Array(cipher.decryptBytes(sealed, 'documents:x:content'))).toEqual(bytes);
      }),
    );
  });

  it('accepts a Uint8Array view into a larger buffer (as PGlite returns bytea)', () => {
    const sealed = cipher.encryptBytes(Buffer.from('%PDF-1.7'));
    const padded = new Uint8Array(sealed.length + 10);
    padded.set(sealed, 5);
    const view = padded.subarray(5, 5 + sealed.length);
    expect(cipher.decryptBytes(view).toString()).toBe('%PDF-1.7');
  });

  it('detects a flipped byte at every position', () => {
    const sealed = cipher.encryptBytes(randomBytes(64));
    for (let index = 0; index < sealed.length; index += 1) {
      expect(() => cipher.decryptBytes(flipped(sealed, index))).toThrow(DecryptionError);
    }
    expect(() => cipher.decryptBytes(sealed.subarray(0, sealed.length - 1))).toThrow(
      DecryptionError,
    );
    expect(() => cipher.decryptBytes(Buffer.alloc(10))).toThrow(DecryptionError);
  });

  it('draws a new IV for equal contents', () => {
    const content = randomBytes(100);
    const first = cipher.encryptBytes(content);
    const second = cipher.encryptBytes(content);
    expect(first.subarray(1, 13).equals(second.subarray(1, 13))).toBe(false);
    expect(first.equals(second)).toBe(false);
  });
});

describe('createFieldCipher: fingerprints and MACs', () => {
  it('gives equal values equal fingerprints, under this key only', () => {
    expect(cipher.fingerprint('046454286')).toBe(cipher.fingerprint('046454286'));
    expect(cipher.fingerprint('046454286')).not.toBe(cipher.fingerprint('046454287'));
    expect(cipher.fingerprint(Buffer.from('abc'))).toBe(cipher.fingerprint('abc'));
    expect(createFieldCipher(randomBytes(32)).fingerprint('046454286')).not.toBe(
      cipher.fingerprint('046454286'),
    );
    expect(createFieldCipher(key).fingerprint('046454286')).toBe(cipher.fingerprint('046454286'));
  });

  it('is a 256-bit keyed hash in base64url that does not show the value', () => {
    const fingerprint = cipher.fingerprint('046454286');
    expect(fingerprint).toMatch(/^[\w-]{43}$/);
    expect(fingerprint).not.toContain('046454286');
  });

  it('keys each MAC purpose apart from the others and from fingerprints', () => {
    expect(cipher.mac('fingerprint', 'x')).toBe(cipher.fingerprint('x'));
    expect(cipher.mac('address-lookup', 'x')).not.toBe(cipher.fingerprint('x'));
    const signature = cipher.mac('address-lookup', 'user.123');
    expect(cipher.verifyMac('address-lookup', 'user.123', signature)).toBe(true);
    expect(cipher.verifyMac('address-lookup', 'user.124', signature)).toBe(false);
    expect(cipher.verifyMac('other', 'user.123', signature)).toBe(false);
    expect(cipher.verifyMac('address-lookup', 'user.123', signature.slice(1))).toBe(false);
  });
});
