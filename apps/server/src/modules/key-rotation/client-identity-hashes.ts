import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, applicationSteps, clientIdentities, users } from '../../db/schema.ts';
import { DecryptionError, hashKeyIdOf, type FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  identityHashesOf,
  identityMatchesHashes,
  identityOfSaved,
  type Identity,
  type IdentityHashes,
} from '../client-identities/client-identities.ts';
import type { Row } from './encrypted-columns.ts';
import { column, hashKeyId, hashUnder } from './key-sql.ts';
import type { ColumnUsage } from './key-usage.ts';
import type { TableProgress } from './re-encryption.ts';

/**
 * The client identities under the key rotation (ADR 0043). A `client_identities` row holds only
 * keyed hashes of a client's email, SIN and birth date, but they were recorded at approval from
 * the profile of an approved application, which is still there: its email and birth date in
 * clear, its SIN sealed. The re-encryption reads them again and re-hashes the row under the
 * current key, but only when they make exactly the row's hashes under the row's key, so a row
 * never comes to say something else than it said. A row whose inputs are gone (its application
 * deleted by retention, its SIN unreadable) is kept as it is: it holds its key in use, and
 * `keys:status` counts it as kept.
 */

export const IDENTITY_TABLE = 'client_identities';

const HASH_COLUMNS = {
  email_hash: 'emailHash',
  sin_hash: 'sinHash',
  birth_date_hash: 'birthDateHash',
} as const satisfies Record<string, keyof IdentityHashes>;

const hashColumnNames = Object.keys(HASH_COLUMNS) as (keyof typeof HASH_COLUMNS)[];

/** Why a kept row is not re-hashed, as `keys:status` says it. */
export const KEPT_REASON = 'no approved application with its SIN';

interface StoredIdentity {
  userId: string;
  hashes: IdentityHashes;
}

/** Rows with a hash under another key than `keyId`. */
const staleWhere = (keyId: string): SQL =>
  sql.join(
    hashColumnNames.map((name) => sql`not ${hashUnder(name, keyId)}`),
    sql` or `,
  );

const storedOf = (row: Row): StoredIdentity => ({
  userId: String(row.user_id),
  hashes: {
    emailHash: String(row.email_hash),
    sinHash: String(row.sin_hash),
    birthDateHash: String(row.birth_date_hash),
  },
});

/** A saved profile's identity, or undefined when its SIN cannot be read (any more). */
function readableIdentity(
  cipher: FieldCipher,
  applicationId: string,
  step: 'profile' | 'profilejoint',
  saved: unknown,
): Identity | undefined {
  try {
    return identityOfSaved(cipher, applicationId, step, saved);
  } catch (error) {
    if (error instanceof DecryptionError) return undefined;
    throw error;
  }
}

/**
 * The identity each row was recorded from, for the rows whose inputs can still be found: the
 * profile (owner) or joint profile (joint applicant) of one of the person's approved
 * applications, latest first, whose email, SIN and birth date make the row's hashes. The login's
 * email is tried too, in case a profile's email was not the one recorded.
 */
export async function recordedIdentitiesOf(
  db: Database,
  cipher: FieldCipher,
  rows: readonly StoredIdentity[],
): Promise<Map<string, Identity>> {
  const found = new Map<string, Identity>();
  const userIds = rows.map((row) => row.userId);
  if (userIds.length === 0) return found;
  const approved = await db
    .select({
      id: applications.id,
      ownerId: applications.ownerId,
      jointUserId: applications.jointUserId,
    })
    .from(applications)
    .where(
      and(
        eq(applications.status, 'approved'),
        or(inArray(applications.ownerId, userIds), inArray(applications.jointUserId, userIds)),
      ),
    )
    .orderBy(desc(applications.updatedAt));
  const profiles = new Map<string, unknown>();
  if (approved.length > 0) {
    const steps = await db
      .select({
        applicationId: applicationSteps.applicationId,
        step: applicationSteps.step,
        data: applicationSteps.data,
      })
      .from(applicationSteps)
      .where(
        and(
          inArray(
            applicationSteps.applicationId,
            approved.map((application) => application.id),
          ),
          inArray(applicationSteps.step, ['profile', 'profilejoint']),
        ),
      );
    for (const step of steps) profiles.set(`${step.applicationId}|${step.step}`, step.data);
  }
  const logins = new Map(
    (
      await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
    ).map((user) => [user.id, user.email]),
  );

  for (const row of rows) {
    const sources = approved.flatMap((application) => [
      ...(application.ownerId === row.userId
        ? [{ id: application.id, step: 'profile' as const }]
        : []),
      ...(application.jointUserId === row.userId
        ? [{ id: application.id, step: 'profilejoint' as const }]
        : []),
    ]);
    for (const source of sources) {
      const identity = readableIdentity(
        cipher,
        source.id,
        source.step,
        profiles.get(`${source.id}|${source.step}`),
      );
      if (!identity) continue;
      const login = logins.get(row.userId);
      const candidates = [identity, ...(login ? [{ ...identity, email: login }] : [])];
      const match = candidates.find((candidate) =>
        identityMatchesHashes(cipher, candidate, row.hashes),
      );
      if (match) {
        found.set(row.userId, match);
        break;
      }
    }
  }
  return found;
}

