import { hkdfSync, randomBytes } from 'node:crypto';
import {
  DataKeyRingError,
  parseKeyRingOrKey,
  singleKeyRing,
  type DataKeyRing,
} from './data-key-ring.ts';
import { loadOrCreateSecretFile } from './secret-file.ts';

/** AES-256 takes a 32-byte key. */
export const DATA_KEY_BYTES = 32;

/**
 * Where the data-encryption key comes from (ADR 0008): given in `DATA_ENCRYPTION_KEY` (one key,
 * or a key ring of ADR 0043), or a development key generated once into `DATA_DIR/encryption.key`
 * and reused by every restart (the file may hold a ring too).
 */
export type DataKeySource =
  | { kind: 'given'; key: Buffer }
  | { kind: 'ring'; ring: DataKeyRing }
  | { kind: 'file'; path: string };

export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * A 32-byte key written as 64 hexadecimal characters or as base64 (standard or URL-safe), or
 * null when the text is neither. Never echo the text in an error: it is the key.
 */
export function parseDataKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (HEX_KEY.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!BASE64_KEY.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/=$/, ''), 'base64url');
  return key.length === DATA_KEY_BYTES ? key : null;
}

/**
 * The key ring kept in `file`: one key (the legacy `k1`) or `id:key` lines, the current key
 * first. Read when it exists, otherwise one key drawn at random and written with mode 0600
 * (`loadOrCreateSecretFile`). A file that holds no valid key stops the start instead of being
 * replaced (replacing it would make every encrypted value unreadable).
 */
export function loadOrCreateKeyFile(file: string): DataKeyRing {
  const refusal = (path: string, why: string) =>
    new DataKeyError(
      `${path} does not hold a 32-byte key (base64 or 64 hex characters) or a key ring of ` +
        `id:key lines (${why}); restore it from a backup or set DATA_ENCRYPTION_KEY. ` +
        'It was left as it is.',
    );
  let why = 'no key';
  return loadOrCreateSecretFile(file, {
    generate() {
      const key = randomBytes(DATA_KEY_BYTES);
      return { value: singleKeyRing(key), text: key.toString('base64') };
    },
    parse(text) {
      try {
        return parseKeyRingOrKey(text.trim(), parseDataKey);
      } catch (error) {
        if (!(error instanceof DataKeyRingError)) throw error;
        why = error.message;
        return null;
      }
    },
    refusal: (path) => refusal(path, why),
  });
}

/**
 * The key ring to encrypt with. Without a source (a configuration built in code, as the tests
 * do) the one key is derived from the app secret: every instance built from one configuration
 * agrees, and nothing is written to disk. `loadConfig` always names a source (ADR 0008).
 */
export function resolveDataKeyRing(
  source: DataKeySource | undefined,
  appSecret: string,
): DataKeyRing {
  if (!source) {
    return singleKeyRing(
      Buffer.from(
        hkdfSync('sha256', appSecret, 'portal', 'portal/data-key/from-app-secret', DATA_KEY_BYTES),
      ),
    );
  }
  if (source.kind === 'given') {
    if (source.key.length !== DATA_KEY_BYTES) {
      throw new DataKeyError(`the data-encryption key must be ${DATA_KEY_BYTES} bytes`);
    }
    return singleKeyRing(source.key);
  }
  if (source.kind === 'ring') return source.ring;
  return loadOrCreateKeyFile(source.path);
}
