import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

import { LEGACY_KEY_ID, KEY_ID, singleKeyRing, type DataKeyRing } from './data-key-ring.ts';

/**
 * Field encryption of the architecture page ("Data protection"): AES-256-GCM with a random
 * 12-byte IV per value and a 16-byte tag, so a changed byte anywhere is detected. See ADR 0008,
 * and ADR 0043 for the key ring.
 *
 * - Text: `v2:<key id>:<base64 iv>:<base64 tag>:<base64 ciphertext>`, for text columns; the
 *   legacy key `k1` keeps writing `v1:<iv>:<tag>:<ciphertext>` (its id is implied), so nothing
 *   changes for a deployment that never rotates.
 * - Bytes: a version byte (1; or 2, the key id's length and the id), the IV, the tag, then the
 *   ciphertext, for bytea columns.
 *
 * An optional `context` (for example `documents:<id>:content`) is authenticated with the value:
 * a ciphertext copied to another row or column no longer decrypts. The version and the key id
 * are authenticated too. A key given is never used directly: HKDF derives one key for encryption
 * and one per MAC purpose, so the HMAC fingerprints cannot be turned against the ciphertexts.
 *
 * Keyed hashes are versioned with the ring: the legacy key's have no prefix (as before the ring),
 * any other key's are `<key id>.<base64url>`. `mac` and `fingerprint` hash under the current key;
 * look-ups ask `macs`/`fingerprints` for every live key's version.
 */
export interface FieldCipher {
  /** The key that encrypts and hashes new values. */
  readonly currentKeyId: string;
  /** Every live key id, the current one first. */
  readonly keyIds: readonly string[];
  encrypt(text: string, context?: string): string;
  decrypt(value: string, context?: string): string;
  encryptBytes(bytes: Uint8Array, context?: string): Buffer;
  decryptBytes(value: Uint8Array, context?: string): Buffer;
  /** A keyed HMAC-SHA256 (base64url) for equality look-ups without decrypting. */
  fingerprint(value: string | Uint8Array): string;
  /** The fingerprint under each live key, the current one first: for look-ups. */
  fingerprints(value: string | Uint8Array): string[];
  /** HMAC-SHA256 (base64url) under a key of its own for each purpose (signed keys, ...). */
  mac(purpose: string, value: string | Uint8Array): string;
  /** The MAC under each live key, the current one first: for look-ups. */
  macs(purpose: string, value: string | Uint8Array): string[];
  /** The raw MAC digest under the current key (for ids derived from it), without the prefix. */
  macDigest(purpose: string, value: string | Uint8Array): Buffer;
  /**
   * Compares a MAC received or stored with the one expected, in constant time, under the key
   * its prefix names (any live key).
   */
  verifyMac(purpose: string, value: string | Uint8Array, received: string): boolean;
  /** The id of the key a ciphertext (text or bytes) names, or null when it is not one of ours. */
  keyIdOf(value: string | Uint8Array): string | null;
}

/** A value that is not ours, was changed, or was encrypted for another context or key. */
export class DecryptionError extends Error {
  override name = 'DecryptionError';
  constructor(message = 'The value cannot be decrypted.') {
    super(message);
  }
}

/** A value encrypted by a key the ring no longer holds: put the key back (ADR 0043). */
export class RetiredKeyError extends DecryptionError {
  override name = 'RetiredKeyError';
  constructor(readonly keyId: string) {
    super(`The value was encrypted by the key ${keyId}, which the key ring does not hold.`);
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function derive(key: Uint8Array, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, 'laurentide-portal', info, KEY_BYTES));
}

/** The keyed hash's key id: the prefix before `.`, or the legacy key's for a bare digest. */
export function hashKeyIdOf(hash: string): string {
  const dot = hash.indexOf('.');
  return dot < 0 ? LEGACY_KEY_ID : hash.slice(0, dot);
}

/** What one key derives: its encryption key and, lazily, one MAC key per purpose. */
function keyMaterial(key: Uint8Array) {
  if (key.length !== KEY_BYTES) throw new Error(`the field-cipher key must be ${KEY_BYTES} bytes`);
  const encryptionKey = derive(key, 'portal/aes-256-gcm/v1');
  const macKeys = new Map<string, Buffer>();
  return {
    encryptionKey,
    macKey(purpose: string) {
      let found = macKeys.get(purpose);
      if (!found) {
        found = derive(key, `portal/hmac-sha256/${purpose}`);
        macKeys.set(purpose, found);
      }
      return found;
    },
  };
}

type KeyMaterial = ReturnType<typeof keyMaterial>;

