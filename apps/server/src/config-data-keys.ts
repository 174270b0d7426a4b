import { parseDataKey, type DataKeySource } from './lib/crypto/data-key.ts';
import { DataKeyRingError, parseKeyRingText } from './lib/crypto/data-key-ring.ts';

/**
 * `DATA_ENCRYPTION_KEY` read (ADR 0008, ADR 0043): one key, as before the ring (it is the key
 * `k1`), or a key ring `id:key,id:key`, the current key first. The source, or why it is refused;
 * a refusal never repeats a key.
 */
export function givenDataKey(text: string): DataKeySource | string {
  if (!text.includes(':')) {
    const key = parseDataKey(text);
    return key
      ? { kind: 'given', key }
      : 'Invalid configuration: DATA_ENCRYPTION_KEY must be 32 bytes written as base64 or as ' +
          '64 hexadecimal characters (for example the output of `openssl rand -base64 32`), ' +
          'or a key ring written id:key,id:key with the current key first';
  }
  try {
    return { kind: 'ring', ring: parseKeyRingText(text, parseDataKey) };
  } catch (error) {
    if (!(error instanceof DataKeyRingError)) throw error;
    return `Invalid configuration: DATA_ENCRYPTION_KEY: ${error.message}`;
  }
}
