import { sql, type SQL } from 'drizzle-orm';
import { DecryptionError, type FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { Database } from '../../db/client.ts';
import { encryptedTables, type EncryptedTable, type Row } from './encrypted-columns.ts';
import { bytesUnder, column, hashUnder, stepDataNotUnder, textUnder } from './key-sql.ts';
import { clientIdentitiesBatch, IDENTITY_TABLE } from './client-identity-hashes.ts';
import { resealStepData } from './step-data.ts';

/**
 * The background re-encryption of ADR 0043: every ciphertext and every keyed hash that can be
 * made again is moved to the ring's current key, in batches of rows, each batch in a transaction
 * that locks its rows (`for update skip locked`: a row the application holds is left for the
 * next pass). It keeps no progress: a batch selects only rows still under another key, so a pass
 * stopped anywhere (a crash, a stop) resumes where it was by running again. Within a pass the
 * rows are walked in key order, so a row that cannot be read (a key missing from the ring) is
 * counted once and passed over instead of being selected forever. The client identities come last
 * (client-identity-hashes.ts): they are re-hashed from the approved profile they were recorded
 * from, or kept when it is gone.
 */

export interface TableProgress {
  /** Rows rewritten under the current key. */
  rewritten: number;
  /** Rows passed over because a value in them could not be decrypted. */
  unreadable: number;
  /** Rows left under their key because what they were hashed from is gone (client identities). */
  kept: number;
}

export interface ReencryptionPass {
  byTable: Record<string, TableProgress>;
  rewritten: number;
  unreadable: number;
  kept: number;
  /** False when `maxBatches` stopped the pass before every table was walked. */
  complete: boolean;
}

export interface ReencryptionOptions {
  /** Rows per batch (and per transaction). */
  batchSize?: number;
  /** Stop after this many batches (a bound on one pass; the next pass resumes). */
  maxBatches?: number;
}

const DEFAULT_BATCH_SIZE = 100;

/** The step data as a table of the registry: its sealed values live inside one jsonb column. */
const STEPS = { table: 'application_steps', key: ['application_id', 'step'] } as const;

const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/** `(k1, k2) > (v1, v2)`: the rows after the last one of the previous batch. */
function after(key: readonly string[], last: readonly unknown[] | undefined): SQL {
  if (!last) return sql`true`;
  return sql`(${list(key.map(column))}) > (${list(last.map((value) => sql`${value}`))})`;
}

function staleWhere(table: EncryptedTable, current: string): SQL {
  const stale = [
    ...table.columns.map(
      ({ column: name, kind }) =>
        sql`(${column(name)} is not null and not ${
          kind === 'text' ? textUnder(name, current) : bytesUnder(name, current)
        })`,
    ),
    ...(table.rehashed ?? []).map(
      ({ column: name }) => sql`(${column(name)} is not null and not ${hashUnder(name, current)})`,
    ),
  ];
  return sql.join(stale, sql` or `);
}

const asBuffer = (value: unknown) =>
  Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);

/** One row moved to the current key: the columns to set, or null when nothing changes. */
function rewrittenRow(cipher: FieldCipher, table: EncryptedTable, row: Row) {
  const plain = new Map<string, string | Buffer>();
  const set: [string, SQL][] = [];
  for (const encrypted of table.columns) {
    const value = row[encrypted.column];
    if (value === null || value === undefined) continue;
    const context = encrypted.context(row);
    if (encrypted.kind === 'text') {
      const text = cipher.decrypt(String(value), context);
      plain.set(encrypted.column, text);
      if (cipher.keyIdOf(String(value)) !== cipher.currentKeyId) {
        set.push([encrypted.column, sql`${cipher.encrypt(text, context)}`]);
      }
    } else {
      const bytes = asBuffer(value);
      const opened = cipher.decryptBytes(bytes, context);
      plain.set(encrypted.column, opened);
      if (cipher.keyIdOf(bytes) !== cipher.currentKeyId) {
        const hex = cipher.encryptBytes(opened, context).toString('hex');
        set.push([encrypted.column, sql`decode(${hex}, 'hex')`]);
      }
    }
  }
  for (const rehashed of table.rehashed ?? []) {
    const value = row[rehashed.column];
    if (typeof value !== 'string') continue;
    const hash = rehashed.hash(cipher, row, plain);
    if (hash !== value) set.push([rehashed.column, sql`${hash}`]);
  }
  return set.length > 0 ? set : null;
}

const keyMatch = (key: readonly string[], row: Row) =>
  sql.join(
    key.map((name) => sql`${column(name)} = ${row[name]}`),
    sql` and `,
  );

