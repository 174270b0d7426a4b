import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Field encryption of the architecture page ("Data protection"): AES-256-GCM with a random
 * 12-byte IV per value and a 16-byte tag, so a changed byte anywhere is detected. See ADR 0008.
 *
 * - Text: `v1:<base64 iv>:<base64 tag>:<base64 ciphertext>`, for text columns.
 * - Bytes: one version byte (1), the IV, the tag, then the ciphertext, for bytea columns.
 *
 * An optional `context` (for example `documents:<id>:content`) is authenticated with the value:
 * a ciphertext copied to another row or column no longer decrypts. The version is
 * authenticated too. The key given is never used directly: HKDF derives one key for encryption
 * and one per MAC purpose, so the HMAC fingerprints cannot be turned against the ciphertexts.
 */
export interface FieldCipher {
  encrypt(text: string, context?: string): string;
  decrypt(value: string, context?: string): string;
  encryptBytes(bytes: Uint8Array, context?: string): Buffer;
  decryptBytes(value: Uint8Array, context?: string): Buffer;
  /** A keyed HMAC-SHA256 (base64url) for equality look-ups without decrypting. */
  fingerprint(value: string | Uint8Array): string;
  /** HMAC-SHA256 (base64url) under a key of its own for each purpose (signed keys, ...). */
  mac(purpose: string, value: string | Uint8Array): string;
  /** Compares a MAC received with the one expected, in constant time. */
  verifyMac(purpose: string, value: string | Uint8Array, received: string): boolean;
}

/** A value that is not ours, was changed, or was encrypted for another context or key. */
export class DecryptionError extends Error {
  override name = 'DecryptionError';
  constructor() {
    super('The value cannot be decrypted.');
  }
}

const VERSION_TEXT = 'v1';
const VERSION_BYTE = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function derive(key: Uint8Array, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, 'laurentide-portal', info, KEY_BYTES));
}

export function createFieldCipher(key: Uint8Array): FieldCipher {
  if (key.length !== KEY_BYTES) throw new Error(`the field-cipher key must be ${KEY_BYTES} bytes`);
  const encryptionKey = derive(key, 'portal/aes-256-gcm/v1');
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let found = macKeys.get(purpose);
    if (!found) {
      found = derive(key, `portal/hmac-sha256/${purpose}`);
      macKeys.set(purpose, found);
    }
    return found;
  };
  const associatedData = (context: string | undefined) =>
    Buffer.from(`${VERSION_TEXT}|${context ?? ''}`, 'utf8');

  function seal(plaintext: Uint8Array, context: string | undefined) {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), ciphertext };
  }

  function open(iv: Buffer, tag: Buffer, ciphertext: Buffer, context: string | undefined) {
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv, {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(associatedData(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      throw new DecryptionError();
    }
  }

  function mac(purpose: string, value: string | Uint8Array): string {
    return createHmac('sha256', macKey(purpose)).update(value).digest('base64url');
  }

  return {
    encrypt(text, context) {
      const { iv, tag, ciphertext } = seal(Buffer.from(text, 'utf8'), context);
      return [VERSION_TEXT, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
        .join(':');
    },

    decrypt(value, context) {
      const parts = value.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION_TEXT) throw new DecryptionError();
      const [iv, tag, ciphertext] = parts.slice(1).map((part) => {
        if (!BASE64.test(part)) throw new DecryptionError();
        return Buffer.from(part, 'base64');
      }) as [Buffer, Buffer, Buffer];
      return open(iv, tag, ciphertext, context).toString('utf8');
    },

    encryptBytes(bytes, context) {
      const { iv, tag, ciphertext } = seal(bytes, context);
      return Buffer.concat([Buffer.of(VERSION_BYTE), iv, tag, ciphertext]);
    },

    decryptBytes(value, context) {
      const buffer = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      if (buffer.length < 1 + IV_BYTES + TAG_BYTES || buffer[0] !== VERSION_BYTE) {
        throw new DecryptionError();
      }
      const iv = buffer.subarray(1, 1 + IV_BYTES);
      const tag = buffer.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      return open(iv, tag, buffer.subarray(1 + IV_BYTES + TAG_BYTES), context);
    },

    fingerprint: (value) => mac('fingerprint', value),

    mac,

    verifyMac(purpose, value, received) {
      const expected = Buffer.from(mac(purpose, value), 'utf8');
      const given = Buffer.from(received, 'utf8');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
