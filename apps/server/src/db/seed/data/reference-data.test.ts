import { describe, expect, it } from 'vitest';
import { situationOccupationIds } from '@portal/domain';
import { iirocDealers } from './iiroc-dealers.ts';
import { industries } from './industries.ts';
import { occupations } from './occupations.ts';
import type { ReferenceSeed } from './reference-seed.ts';
import { usStates } from './us-states.ts';

const lists: [string, readonly ReferenceSeed[]][] = [
  ['usStates', usStates],
  ['industries', industries],
  ['occupations', occupations],
  ['iirocDealers', iirocDealers],
];

describe.each(lists)('reference list %s', (_name, rows) => {
  it('has unique ids and descriptions', () => {
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.description)).size).toBe(rows.length);
  });

  it('has English and French text without stray spaces', () => {
    for (const row of rows) {
      for (const text of [row.description, row.descriptionFr]) {
        expect(text.trim()).not.toBe('');
        expect(text).toBe(text.trim());
      }
    }
  });
});

describe('US states', () => {
  it('are the 50 states and DC, ids 20 to 70 in order of English name', () => {
    expect(usStates).toHaveLength(51);
    expect(usStates.map((state) => state.id)).toEqual(Array.from({ length: 51 }, (_, i) => 20 + i));
    const names = usStates.map((state) => state.description);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(usStates.find((state) => state.code === 'CA')).toMatchObject({
      description: 'California',
      descriptionFr: 'Californie',
    });
    expect(usStates.some((state) => state.code === 'DC')).toBe(true);
  });
});

describe('industries', () => {
  it('are the 20 NAICS Canada sectors keyed by sector code', () => {
    expect(industries).toHaveLength(20);
    expect(industries.find((row) => row.id === 52)).toMatchObject({
      description: 'Finance and insurance',
      descriptionFr: 'Finance et assurances',
    });
  });
});

describe('occupations', () => {
  it('are plain words people find by typing, never a situation outside work, never id 0', () => {
    expect(occupations.some((row) => row.id === 0)).toBe(false);
    expect(occupations.length).toBeGreaterThanOrEqual(60);
    const ids = occupations.map((row) => row.id);
    for (const id of situationOccupationIds) expect(ids).not.toContain(id);
    const names = occupations.flatMap((row) => [row.description, row.descriptionFr]);
    const situations = /student|retired|homemaker|unemployed|étudiant|retraité|sans emploi/i;
    expect(names.filter((name) => situations.test(name))).toEqual([]);
    // Words people use, not census category names.
    expect(names.some((name) => /occupations in|personnel spécialisé/i.test(name))).toBe(false);
    expect(occupations.find((row) => row.description === 'Nurse')?.descriptionFr).toBe(
      'Infirmier ou infirmière',
    );
    expect(occupations.at(-1)).toMatchObject({ description: 'Other occupation' });
  });
});

describe('dealers', () => {
  it('list at least 40 CIRO members alphabetically, then Other', () => {
    expect(iirocDealers.length).toBeGreaterThanOrEqual(41);
    expect(iirocDealers.at(-1)).toEqual({ id: 9999, description: 'Other', descriptionFr: 'Autre' });
    const names = iirocDealers.slice(0, -1).map((row) => row.description.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});
