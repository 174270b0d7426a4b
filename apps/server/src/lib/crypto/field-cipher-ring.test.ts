import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DataKeyRing } from './data-key-ring.ts';
import {
  createFieldCipher,
  DecryptionError,
  hashKeyIdOf,
  RetiredKeyError,
} from './field-cipher.ts';

const k1 = randomBytes(32);
const k2 = randomBytes(32);
const ring = (current: string, ...keys: [string, Buffer][]): DataKeyRing => ({
  current,
  keys: new Map(keys),
});

const before = createFieldCipher(k1);
const rotated = createFieldCipher(ring('k2', ['k2', k2], ['k1', k1]));
const retired = createFieldCipher(ring('k2', ['k2', k2]));

describe('the field cipher over a key ring (ADR 0043)', () => {
  it('keeps writing v1 and bare hashes under the single legacy key, as before the ring', () => {
    expect(before.currentKeyId).toBe('k1');
    expect(before.encrypt('046 454 286')).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(before.encryptBytes(Buffer.from('pdf'))[0]).toBe(1);
    expect(before.fingerprint('x')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('writes v2 with the current key id beside the value, text and bytes', () => {
    const text = rotated.encrypt('046 454 286', 'ctx');
    expect(text).toMatch(/^v2:k2:[^:]+:[^:]+:[^:]+$/);
    expect(rotated.keyIdOf(text)).toBe('k2');
    const bytes = rotated.encryptBytes(Buffer.from('%PDF-1.7'), 'ctx');
    expect([...bytes.subarray(0, 4)]).toEqual([2, 2, 'k'.charCodeAt(0), '2'.charCodeAt(0)]);
    expect(rotated.keyIdOf(bytes)).toBe('k2');
    expect(rotated.decrypt(text, 'ctx')).toBe('046 454 286');
    expect(rotated.decryptBytes(bytes, 'ctx').toString()).toBe('%PDF-1.7');
  });

  it('reads v1 values under the legacy key k1 while the ring holds it', () => {
    const old = before.encrypt('046 454 286', 'ctx');
    const oldBytes = before.encryptBytes(Buffer.from('doc'), 'ctx');
    expect(rotated.keyIdOf(old)).toBe('k1');
    expect(rotated.keyIdOf(oldBytes)).toBe('k1');
    expect(rotated.decrypt(old, 'ctx')).toBe('046 454 286');
    expect(rotated.decryptBytes(oldBytes, 'ctx').toString()).toBe('doc');
  });

  it('names the missing key when a value was made by a key the ring no longer holds', () => {
    const old = before.encrypt('046 454 286');
    expect(() => retired.decrypt(old)).toThrow(RetiredKeyError);
    expect(() => retired.decrypt(old)).toThrow(/key k1/);
    expect(() => retired.decryptBytes(before.encryptBytes(Buffer.from('x')))).toThrow(
      RetiredKeyError,
    );
  });

  it('authenticates the key id: a value relabelled with another id does not decrypt', () => {
    const value = rotated.encrypt('046 454 286');
    const relabelled = value.replace(/^v2:k2:/, 'v2:k1:');
    expect(() => rotated.decrypt(relabelled)).toThrow(DecryptionError);
    // Nor can a v2 value under k1 pass for a v1 value.
    const underK1 = createFieldCipher(ring('k1', ['k1', k1], ['k2', k2])).encrypt('x');
    expect(underK1.startsWith('v1:')).toBe(true);
    const bytes = rotated.encryptBytes(Buffer.from('x'));
    const tampered = Buffer.from(bytes);
    tampered[3] = '1'.charCodeAt(0);
    expect(() => rotated.decryptBytes(tampered)).toThrow(DecryptionError);
  });

  it('versions keyed hashes: bare under k1, <id>. under another key', () => {
    const legacy = before.mac('purpose', 'value');
    expect(hashKeyIdOf(legacy)).toBe('k1');
    const current = rotated.mac('purpose', 'value');
    expect(current).toMatch(/^k2\.[A-Za-z0-9_-]{43}$/);
    expect(hashKeyIdOf(current)).toBe('k2');
    expect(rotated.macs('purpose', 'value')).toEqual([current, legacy]);
    expect(rotated.fingerprints('value')).toEqual([
      rotated.fingerprint('value'),
      before.fingerprint('value'),
    ]);
    expect(retired.macs('purpose', 'value')).toEqual([current]);
  });

  it('verifies a MAC made under any live key, and refuses it once its key is gone', () => {
    const legacy = before.mac('purpose', 'value');
    expect(rotated.verifyMac('purpose', 'value', legacy)).toBe(true);
    expect(rotated.verifyMac('purpose', 'value', rotated.mac('purpose', 'value'))).toBe(true);
    expect(rotated.verifyMac('purpose', 'other', legacy)).toBe(false);
    expect(retired.verifyMac('purpose', 'value', legacy)).toBe(false);
    expect(rotated.verifyMac('purpose', 'value', `k9.${legacy}`)).toBe(false);
  });

  it('gives the raw digest of the current key, without the id', () => {
    const digest = rotated.macDigest('purpose', 'value');
    expect(digest).toHaveLength(32);
    expect(rotated.mac('purpose', 'value')).toBe(`k2.${digest.toString('base64url')}`);
  });

  it('answers null for a value that is not a ciphertext', () => {
    for (const value of ['', 'plain', 'v2:k.1:a:b:c', 'v3:a:b:c']) {
      expect(rotated.keyIdOf(value)).toBeNull();
    }
    expect(rotated.keyIdOf(Buffer.from('%PDF'))).toBeNull();
  });
});