/**
 * One batch of the re-encryption: at most `batchSize` identity rows after `last` with a hash
 * under an older key, locked (`skip locked`: an approval recording one is left for the next
 * pass), re-hashed from their inputs in the same transaction, or kept.
 */
export async function clientIdentitiesBatch(
  db: Database,
  cipher: FieldCipher,
  last: readonly unknown[] | undefined,
  batchSize: number,
): Promise<{ progress: TableProgress; last: unknown[] | undefined; more: boolean }> {
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      select user_id, email_hash, sin_hash, birth_date_hash from client_identities
      where ${last ? sql`user_id > ${last[0]}` : sql`true`}
        and (${staleWhere(cipher.currentKeyId)})
      order by user_id
      limit ${batchSize}
      for update skip locked`)) as { rows: Row[] };
    const stored = rows.map(storedOf);
    const identities = await recordedIdentitiesOf(tx, cipher, stored);
    const progress: TableProgress = { rewritten: 0, unreadable: 0, kept: 0 };
    for (const row of stored) {
      const identity = identities.get(row.userId);
      if (!identity) {
        progress.kept += 1;
        continue;
      }
      await tx
        .update(clientIdentities)
        .set(identityHashesOf(cipher, identity))
        .where(eq(clientIdentities.userId, row.userId));
      progress.rewritten += 1;
    }
    const end = stored.at(-1);
    return {
      progress,
      last: end ? [end.userId] : last ? [...last] : undefined,
      more: rows.length === batchSize,
    };
  });
}

const USAGE_PAGE = 500;

/**
 * The identity hashes by column and key, and of those under an older key, how many the
 * re-encryption keeps (their inputs are gone). Reads only; the inputs are looked up a page of
 * stale rows at a time.
 */
export async function clientIdentityUsage(
  db: Database,
  cipher: FieldCipher,
): Promise<ColumnUsage[]> {
  const kept = new Map<string, number>();
  let last: string | undefined;
  for (;;) {
    const { rows } = (await db.execute(sql`
      select user_id, email_hash, sin_hash, birth_date_hash from client_identities
      where ${last ? sql`user_id > ${last}` : sql`true`} and (${staleWhere(cipher.currentKeyId)})
      order by user_id limit ${USAGE_PAGE}`)) as { rows: Row[] };
    const stored = rows.map(storedOf);
    const identities = await recordedIdentitiesOf(db, cipher, stored);
    for (const row of stored.filter((candidate) => !identities.has(candidate.userId))) {
      for (const name of hashColumnNames) {
        const keyId = hashKeyIdOf(row.hashes[HASH_COLUMNS[name]]);
        if (keyId === cipher.currentKeyId) continue;
        kept.set(`${name}|${keyId}`, (kept.get(`${name}|${keyId}`) ?? 0) + 1);
      }
    }
    if (rows.length < USAGE_PAGE) break;
    last = stored.at(-1)!.userId;
  }

  const usage: ColumnUsage[] = [];
  for (const name of hashColumnNames) {
    const { rows } = (await db.execute(sql`
      select ${hashKeyId(name)} as key_id, count(*) as count from client_identities
      where ${column(name)} is not null group by 1`)) as { rows: Row[] };
    for (const row of rows) {
      const keyId = String(row.key_id);
      const keptCount = kept.get(`${name}|${keyId}`);
      usage.push({
        table: IDENTITY_TABLE,
        column: name,
        kind: 'hash',
        keyId,
        count: Number(row.count),
        ...(keptCount !== undefined && { kept: keptCount, keptReason: KEPT_REASON }),
      });
    }
  }
  return usage;
}
