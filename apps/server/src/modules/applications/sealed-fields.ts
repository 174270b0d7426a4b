import { isEmpty, maskSin } from '@portal/domain';
import { nameKey } from '@portal/domain/rules/person-name';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';

/**
 * SINs and TINs in the saved steps (ADR 0008). Each value is stored as `<key>Encrypted`
 * (AES-256-GCM, bound to its application, step and exact place, row index included) beside
 * `<key>Masked`; the plain value never reaches the database, a log or a response.
 */

type Data = Record<string, unknown>;
type Path = readonly (string | number)[];

/**
 * A list whose rows are told apart by who or what they are: a blank in a row takes back only
 * the value of the saved row at the same index that is the same one (a row deleted above it
 * shifts the indexes, and the value must not move to somebody else).
 */
interface Rows {
  rows: string;
  identity: (row: Data) => string | undefined;
}

interface SealedPlace {
  /** Where the object holding the value sits; a `Rows` segment stands for each of its rows. */
  path: readonly (string | Rows)[];
  key: string;
  mask: (value: string) => string;
  /** Whether the form, as sent, still asks for the value; a blank is then "keep the one on file". */
  stillAsked?: (object: Data) => boolean;
}

const TIN_SEPARATORS = /[\s./-]/g;
const TIN_MASK = '******';

/**
 * A TIN as its owner may see it again: the last 3 characters, after a fixed run of stars that
 * hides its length. A short TIN shows nothing, since 3 characters would give most of it away.
 */
export function maskTin(tin: string): string {
  const characters = tin.replace(TIN_SEPARATORS, '');
  return characters.length >= 6 ? `${TIN_MASK}${characters.slice(-3)}` : TIN_MASK;
}

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const taxResidenceRows: Rows = {
  rows: 'taxResidences',
  identity: (row) => (typeof row.countryId === 'number' ? String(row.countryId) : undefined),
};

const thirdPartyRows: Rows = {
  rows: 'thirdParties',
  identity: (row) =>
    typeof row.name === 'string' && row.name.trim() !== ''
      ? `${String(row.kind)}|${nameKey(row.name)}`
      : undefined,
};

const profileSins: readonly SealedPlace[] = [
  { path: [], key: 'sin', mask: maskSin },
  { path: ['spouse'], key: 'sin', mask: maskSin },
];

const affiliationTins = (['primary', 'joint'] as const).flatMap((applicant): SealedPlace[] => [
  {
    path: ['affiliations', applicant, taxResidenceRows],
    key: 'tin',
    mask: maskTin,
    // A row that now gives a reason for having no TIN must not get the old TIN back.
    stillAsked: (residence) => isEmpty(residence.noTinReason),
  },
  { path: ['affiliations', applicant], key: 'usTin', mask: maskTin },
]);

const thirdPartySins = (['tradingAuthority', 'guarantee', 'powerOfAttorney'] as const).map(
  (question): SealedPlace => ({ path: [question, thirdPartyRows], key: 'sin', mask: maskSin }),
);

const placesByStep: ReadonlyMap<string, readonly SealedPlace[]> = new Map([
  ['profile', profileSins],
  ['profilejoint', profileSins],
  ['otherinterests', [...affiliationTins, ...thirdPartySins]],
]);

const placesOf = (step: string) => placesByStep.get(step) ?? [];

const contextOf = (applicationId: string, step: string, path: Path, key: string) =>
  `applications:${applicationId}:${step}:${[...path, key].join('.')}`;

const encryptedKey = (key: string) => `${key}Encrypted`;

interface Reached {
  /** The object's concrete path, row indexes filled in. */
  path: Path;
  object: Data;
  /** The saved object at the same path, when every row on the way is the same one. */
  onFile: Data | undefined;
}

function sameRow(rows: Rows, row: unknown, savedRow: unknown): boolean {
  if (!isRecord(row) || !isRecord(savedRow)) return false;
  const identity = rows.identity(row);
  return identity !== undefined && identity === rows.identity(savedRow);
}

/** Every object a place's path reaches in `data`, each paired with its saved counterpart. */
function reach(
  data: unknown,
  saved: unknown,
  segments: SealedPlace['path'],
  path: Path = [],
): Reached[] {
  if (!isRecord(data)) return [];
  const onFile = isRecord(saved) ? saved : undefined;
  const [segment, ...rest] = segments;
  if (segment === undefined) return [{ path, object: data, onFile }];
  if (typeof segment === 'string') {
    return reach(data[segment], onFile?.[segment], rest, [...path, segment]);
  }
  const rows = data[segment.rows];
  const savedRows = onFile?.[segment.rows];
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown, index) => {
    const savedRow: unknown = Array.isArray(savedRows) ? savedRows[index] : undefined;
    const counterpart = sameRow(segment, row, savedRow) ? savedRow : undefined;
    return reach(row, counterpart, rest, [...path, segment.rows, index]);
  });
}