/** A ciphertext taken apart: which key, what to authenticate, and its three parts. */
interface Sealed {
  keyId: string;
  version: 'v1' | 'v2';
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

function splitText(value: string): Sealed | null {
  const parts = value.split(':');
  let keyId: string;
  let encoded: string[];
  if (parts.length === 4 && parts[0] === 'v1') {
    keyId = LEGACY_KEY_ID;
    encoded = parts.slice(1);
  } else if (parts.length === 5 && parts[0] === 'v2' && KEY_ID.test(parts[1]!)) {
    keyId = parts[1]!;
    encoded = parts.slice(2);
  } else {
    return null;
  }
  if (!encoded.every((part) => BASE64.test(part))) return null;
  const [iv, tag, ciphertext] = encoded.map((part) => Buffer.from(part, 'base64')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  return { keyId, version: parts[0] as 'v1' | 'v2', iv, tag, ciphertext };
}

function splitBytes(value: Uint8Array): Sealed | null {
  const buffer = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  let keyId: string;
  let offset: number;
  if (buffer[0] === 1) {
    keyId = LEGACY_KEY_ID;
    offset = 1;
  } else if (buffer[0] === 2 && buffer.length > 2) {
    offset = 2 + buffer[1]!;
    keyId = buffer.subarray(2, offset).toString('latin1');
    if (!KEY_ID.test(keyId)) return null;
  } else {
    return null;
  }
  if (buffer.length < offset + IV_BYTES + TAG_BYTES) return null;
  return {
    keyId,
    version: buffer[0] === 1 ? 'v1' : 'v2',
    iv: buffer.subarray(offset, offset + IV_BYTES),
    tag: buffer.subarray(offset + IV_BYTES, offset + IV_BYTES + TAG_BYTES),
    ciphertext: buffer.subarray(offset + IV_BYTES + TAG_BYTES),
  };
}

/**
 * The cipher of one key (a ring of one, under the legacy id `k1`) or of a key ring: new values
 * under the ring's current key, old ones read under the key they name.
 */
export function createFieldCipher(keys: Uint8Array | DataKeyRing): FieldCipher {
  const ring = keys instanceof Uint8Array ? singleKeyRing(Buffer.from(keys)) : keys;
  const materials = new Map<string, KeyMaterial>();
  for (const [id, key] of ring.keys) materials.set(id, keyMaterial(key));
  const currentKeyId = ring.current;
  const current = materials.get(currentKeyId);
  if (!current) throw new Error(`the key ring's current key ${currentKeyId} is not in the ring`);
  const keyIds = [...materials.keys()];
  const legacyCurrent = currentKeyId === LEGACY_KEY_ID;

  // v1 bound only the version; v2 binds the key id as well, so a value cannot be relabelled.
  const associatedData = (version: 'v1' | 'v2', keyId: string, context: string | undefined) =>
    Buffer.from(version === 'v1' ? `v1|${context ?? ''}` : `v2|${keyId}|${context ?? ''}`, 'utf8');

  function seal(plaintext: Uint8Array, context: string | undefined) {
    const version = legacyCurrent ? 'v1' : 'v2';
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current!.encryptionKey, iv, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(associatedData(version, currentKeyId, context));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), ciphertext };
  }

  function open(sealed: Sealed | null, context: string | undefined): Buffer {
    if (!sealed || sealed.iv.length !== IV_BYTES || sealed.tag.length !== TAG_BYTES) {
      throw new DecryptionError();
    }
    const material = materials.get(sealed.keyId);
    if (!material) throw new RetiredKeyError(sealed.keyId);
    try {
      const decipher = createDecipheriv('aes-256-gcm', material.encryptionKey, sealed.iv, {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(associatedData(sealed.version, sealed.keyId, context));
      decipher.setAuthTag(sealed.tag);
      return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
    } catch {
      throw new DecryptionError();
    }
  }

  const digest = (material: KeyMaterial, purpose: string, value: string | Uint8Array) =>
    createHmac('sha256', material.macKey(purpose)).update(value).digest();

  const versioned = (keyId: string, raw: Buffer) =>
    keyId === LEGACY_KEY_ID ? raw.toString('base64url') : `${keyId}.${raw.toString('base64url')}`;

  const mac = (purpose: string, value: string | Uint8Array) =>
    versioned(currentKeyId, digest(current, purpose, value));

  const macs = (purpose: string, value: string | Uint8Array) =>
    [...materials].map(([id, material]) => versioned(id, digest(material, purpose, value)));

  return {
    currentKeyId,
    keyIds,

    encrypt(text, context) {
      const { iv, tag, ciphertext } = seal(Buffer.from(text, 'utf8'), context);
      const encoded = [iv, tag, ciphertext].map((part) => part.toString('base64'));
      return (legacyCurrent ? ['v1', ...encoded] : ['v2', currentKeyId, ...encoded]).join(':');
    },

    decrypt(value, context) {
      return open(splitText(value), context).toString('utf8');
    },

    encryptBytes(bytes, context) {
      const { iv, tag, ciphertext } = seal(bytes, context);
      const header = legacyCurrent
        ? Buffer.of(1)
        : Buffer.concat([Buffer.of(2, currentKeyId.length), Buffer.from(currentKeyId, 'latin1')]);
      return Buffer.concat([header, iv, tag, ciphertext]);
    },

    decryptBytes(value, context) {
      return open(splitBytes(value), context);
    },

    fingerprint: (value) => mac('fingerprint', value),

    fingerprints: (value) => macs('fingerprint', value),

    mac,

    macs,

    macDigest: (purpose, value) => digest(current, purpose, value),

    verifyMac(purpose, value, received) {
      const material = materials.get(hashKeyIdOf(received));
      if (!material) return false;
      const expected = Buffer.from(
        versioned(hashKeyIdOf(received), digest(material, purpose, value)),
        'utf8',
      );
      const given = Buffer.from(received, 'utf8');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    keyIdOf(value) {
      return (typeof value === 'string' ? splitText(value) : splitBytes(value))?.keyId ?? null;
    },
  };
}
