import { createHash } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { provinceLabels, provinces, PROVINCE_STATE_PARENTS } from '@portal/domain';
import type { Database } from '../client.ts';
import { promoCodes as promoCodesTable, referenceValues, seedRuns } from '../schema.ts';
import type { ReferenceList } from '../../modules/references/reference-lists.ts';
import { buildCountrySeeds } from './countries.ts';
import { iirocDealers } from './data/iiroc-dealers.ts';
import { industries } from './data/industries.ts';
import { occupations } from './data/occupations.ts';
import { promoCodes } from './data/promo-codes.ts';
import type { ReferenceSeed } from './data/reference-seed.ts';
import { usStates } from './data/us-states.ts';

interface SeedRow extends ReferenceSeed {
  parentId?: number;
}

/** Every reference list with its rows in display order. */
export function buildReferenceData(): Record<ReferenceList, SeedRow[]> {
  const countryRows = buildCountrySeeds().map(({ id, description, descriptionFr }) => ({
    id,
    description,
    descriptionFr,
  }));
  const provinceRows = (Object.keys(provinces) as (keyof typeof provinces)[]).map((code) => ({
    id: provinces[code],
    description: provinceLabels[code].en,
    descriptionFr: provinceLabels[code].fr,
    parentId: PROVINCE_STATE_PARENTS.Canada,
  }));
  const stateRows = usStates.map(({ id, description, descriptionFr }) => ({
    id,
    description,
    descriptionFr,
    parentId: PROVINCE_STATE_PARENTS.USA,
  }));
  return {
    provinceStates: [...provinceRows, ...stateRows],
    countries: countryRows,
    // A citizenship is the country that grants it, so both lists share ids.
    citizenships: countryRows,
    businessTypes: [...industries],
    occupationTypes: [...occupations],
    iirocDealers: [...iirocDealers],
  };
}

/** The value an upsert proposed for a column, in its conflict branch. */
function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

function checksumOf(rows: SeedRow[]): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/**
 * Brings every reference list to what this release ships: rows are upserted, rows no longer
 * shipped are removed, and a list whose checksum is unchanged is skipped so starts stay fast.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  const data = buildReferenceData();
  await db.transaction(async (tx) => {
    const done = new Map(
      (await tx.select().from(seedRuns)).map((run) => [run.name, run.checksum] as const),
    );
    for (const [list, rows] of Object.entries(data) as [ReferenceList, SeedRow[]][]) {
      const name = `references:${list}`;
      const checksum = checksumOf(rows);
      if (done.get(name) === checksum) continue;
      const values = rows.map((row, index) => ({
        list,
        id: row.id,
        description: row.description,
        descriptionFr: row.descriptionFr,
        parentId: row.parentId ?? null,
        sortOrder: index,
      }));
      await tx.delete(referenceValues).where(
        and(
          eq(referenceValues.list, list),
          notInArray(
            referenceValues.id,
            rows.map((row) => row.id),
          ),
        ),
      );
      await tx
        .insert(referenceValues)
        .values(values)
        .onConflictDoUpdate({
          target: [referenceValues.list, referenceValues.id],
          set: {
            description: sqlExcluded('description'),
            descriptionFr: sqlExcluded('description_fr'),
            parentId: sqlExcluded('parent_id'),
            sortOrder: sqlExcluded('sort_order'),
          },
        });
      await tx
        .insert(seedRuns)
        .values({ name, checksum })
        .onConflictDoUpdate({ target: seedRuns.name, set: { checksum } });
    }
    // Promo codes are data too (issue 17), under the same checksum rule.
    const promoChecksum = createHash('sha256').update(JSON.stringify(promoCodes)).digest('hex');
    if (done.get('promoCodes') !== promoChecksum) {
      await tx
        .insert(promoCodesTable)
        .values(promoCodes.map((code) => ({ ...code, accountTypes: [...code.accountTypes] })))
        .onConflictDoUpdate({
          target: promoCodesTable.code,
          set: {
            validFrom: sqlExcluded('valid_from'),
            validUntil: sqlExcluded('valid_until'),
            accountTypes: sqlExcluded('account_types'),
            offerEn: sqlExcluded('offer_en'),
            offerFr: sqlExcluded('offer_fr'),
          },
        });
      await tx
        .insert(seedRuns)
        .values({ name: 'promoCodes', checksum: promoChecksum })
        .onConflictDoUpdate({ target: seedRuns.name, set: { checksum: promoChecksum } });
    }
  });
}
