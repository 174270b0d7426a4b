import { sql } from 'drizzle-orm';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { Database } from '../../db/client.ts';
import { encryptedTables, keptHashColumns, type Row } from './encrypted-columns.ts';
import { clientIdentityUsage } from './client-identity-hashes.ts';
import { bytesKeyId, column, hashKeyId, stepDataSealed, textKeyId } from './key-sql.ts';
import { sealedStepValues } from './step-data.ts';

/**
 * Which keys are still in use, and by what (ADR 0043): a key may leave the ring only when no
 * ciphertext and no live keyed hash names it. `keys:status` and `keys:rotate` print it.
 */
export interface ColumnUsage {
  table: string;
  column: string;
  kind: 'ciphertext' | 'hash';
  keyId: string;
  count: number;
  /**
   * Of `count`, the values the re-encryption leaves under this older key because what they were
   * hashed from is gone, and why: they hold the key in use until their rows go.
   */
  kept?: number;
  keptReason?: string;
}

export interface KeyUsage {
  columns: ColumnUsage[];
  /** Values per key id: ciphertexts, and keyed hashes still looked up. */
  ciphertexts: Record<string, number>;
  hashes: Record<string, number>;
  /** Ring keys that nothing uses any more: they may be removed (the current one aside). */
  retirable: string[];
  /** Key ids values name that the ring does not hold: those values cannot be read. */
  missing: string[];
}

const STEP_PAGE = 500;

async function counted(db: Database, query: ReturnType<typeof sql>) {
  const { rows } = (await db.execute(query)) as { rows: Row[] };
  return rows.map((row) => ({ keyId: String(row.key_id), count: Number(row.count) }));
}

/** The sealed values of the saved steps by key, read page by page. */
async function stepUsage(db: Database, cipher: FieldCipher): Promise<Map<string, number>> {
  const byKey = new Map<string, number>();
  let last: [unknown, unknown] | undefined;
  for (;;) {
    const { rows } = (await db.execute(sql`
      select application_id, step, data from application_steps
      where ${last ? sql`(application_id, step) > (${last[0]}, ${last[1]})` : sql`true`}
        and ${stepDataSealed()}
      order by application_id, step limit ${STEP_PAGE}`)) as { rows: Row[] };
    for (const row of rows) {
      const data: unknown = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
      for (const { value } of sealedStepValues(cipher, data)) {
        const keyId = cipher.keyIdOf(value)!;
        byKey.set(keyId, (byKey.get(keyId) ?? 0) + 1);
      }
    }
    const end = rows.at(-1);
    if (!end || rows.length < STEP_PAGE) return byKey;
    last = [end.application_id, end.step];
  }
}

export async function keyUsage(
  db: Database,
  cipher: FieldCipher,
  now: Date = new Date(),
): Promise<KeyUsage> {
  const columns: ColumnUsage[] = [];
  for (const table of encryptedTables) {
    for (const encrypted of table.columns) {
      const keyId =
        encrypted.kind === 'text' ? textKeyId(encrypted.column) : bytesKeyId(encrypted.column);
      for (const { keyId: id, count } of await counted(
        db,
        sql`select ${keyId} as key_id, count(*) as count from ${column(table.table)}
            where ${column(encrypted.column)} is not null group by 1`,
      )) {
        columns.push({
          table: table.table,
          column: encrypted.column,
          kind: 'ciphertext',
          keyId: id,
          count,
        });
      }
    }
    for (const rehashed of table.rehashed ?? []) {
      for (const { keyId: id, count } of await counted(
        db,
        sql`select ${hashKeyId(rehashed.column)} as key_id, count(*) as count
            from ${column(table.table)} where ${column(rehashed.column)} is not null group by 1`,
      )) {
        columns.push({
          table: table.table,
          column: rehashed.column,
          kind: 'hash',
          keyId: id,
          count,
        });
      }
    }
  }
  for (const [keyId, count] of await stepUsage(db, cipher)) {
    columns.push({ table: 'application_steps', column: 'data', kind: 'ciphertext', keyId, count });
  }
  for (const kept of keptHashColumns) {
    // `live` is fixed SQL of the registry; only the time is a parameter.
    const [before, ...rest] = kept.live.split('$now');
    const live = rest.reduce(
      (query, part) => sql`${query}${now}${sql.raw(part)}`,
      sql.raw(before!),
    );
    for (const { keyId: id, count } of await counted(
      db,
      sql`select ${hashKeyId(kept.column)} as key_id, count(*) as count
          from ${column(kept.table)} where (${live}) group by 1`,
    )) {
      columns.push({ table: kept.table, column: kept.column, kind: 'hash', keyId: id, count });
    }
  }
  columns.push(...(await clientIdentityUsage(db, cipher)));
  const ciphertexts: Record<string, number> = {};
  const hashes: Record<string, number> = {};
  for (const usage of columns) {
    const totals = usage.kind === 'ciphertext' ? ciphertexts : hashes;
    totals[usage.keyId] = (totals[usage.keyId] ?? 0) + usage.count;
  }
  const used = new Set([...Object.keys(ciphertexts), ...Object.keys(hashes)]);
  return {
    columns,
    ciphertexts,
    hashes,
    retirable: cipher.keyIds.filter((id) => id !== cipher.currentKeyId && !used.has(id)),
    missing: [...used].filter((id) => !cipher.keyIds.includes(id)).sort(),
  };
}

/** The status as lines for the command line: one per key, then what to do. */
export function keyUsageReport(usage: KeyUsage, cipher: FieldCipher): string[] {
  const ids = [...new Set([...cipher.keyIds, ...usage.missing])];
  const lines = ids.map((id) => {
    const role =
      id === cipher.currentKeyId
        ? 'current'
        : cipher.keyIds.includes(id)
          ? 'older'
          : 'NOT IN THE RING';
    const where = usage.columns
      .filter((column) => column.keyId === id && id !== cipher.currentKeyId)
      .map(
        (column) =>
          `${column.table}.${column.column} ${column.count}` +
          (column.kept ? ` (${column.kept} kept: ${column.keptReason})` : ''),
      );
    return (
      `key ${id} (${role}): ${usage.ciphertexts[id] ?? 0} ciphertexts, ${usage.hashes[id] ?? 0} keyed hashes` +
      (where.length > 0 ? ` [${where.join(', ')}]` : '')
    );
  });
  if (usage.missing.length > 0) {
    lines.push(
      `values name keys the ring does not hold (${usage.missing.join(', ')}): put them back in DATA_ENCRYPTION_KEY`,
    );
  }
  for (const id of usage.retirable) {
    lines.push(`key ${id} is used by nothing: it may leave the ring (or be made current)`);
  }
  return lines;
}