/** A copy of `data` with the object at `path` replaced by `change(object)`. */
function updateAt(data: unknown, path: Path, change: (object: Data) => Data): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return isRecord(data) ? change(data) : data;
  if (typeof step === 'number') {
    return Array.isArray(data)
      ? data.map((row: unknown, index) => (index === step ? updateAt(row, rest, change) : row))
      : data;
  }
  return isRecord(data) ? { ...data, [step]: updateAt(data[step], rest, change) } : data;
}

function objectAt(data: unknown, path: Path): Data | undefined {
  let current: unknown = data;
  for (const step of path) {
    if (typeof step === 'number') current = Array.isArray(current) ? current[step] : undefined;
    else current = isRecord(current) ? current[step] : undefined;
  }
  return isRecord(current) ? current : undefined;
}

function sealObject(object: Data, place: SealedPlace, context: string, cipher: FieldCipher): Data {
  const { [place.key]: value, ...rest } = object;
  if (typeof value !== 'string' || value === '') return rest;
  return {
    ...rest,
    [encryptedKey(place.key)]: cipher.encrypt(value, context),
    [`${place.key}Masked`]: place.mask(value),
  };
}

/** Replaces each SIN and TIN of a step's checked data by its encrypted and masked forms. */
export function sealFields(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  data: unknown,
): unknown {
  let sealed = data;
  for (const place of placesOf(step)) {
    for (const { path } of reach(data, undefined, place.path)) {
      const context = contextOf(applicationId, step, path, place.key);
      sealed = updateAt(sealed, path, (object) => sealObject(object, place, context, cipher));
    }
  }
  return sealed;
}

/** The SIN stored at a place of a profile step's saved data, decrypted; undefined when none. */
export function savedSin(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  saved: unknown,
  place: Path = [],
): string | undefined {
  const encrypted = objectAt(saved, place)?.[encryptedKey('sin')];
  return typeof encrypted === 'string'
    ? cipher.decrypt(encrypted, contextOf(applicationId, step, place, 'sin'))
    : undefined;
}

/**
 * One sealed value at a place of a step's saved data (`path` to its object, `key` its name),
 * decrypted with the binding it was sealed with; undefined when none is on file. For
 * operations' audited reveal (issue 16), which decrypts exactly the value asked for.
 */
export function savedSealedValue(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  saved: unknown,
  path: Path,
  key: string,
): string | undefined {
  const encrypted = objectAt(saved, path)?.[encryptedKey(key)];
  return typeof encrypted === 'string'
    ? cipher.decrypt(encrypted, contextOf(applicationId, step, path, key))
    : undefined;
}

/** The value on file that a blank at `reached` stands for, decrypted; undefined when none. */
function valueOnFile(
  cipher: FieldCipher,
  context: string,
  place: SealedPlace,
  { object, onFile }: Reached,
): string | undefined {
  const blank = object[place.key] === undefined || object[place.key] === '';
  if (!blank || !onFile || !(place.stillAsked?.(object) ?? true)) return undefined;
  const encrypted = onFile[encryptedKey(place.key)];
  return typeof encrypted === 'string' ? cipher.decrypt(encrypted, context) : undefined;
}

/**
 * A SIN or TIN left blank on a form whose value is on file keeps the one on file: it is put back
 * into the submitted data before the step's schema checks it. In a list, only the same row (same
 * country, same third party) takes it back; any other blank stays blank for the schema to judge.
 */
export function restoreBlankFields(
  cipher: FieldCipher,
  applicationId: string,
  step: string,
  submitted: unknown,
  saved: unknown,
): unknown {
  let restored = submitted;
  for (const place of placesOf(step)) {
    for (const reached of reach(submitted, saved, place.path)) {
      const context = contextOf(applicationId, step, reached.path, place.key);
      const value = valueOnFile(cipher, context, place, reached);
      if (value === undefined) continue;
      restored = updateAt(restored, reached.path, (object) => ({ ...object, [place.key]: value }));
    }
  }
  return restored;
}

/** Saved steps as the owner may read them: masked values, never the encrypted ones. */
export function withoutSealedValues(steps: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isRecord(value)) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.endsWith('Encrypted'))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(steps) as Record<string, unknown>;
}
