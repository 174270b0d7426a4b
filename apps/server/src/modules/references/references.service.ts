import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { findByList } from './references.repo.ts';
import type { ReferenceList } from './reference-lists.ts';

export interface ReferenceValue {
  id: number;
  description: string;
  descriptionFr: string;
  parentId?: number;
}

export interface ReferenceListSnapshot {
  values: ReferenceValue[];
  /** Strong validator of the list's content, for conditional GETs. */
  etag: string;
}

/** Only provinces/states carry a parent (1 Canada, 2 USA); other lists omit the field. */
export async function getReferenceList(
  db: Database,
  list: ReferenceList,
): Promise<ReferenceListSnapshot> {
  const rows = await findByList(db, list);
  const values = rows.map(({ parentId, ...row }) =>
    parentId === null ? row : { ...row, parentId },
  );
  // The list name is part of the hash: two lists with equal rows are still two resources.
  const digest = createHash('sha256').update(list).update(JSON.stringify(values));
  const etag = `"${digest.digest('base64url').slice(0, 27)}"`;
  return { values, etag };
}
