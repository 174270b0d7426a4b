import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';

/**
 * The SINs and TINs sealed inside the saved steps' JSON (applications/sealed-fields.ts): each
 * sits as `<key>Encrypted` in an object, bound to `applications:<id>:<step>:<path>.<key>`, the
 * path being the object's place in the step's data, row indexes included. The re-encryption
 * finds them by that shape rather than by the list of places, so a place added later is not
 * missed.
 */

type Path = readonly (string | number)[];

const SUFFIX = 'Encrypted';

export const stepValueContext = (applicationId: string, step: string, path: Path, key: string) =>
  `applications:${applicationId}:${step}:${[...path, key].join('.')}`;

export interface SealedStepValue {
  path: Path;
  key: string;
  value: string;
}

/** Every `<key>Encrypted` string the data holds that the cipher recognises as a ciphertext. */
export function sealedStepValues(
  cipher: FieldCipher,
  data: unknown,
  path: Path = [],
): SealedStepValue[] {
  if (Array.isArray(data)) {
    return data.flatMap((item: unknown, index) => sealedStepValues(cipher, item, [...path, index]));
  }
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data as Record<string, unknown>).flatMap(([name, value]) => {
    if (
      name.endsWith(SUFFIX) &&
      name.length > SUFFIX.length &&
      typeof value === 'string' &&
      cipher.keyIdOf(value) !== null
    ) {
      return [{ path, key: name.slice(0, -SUFFIX.length), value }];
    }
    return sealedStepValues(cipher, value, [...path, name]);
  });
}

function replaced(data: unknown, path: Path, name: string, value: string): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return { ...(data as Record<string, unknown>), [name]: value };
  if (Array.isArray(data)) {
    return data.map((item: unknown, index) =>
      index === step ? replaced(item, rest, name, value) : item,
    );
  }
  const object = data as Record<string, unknown>;
  return { ...object, [step]: replaced(object[step], rest, name, value) };
}

/**
 * The step's data with every sealed value not under the current key re-encrypted under it, and
 * how many were. Throws `DecryptionError` when one cannot be read.
 */
export function resealStepData(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  data: unknown,
): { data: unknown; resealed: number } {
  let result = data;
  let resealed = 0;
  for (const { path, key, value } of sealedStepValues(cipher, data)) {
    if (cipher.keyIdOf(value) === cipher.currentKeyId) continue;
    const context = stepValueContext(applicationId, step, path, key);
    const again = cipher.encrypt(cipher.decrypt(value, context), context);
    result = replaced(result, path, `${key}${SUFFIX}`, again);
    resealed += 1;
  }
  return { data: result, resealed };
}
