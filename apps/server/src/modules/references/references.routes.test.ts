import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceValues } from '../../db/schema.ts';
import { seedReferenceData } from '../../db/seed/seed-reference-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { referenceLists } from './reference-lists.ts';

interface Value {
  id: number;
  description: string;
  descriptionFr: string;
  parentId?: number;
}

describe('GET /service/jaxrs/references/{list}', () => {
  let test: TestApp;
  const get = async (list: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: `/service/jaxrs/references/${list}`, headers });
  const values = async (list: string) => (await get(list)).json<Value[]>();

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it.each(referenceLists)('serves %s as id, description and descriptionFr', async (list) => {
    const response = await get(list);
    expect(response.statusCode).toBe(200);
    const rows = response.json<Value[]>();
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(Number.isInteger(row.id)).toBe(true);
      expect(row.description.trim()).not.toBe('');
      expect(row.descriptionFr.trim()).not.toBe('');
      if (list !== 'provinceStates') expect(row).not.toHaveProperty('parentId');
    }
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('splits provinces and states by parent: 1 Canada with the spec ids, 2 USA with every state', async () => {
    const rows = await values('provinceStates');
    const canada = rows.filter((row) => row.parentId === 1);
    expect(canada.map((row) => row.id).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14,
    ]);
    expect(canada.find((row) => row.id === 11)).toMatchObject({
      description: 'Quebec',
      descriptionFr: 'Québec',
    });
    expect(canada.find((row) => row.id === 1)?.descriptionFr).toBe('Colombie-Britannique');
    const usa = rows.filter((row) => row.parentId === 2);
    expect(usa).toHaveLength(51);
    expect(usa.find((row) => row.description === 'California')?.descriptionFr).toBe('Californie');
    expect(rows.every((row) => row.parentId === 1 || row.parentId === 2)).toBe(true);
  });

  it('lists countries from ISO 3166 with Canada 1 and USA 2 first and Other 6666 last', async () => {
    const rows = await values('countries');
    expect(rows.length).toBeGreaterThanOrEqual(249);
    expect(rows[0]).toMatchObject({ id: 1, description: 'Canada', descriptionFr: 'Canada' });
    expect(rows[1]).toMatchObject({ id: 2 });
    expect(rows[1]?.descriptionFr).toMatch(/^États-Unis/);
    expect(rows.at(-1)).toMatchObject({ id: 6666, description: 'Other', descriptionFr: 'Autre' });
    // ISO numeric codes: 276 Germany, 250 France.
    expect(rows.find((row) => row.id === 276)).toMatchObject({
      description: 'Germany',
      descriptionFr: 'Allemagne',
    });
    expect(rows.some((row) => row.id === 124 || row.id === 840)).toBe(false);
  });

  it('offers the same ids for citizenships as for countries', async () => {
    const countries = await values('countries');
    const citizenships = await values('citizenships');
    expect(citizenships.map((row) => row.id)).toEqual(countries.map((row) => row.id));
  });

  it('serves real industry, occupation and dealer lists', async () => {
    const industries = await values('businessTypes');
    expect(industries).toHaveLength(20);
    expect(industries.find((row) => row.id === 52)?.descriptionFr).toBe('Finance et assurances');
    const occupations = await values('occupationTypes');
    expect(occupations.length).toBeGreaterThanOrEqual(60);
    expect(occupations.find((row) => row.description === 'Software developer')).toMatchObject({
      descriptionFr: 'Développeur ou développeuse de logiciels',
    });
    expect(occupations.some((row) => /Student|Retired/.test(row.description))).toBe(false);
    const dealers = await values('iirocDealers');
    expect(dealers.length).toBeGreaterThanOrEqual(41);
    expect(dealers.some((row) => row.description === 'RBC Dominion Securities Inc.')).toBe(true);
  });

  it('lets browsers cache a list and revalidate it with its ETag', async () => {
    const first = await get('countries');
    expect(first.headers['cache-control']).toContain('max-age=3600');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('countries', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('citizenships', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers 400 with a field code for a list that does not exist', async () => {
    const response = await get('planets');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'invalidInput',
      fields: { list: 'invalid' },
    });
  });

  it('seeds idempotently: a second start changes nothing', async () => {
    const countRows = async () =>
      (
        await test.app.db
          .select({ n: count() })
          .from(referenceValues)
          .where(eq(referenceValues.list, 'countries'))
      )[0]?.n;
    const before = await countRows();
    await seedReferenceData(test.app.db);
    expect(await countRows()).toBe(before);
  });
});
