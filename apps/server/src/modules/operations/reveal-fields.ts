import { revealFields, type RevealField, type SavedSteps } from '@portal/domain';

/**
 * Where each revealable SIN or TIN sits in the saved steps (issue 16): the step, the path to
 * the object holding it and its key, as sealed-fields.ts seals them (`<key>Encrypted` beside
 * `<key>Masked`). Only places with a sealed value are listed. A person with several tax
 * residences reveals the first one holding a TIN (the contract names one `tin` per person).
 */

type Data = Record<string, unknown>;
const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};

export interface RevealPlace {
  field: RevealField;
  step: 'profile' | 'profilejoint' | 'otherinterests';
  path: (string | number)[];
  key: 'sin' | 'tin' | 'usTin';
  masked: string;
}

function placeAt(
  steps: SavedSteps,
  field: RevealField,
  step: RevealPlace['step'],
  path: (string | number)[],
  key: RevealPlace['key'],
): RevealPlace | undefined {
  let object: unknown = steps[step];
  for (const segment of path) {
    object =
      typeof segment === 'number'
        ? Array.isArray(object)
          ? object[segment]
          : undefined
        : record(object)[segment];
  }
  const data = record(object);
  if (typeof data[`${key}Encrypted`] !== 'string') return undefined;
  const masked = data[`${key}Masked`];
  return { field, step, path, key, masked: typeof masked === 'string' ? masked : '' };
}

function firstTinRow(steps: SavedSteps, who: 'primary' | 'joint'): number {
  const rows = record(record(record(steps.otherinterests).affiliations)[who]).taxResidences;
  return Array.isArray(rows)
    ? rows.findIndex((row) => typeof record(row).tinEncrypted === 'string')
    : -1;
}

/** Every SIN and TIN on file, with its mask, in the contract's order. */
export function revealPlacesOf(steps: SavedSteps): RevealPlace[] {
  const places: (RevealPlace | undefined)[] = [
    placeAt(steps, 'primary.sin', 'profile', [], 'sin'),
    placeAt(steps, 'joint.sin', 'profilejoint', [], 'sin'),
    placeAt(steps, 'primary.spouseSin', 'profile', ['spouse'], 'sin'),
    placeAt(steps, 'joint.spouseSin', 'profilejoint', ['spouse'], 'sin'),
  ];
  for (const who of ['primary', 'joint'] as const) {
    const row = firstTinRow(steps, who);
    if (row >= 0) {
      places.push(
        placeAt(
          steps,
          `${who}.tin`,
          'otherinterests',
          ['affiliations', who, 'taxResidences', row],
          'tin',
        ),
      );
    }
  }
  places.push(
    placeAt(steps, 'primary.usTin', 'otherinterests', ['affiliations', 'primary'], 'usTin'),
    placeAt(steps, 'joint.usTin', 'otherinterests', ['affiliations', 'joint'], 'usTin'),
  );
  return places
    .filter((place): place is RevealPlace => place !== undefined)
    .sort((a, b) => revealFields.indexOf(a.field) - revealFields.indexOf(b.field));
}
