import { sql, type SQL } from 'drizzle-orm';
import { LEGACY_KEY_ID } from '../../lib/crypto/data-key-ring.ts';

/**
 * SQL that reads the key id stored beside a value (ADR 0043), for the batches' selection and the
 * status's counts. The forms are those of field-cipher.ts: text `v1:` (the legacy key) or
 * `v2:<id>:`, bytes starting 1 or 2 + length + id, keyed hashes bare (legacy) or `<id>.`.
 */

export const column = (name: string): SQL => sql`${sql.identifier(name)}`;

// A literal, not a parameter: a parameter's type cannot always be inferred inside CASE.
const legacy = sql.raw(`'${LEGACY_KEY_ID}'`);

/** The bytes a v2 byte ciphertext under `keyId` starts with, in hex. */
const bytesPrefixHex = (keyId: string) =>
  Buffer.concat([Buffer.of(2, keyId.length), Buffer.from(keyId, 'latin1')]).toString('hex');

/** Whether a text ciphertext is under `keyId` (its column not null). */
export function textUnder(name: string, keyId: string): SQL {
  const prefix = keyId === LEGACY_KEY_ID ? 'v1:' : `v2:${keyId}:`;
  return sql`left(${column(name)}, ${prefix.length}) = ${prefix}`;
}

/** Whether a byte ciphertext is under `keyId`; only its first bytes are read. */
export function bytesUnder(name: string, keyId: string): SQL {
  if (keyId === LEGACY_KEY_ID) {
    return sql`encode(substring(${column(name)} from 1 for 1), 'hex') = '01'`;
  }
  const hex = bytesPrefixHex(keyId);
  return sql`encode(substring(${column(name)} from 1 for ${hex.length / 2}), 'hex') = ${hex}`;
}

/** Whether a keyed hash is under `keyId`. */
export function hashUnder(name: string, keyId: string): SQL {
  if (keyId === LEGACY_KEY_ID) return sql`position('.' in ${column(name)}) = 0`;
  const prefix = `${keyId}.`;
  return sql`left(${column(name)}, ${prefix.length}) = ${prefix}`;
}

/** The key id of a text ciphertext, `?` when it is none of ours. */
export const textKeyId = (name: string): SQL => sql`case
  when left(${column(name)}, 3) = 'v1:' then ${legacy}
  when left(${column(name)}, 3) = 'v2:' then split_part(${column(name)}, ':', 2)
  else '?' end`;

/** The key id of a byte ciphertext, `?` when it is none of ours. */
export const bytesKeyId = (name: string): SQL => sql`case
  when length(${column(name)}) < 2 then '?'
  when get_byte(${column(name)}, 0) = 1 then ${legacy}
  when get_byte(${column(name)}, 0) = 2
    then convert_from(substring(${column(name)} from 3 for get_byte(${column(name)}, 1)), 'UTF8')
  else '?' end`;

/** The key id of a keyed hash. */
export const hashKeyId = (name: string): SQL => sql`case
  when position('.' in ${column(name)}) = 0 then ${legacy}
  else split_part(${column(name)}, '.', 1) end`;

/**
 * Whether a step's JSON holds a sealed value under another key than `keyId`. jsonb prints
 * `"<key>Encrypted": "<value>"`; the rows it selects are checked value by value afterwards.
 */
export function stepDataNotUnder(keyId: string): SQL {
  const pattern =
    keyId === LEGACY_KEY_ID ? 'Encrypted": "v2:' : `Encrypted": "(v1:|v2:(?!${keyId}:))`;
  return sql`${column('data')}::text ~ ${pattern}`;
}

/** Whether a step's JSON holds any sealed value. */
export const stepDataSealed = (): SQL => sql`${column('data')}::text ~ 'Encrypted": "v[12]:'`;
