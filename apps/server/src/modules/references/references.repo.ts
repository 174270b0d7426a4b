import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { referenceValues } from '../../db/schema.ts';

export interface ReferenceRow {
  id: number;
  description: string;
  descriptionFr: string;
  parentId: number | null;
}

export async function findByList(db: Database, list: string): Promise<ReferenceRow[]> {
  return db
    .select({
      id: referenceValues.id,
      description: referenceValues.description,
      descriptionFr: referenceValues.descriptionFr,
      parentId: referenceValues.parentId,
    })
    .from(referenceValues)
    .where(eq(referenceValues.list, list))
    .orderBy(asc(referenceValues.sortOrder), asc(referenceValues.id));
}
