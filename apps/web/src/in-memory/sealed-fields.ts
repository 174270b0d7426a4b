import { maskSin } from '@portal/domain/rules/person';
import { isEmpty } from '@portal/domain/rules/empty';
import { nameKey } from '@portal/domain/rules/person-name';

/**
 * SINs and TINs as the server answers them (its `sealed-fields.ts`, ADR 0008): never the value,
 * only `<key>Masked`; a blank sent back for a value on file keeps the one on file. The browser
 * keeps the plain value in its own memory (nothing leaves the tab), so no cipher is needed here.
 */

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The server's TIN mask: the last 3 characters after a fixed run of stars. */
function maskTin(tin: string): string {
  const characters = tin.replace(/[\s./-]/g, '');
  return characters.length >= 6 ? `******${characters.slice(-3)}` : '******';
}

/** A place holding a sealed value: how to reach its objects, the key, the mask. */
interface Place {
  objects: (data: Data) => Data[];
  /** The same object in the saved step (same row: same country, same third party). */
  onFile: (object: Data, data: Data, saved: Data) => Data | undefined;
  key: string;
  mask: (value: string) => string;
}

const at = (data: Data, ...path: string[]): Data | undefined => {
  let current: unknown = data;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return isRecord(current) ? current : undefined;
};
const rowsAt = (data: Data, ...path: string[]): Data[] => {
  const parent = at(data, ...path.slice(0, -1));
  const rows = parent?.[path[path.length - 1] as string];
  return Array.isArray(rows) ? rows.filter(isRecord) : [];
};
const sameRowIn = (rows: Data[], identity: (row: Data) => string | undefined, row: Data) =>
  rows.find((other) => identity(other) !== undefined && identity(other) === identity(row));

const profilePlaces: Place[] = [
  { objects: (d) => [d], onFile: (_o, _d, s) => s, key: 'sin', mask: maskSin },
  {
    objects: (d) => [at(d, 'spouse')].filter(isRecord),
    onFile: (_o, _d, s) => at(s, 'spouse'),
    key: 'sin',
    mask: maskSin,
  },
];

const countryOf = (row: Data) =>
  typeof row.countryId === 'number' ? String(row.countryId) : undefined;
const thirdPartyOf = (row: Data) =>
  typeof row.name === 'string' && row.name.trim() !== ''
    ? `${String(row.kind)}|${nameKey(row.name)}`
    : undefined;

const otherInterestsPlaces: Place[] = [
  ...(['primary', 'joint'] as const).flatMap((who): Place[] => [
    {
      objects: (d) => rowsAt(d, 'affiliations', who, 'taxResidences'),
      onFile: (o, _d, s) =>
        sameRowIn(rowsAt(s, 'affiliations', who, 'taxResidences'), countryOf, o),
      key: 'tin',
      mask: maskTin,
    },
    {
      objects: (d) => [at(d, 'affiliations', who)].filter(isRecord),
      onFile: (_o, _d, s) => at(s, 'affiliations', who),
      key: 'usTin',
      mask: maskTin,
    },
  ]),
  ...(['tradingAuthority', 'guarantee', 'powerOfAttorney'] as const).map((question): Place => ({
    objects: (d) => rowsAt(d, question, 'thirdParties'),
    onFile: (o, _d, s) => sameRowIn(rowsAt(s, question, 'thirdParties'), thirdPartyOf, o),
    key: 'sin',
    mask: maskSin,
  })),
];

const placesOf = (step: string): Place[] =>
  step === 'profile' || step === 'profilejoint'
    ? profilePlaces
    : step === 'otherinterests'
      ? otherInterestsPlaces
      : [];

/**
 * The submitted step with each blank SIN or TIN that is on file put back (before the schema
 * judges it). Works on a deep copy: the caller's object is not changed.
 */
export function restoreBlankFields(step: string, submitted: unknown, saved: unknown): unknown {
  if (!isRecord(submitted) || !isRecord(saved)) return submitted;
  const copy = structuredClone(submitted);
  for (const place of placesOf(step)) {
    for (const object of place.objects(copy)) {
      if (!isEmpty(object[place.key])) continue;
      // A tax residence that now gives a reason for having no TIN does not get it back.
      if (place.key === 'tin' && !isEmpty(object.noTinReason)) continue;
      const value = place.onFile(object, copy, saved)?.[place.key];
      if (typeof value === 'string' && value !== '') object[place.key] = value;
    }
  }
  return copy;
}

/** The step as its owner reads it: each SIN and TIN replaced by `<key>Masked`. */
export function masked(step: string, data: unknown): unknown {
  if (!isRecord(data)) return data;
  const copy = structuredClone(data);
  for (const place of placesOf(step)) {
    for (const object of place.objects(copy)) {
      const value = object[place.key];
      delete object[place.key];
      if (typeof value === 'string' && value !== '')
        object[`${place.key}Masked`] = place.mask(value);
    }
  }
  return copy;
}
