/**
 * The data-encryption key ring (ADR 0043): the current key, which encrypts and hashes everything
 * new, and older keys, which only read what they made until the re-encryption has moved it.
 */
export interface DataKeyRing {
  /** The id of the key that encrypts and hashes new values; the first of `keys`. */
  readonly current: string;
  /** Every live key by id, the current one first. */
  readonly keys: ReadonlyMap<string, Buffer>;
}

/**
 * The id of the key that was the only key before the ring (ADR 0008): every `v1` ciphertext and
 * every keyed hash without an id prefix was made by it. A single key given alone takes this id.
 */
export const LEGACY_KEY_ID = 'k1';

/**
 * Key ids: short, and free of `:` (the text ciphertext's separator) and `.` (the keyed hashes'
 * prefix separator, never found in base64url), so each stored value names its key unambiguously.
 */
export const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;

export class DataKeyRingError extends Error {
  override name = 'DataKeyRingError';
}

/** A ring of one key, under the legacy id: what a single `DATA_ENCRYPTION_KEY` means. */
export function singleKeyRing(key: Buffer): DataKeyRing {
  return { current: LEGACY_KEY_ID, keys: new Map([[LEGACY_KEY_ID, key]]) };
}

/**
 * The ring written as `id:key` entries separated by commas or line breaks, the current key
 * first (`k2:<base64>,k1:<base64>`). `parseKey` reads one key (base64 or hex) or answers null.
 * Errors name the entry by its position or id, never its key.
 */
export function parseKeyRingText(
  text: string,
  parseKey: (text: string) => Buffer | null,
): DataKeyRing {
  const entries = text
    .split(/[,\r\n]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('#'));
  if (entries.length === 0) throw new DataKeyRingError('the key ring holds no key');
  const keys = new Map<string, Buffer>();
  entries.forEach((entry, index) => {
    const separator = entry.indexOf(':');
    const id = separator < 0 ? '' : entry.slice(0, separator);
    if (!KEY_ID.test(id)) {
      throw new DataKeyRingError(
        `entry ${index + 1} of the key ring must be written id:key, the id 1 to 16 letters, ` +
          'digits, _ or -',
      );
    }
    if (keys.has(id)) throw new DataKeyRingError(`the key id ${id} appears twice in the key ring`);
    const key = parseKey(entry.slice(separator + 1));
    if (!key) {
      throw new DataKeyRingError(
        `the key ${id} of the key ring must be 32 bytes written as base64 or as 64 hexadecimal ` +
          'characters',
      );
    }
    for (const [otherId, other] of keys) {
      if (other.equals(key)) {
        throw new DataKeyRingError(
          `the keys ${otherId} and ${id} of the key ring are the same key`,
        );
      }
    }
    keys.set(id, key);
  });
  return { current: entries[0]!.slice(0, entries[0]!.indexOf(':')), keys };
}

/**
 * A single key (today's form, which becomes `k1`) or a ring of `id:key` entries: a text with no
 * `:` is a single key, since neither base64 nor hex holds one.
 */
export function parseKeyRingOrKey(
  text: string,
  parseKey: (text: string) => Buffer | null,
): DataKeyRing | null {
  if (!text.includes(':')) {
    const key = parseKey(text);
    return key ? singleKeyRing(key) : null;
  }
  return parseKeyRingText(text, parseKey);
}

/** The ring written back as text (the key file's form), the current key first. */
export function keyRingText(ring: DataKeyRing): string {
  return [...ring.keys].map(([id, key]) => `${id}:${key.toString('base64')}`).join('\n');
}
