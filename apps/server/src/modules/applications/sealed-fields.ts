import { maskSin } from '@portal/domain';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';

/**
 * Where a step's data holds a SIN: the applicant's own and their spouse's (profile steps).
 * Each is stored as `sinEncrypted` (AES-256-GCM, bound to its application, step and place)
 * beside `sinMasked`; the plain number never reaches the database, a log or a response.
 */
const sinPlaces: readonly (readonly string[])[] = [[], ['spouse']];

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function at(data: unknown, place: readonly string[]): Data | undefined {
  let current: unknown = data;
  for (const key of place) current = isRecord(current) ? current[key] : undefined;
  return isRecord(current) ? current : undefined;
}

/** A copy of `data` with the object at `place` replaced by `change(object)`. */
function updateAt(data: Data, place: readonly string[], change: (object: Data) => Data): Data {
  if (place.length === 0) return change(data);
  const [key, ...rest] = place as [string, ...string[]];
  const inner = data[key];
  return isRecord(inner) ? { ...data, [key]: updateAt(inner, rest, change) } : data;
}

const contextOf = (applicationId: string, step: string, place: readonly string[]) =>
  `applications:${applicationId}:${step}:${[...place, 'sin'].join('.')}`;

/** Replaces each SIN by its encrypted and masked forms, for storage. */
export function sealSins(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  data: unknown,
): unknown {
  if (!isRecord(data)) return data;
  let sealed: Data = data;
  for (const place of sinPlaces) {
    sealed = updateAt(sealed, place, (object) => {
      const { sin, ...rest } = object;
      if (typeof sin !== 'string' || sin === '') return rest;
      return {
        ...rest,
        sinEncrypted: cipher.encrypt(sin, contextOf(applicationId, step, place)),
        sinMasked: maskSin(sin),
      };
    });
  }
  return sealed;
}

/** The SIN stored at a place of a step's saved data, decrypted; undefined when none. */
export function savedSin(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  saved: unknown,
  place: readonly string[] = [],
): string | undefined {
  const encrypted = at(saved, place)?.sinEncrypted;
  return typeof encrypted === 'string'
    ? cipher.decrypt(encrypted, contextOf(applicationId, step, place))
    : undefined;
}

/**
 * A SIN left blank on a form whose SIN is on file keeps the one on file: it is put back into
 * the submitted data before the step's schema checks it.
 */
export function restoreBlankSins(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  submitted: unknown,
  saved: unknown,
): unknown {
  if (!isRecord(submitted)) return submitted;
  let restored: Data = submitted;
  for (const place of sinPlaces) {
    const onFile = savedSin(cipher, applicationId, step, saved, place);
    if (onFile === undefined) continue;
    restored = updateAt(restored, place, (object) =>
      object.sin === undefined || object.sin === '' ? { ...object, sin: onFile } : object,
    );
  }
  return restored;
}

/** Saved steps as the owner may read them: masked SINs, never the encrypted values. */
export function withoutSealedValues(steps: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isRecord(value)) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'sinEncrypted')
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(steps) as Record<string, unknown>;
}