/** One batch of one table: at most `batchSize` rows after `last`, in one transaction. */
async function tableBatch(
  db: Database,
  cipher: FieldCipher,
  table: EncryptedTable,
  last: readonly unknown[] | undefined,
  batchSize: number,
): Promise<{ progress: TableProgress; last: unknown[] | undefined; more: boolean }> {
  const selected = [
    ...table.key,
    ...table.columns.map((c) => c.column),
    ...(table.rehashed ?? []).map((c) => c.column),
    ...(table.extra ?? []),
  ];
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      select ${list(selected.map(column))} from ${column(table.table)}
      where ${after(table.key, last)} and (${staleWhere(table, cipher.currentKeyId)})
      order by ${list(table.key.map(column))}
      limit ${batchSize}
      for update skip locked`)) as { rows: Row[] };
    const progress = { rewritten: 0, unreadable: 0, kept: 0 };
    for (const row of rows) {
      let set: [string, SQL][] | null;
      try {
        set = rewrittenRow(cipher, table, row);
      } catch (error) {
        if (!(error instanceof DecryptionError)) throw error;
        progress.unreadable += 1;
        continue;
      }
      if (!set) continue;
      await tx.execute(sql`
        update ${column(table.table)}
        set ${list(set.map(([name, value]) => sql`${column(name)} = ${value}`))}
        where ${keyMatch(table.key, row)}`);
      progress.rewritten += 1;
    }
    const end = rows.at(-1);
    return {
      progress,
      last: end ? table.key.map((name) => end[name]) : last ? [...last] : undefined,
      more: rows.length === batchSize,
    };
  });
}

/** One batch of the saved steps, whose SINs and TINs are sealed inside their JSON. */
async function stepsBatch(
  db: Database,
  cipher: FieldCipher,
  last: readonly unknown[] | undefined,
  batchSize: number,
): Promise<{ progress: TableProgress; last: unknown[] | undefined; more: boolean }> {
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      select application_id, step, data from application_steps
      where ${after(STEPS.key, last)} and ${stepDataNotUnder(cipher.currentKeyId)}
      order by application_id, step
      limit ${batchSize}
      for update skip locked`)) as { rows: Row[] };
    const progress = { rewritten: 0, unreadable: 0, kept: 0 };
    for (const row of rows) {
      const applicationId = String(row.application_id);
      const step = String(row.step);
      // node-postgres parses jsonb; PGlite may too, or answer the text.
      const data: unknown = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
      let resealed: { data: unknown; resealed: number };
      try {
        resealed = resealStepData(cipher, applicationId, step, data);
      } catch (error) {
        if (!(error instanceof DecryptionError)) throw error;
        progress.unreadable += 1;
        continue;
      }
      if (resealed.resealed === 0) continue;
      await tx.execute(sql`
        update application_steps set data = ${JSON.stringify(resealed.data)}::jsonb
        where application_id = ${applicationId} and step = ${step}`);
      progress.rewritten += 1;
    }
    const end = rows.at(-1);
    return {
      progress,
      last: end ? [end.application_id, end.step] : last ? [...last] : undefined,
      more: rows.length === batchSize,
    };
  });
}

/**
 * One pass over every encrypted column (and the step data): rewrites what is under an older key.
 * With one key in the ring there is nothing it could read that is not already current.
 */
export async function reencryptAll(
  db: Database,
  cipher: FieldCipher,
  options: ReencryptionOptions = {},
): Promise<ReencryptionPass> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const pass: ReencryptionPass = {
    byTable: {},
    rewritten: 0,
    unreadable: 0,
    kept: 0,
    complete: true,
  };
  if (cipher.keyIds.length < 2) return pass;
  let batches = 0;
  const walk = async (
    name: string,
    batch: (last: unknown[] | undefined) => ReturnType<typeof stepsBatch>,
  ) => {
    const total = (pass.byTable[name] ??= { rewritten: 0, unreadable: 0, kept: 0 });
    let last: unknown[] | undefined;
    for (;;) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) {
        pass.complete = false;
        return;
      }
      batches += 1;
      const result = await batch(last);
      total.rewritten += result.progress.rewritten;
      total.unreadable += result.progress.unreadable;
      total.kept += result.progress.kept;
      pass.rewritten += result.progress.rewritten;
      pass.unreadable += result.progress.unreadable;
      pass.kept += result.progress.kept;
      last = result.last;
      if (!result.more) return;
    }
  };
  for (const table of encryptedTables) {
    await walk(table.table, (last) => tableBatch(db, cipher, table, last, batchSize));
    if (!pass.complete) return pass;
  }
  await walk(STEPS.table, (last) => stepsBatch(db, cipher, last, batchSize));
  if (!pass.complete) return pass;
  await walk(IDENTITY_TABLE, (last) => clientIdentitiesBatch(db, cipher, last, batchSize));
  return pass;
}
