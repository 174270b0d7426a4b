import { CLAIM_MINUTES, type ClaimKind, type ClaimView } from '@portal/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, workClaims } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import { ClaimedByOther } from './operations-refusal.ts';

/**
 * Claims on queue items (issue 16; ADR 0023): one row per item, taken or renewed with one
 * atomic upsert that only succeeds when the row is free, expired, or already the caller's. Two
 * staff members claiming at once: exactly one wins; the other is told who holds it.
 */

const staffName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

function viewOf(
  row: {
    kind: string;
    itemId: string;
    staffId: string;
    claimedAt: Date;
    expiresAt: Date;
    staffName: string;
  },
  callerId: string,
): ClaimView {
  return {
    kind: row.kind as ClaimKind,
    id: row.itemId,
    staffId: row.staffId,
    staffName: row.staffName,
    claimedAt: row.claimedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    mine: row.staffId === callerId,
  };
}

/** Claims (or renews the caller's claim on) an item, or throws ClaimedByOther. */
export async function claim(
  db: Database,
  input: { kind: ClaimKind; id: string; staffId: string; now?: Date },
): Promise<ClaimView> {
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + CLAIM_MINUTES * 60_000);
  const taken = await db
    .insert(workClaims)
    .values({
      kind: input.kind,
      itemId: input.id,
      staffId: input.staffId,
      claimedAt: now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [workClaims.kind, workClaims.itemId],
      set: {
        staffId: input.staffId,
        // A renewal keeps when the claim began; a takeover starts a new one.
        claimedAt: sql`case when ${workClaims.staffId} = ${input.staffId} then ${workClaims.claimedAt} else ${now} end`,
        expiresAt,
      },
      setWhere: sql`${workClaims.staffId} = ${input.staffId} or ${workClaims.expiresAt} <= ${now}`,
    })
    .returning({ kind: workClaims.kind });
  const [current] = await claimsOf(db, input.kind, [input.id], input.staffId, now);
  if (taken.length === 0 || !current || !current.mine) {
    if (current && !current.mine) {
      throw new ClaimedByOther({ staffName: current.staffName, expiresAt: current.expiresAt });
    }
    // Released between the upsert and the read: claiming again is the caller's to do.
    throw new Refusal(409, 'claimedByOther');
  }
  return current;
}

/** Releases the caller's claim (someone else's stays). */
export async function release(
  db: Database,
  input: { kind: ClaimKind; id: string; staffId: string },
): Promise<void> {
  await db
    .delete(workClaims)
    .where(
      and(
        eq(workClaims.kind, input.kind),
        eq(workClaims.itemId, input.id),
        eq(workClaims.staffId, input.staffId),
      ),
    );
}

/** The live claims on these items, for the queues and the case (expired ones are no claim). */
export async function claimsOf(
  db: Database,
  kind: ClaimKind,
  ids: readonly string[],
  callerId: string,
  now: Date = new Date(),
): Promise<ClaimView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      kind: workClaims.kind,
      itemId: workClaims.itemId,
      staffId: workClaims.staffId,
      claimedAt: workClaims.claimedAt,
      expiresAt: workClaims.expiresAt,
      staffName,
    })
    .from(workClaims)
    .innerJoin(users, eq(users.id, workClaims.staffId))
    .where(
      and(
        eq(workClaims.kind, kind),
        inArray(workClaims.itemId, [...ids]),
        gt(workClaims.expiresAt, now),
      ),
    );
  return rows.map((row) => viewOf(row, callerId));
}

/** The claims of a page of items, by item id. */
export async function claimsById(
  db: Database,
  kind: ClaimKind,
  ids: readonly string[],
  callerId: string,
  now?: Date,
): Promise<Map<string, ClaimView>> {
  return new Map((await claimsOf(db, kind, ids, callerId, now)).map((found) => [found.id, found]));
}

/**
 * Inside an action's transaction: the caller must hold a live claim on the item, locked for the
 * rest of the transaction (so it cannot expire into someone else's hands mid-action). Else 409:
 * `claimedByOther` naming the holder, or `claimRequired` when nobody holds it.
 */
export async function requireClaim(
  tx: Database,
  input: { kind: ClaimKind; id: string; staffId: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const [row] = await tx
    .select({ staffId: workClaims.staffId, expiresAt: workClaims.expiresAt, staffName })
    .from(workClaims)
    .innerJoin(users, eq(users.id, workClaims.staffId))
    .where(and(eq(workClaims.kind, input.kind), eq(workClaims.itemId, input.id)))
    .for('update', { of: workClaims });
  if (!row || row.expiresAt <= now) throw new Refusal(409, 'claimRequired');
  if (row.staffId !== input.staffId) {
    throw new ClaimedByOther({ staffName: row.staffName, expiresAt: row.expiresAt.toISOString() });
  }
}
