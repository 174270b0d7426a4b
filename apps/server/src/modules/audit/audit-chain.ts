import { createHash } from 'node:crypto';
import { asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditChain, auditEvents } from '../../db/schema.ts';

/**
 * The audit trail's hash chain (issue 36, ADR 0040). Each audit event gets a link: the SHA-256
 * of the previous link's hash and the event's canonical content. The chaining runs after the
 * events are written (a job, not the saves' transactions, so a save never waits on a chain
 * lock); events are linked in the order they are first seen, so one committed late simply gets
 * a later position. The links' hashes are copied outside the database (audit-anchor.ts); a
 * verification recomputes every link from the rows and compares it with the chain and with
 * that copy, and names the first link that disagrees.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** Serialises chaining across instances (any fixed number; the migrations use another). */
const CHAIN_LOCK_ID = 7_145_002;

type EventRow = typeof auditEvents.$inferSelect;
export type ChainLink = typeof auditChain.$inferSelect;

/** JSON with object keys sorted at every level: the same content, the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonicalJson(each)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Everything an event says, in a fixed order. */
export function canonicalEvent(event: EventRow): string {
  return canonicalJson([
    event.id,
    event.applicationId,
    event.actorId,
    event.action,
    event.fromStatus,
    event.toStatus,
    event.details,
    event.createdAt.toISOString(),
  ]);
}

export function linkHash(prevHash: string, event: EventRow): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalEvent(event)}`)
    .digest('hex');
}

async function head(db: Database): Promise<ChainLink | undefined> {
  const [row] = await db.select().from(auditChain).orderBy(desc(auditChain.position)).limit(1);
  return row;
}

/**
 * Links the events not chained yet, oldest first, at most `limit` of them; answers how many.
 * One instance at a time (an advisory lock held by the transaction).
 */
export async function chainAuditEvents(db: Database, limit = 1000): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_ID})`);
    const rows = await tx
      .select({ event: auditEvents })
      .from(auditEvents)
      .leftJoin(auditChain, eq(auditChain.eventId, auditEvents.id))
      .where(isNull(auditChain.eventId))
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
      .limit(limit);
    if (rows.length === 0) return 0;
    const last = await head(tx);
    let position = last?.position ?? 0;
    let prevHash = last?.hash ?? GENESIS_HASH;
    const links = rows.map(({ event }) => {
      position += 1;
      const hash = linkHash(prevHash, event);
      const link = { position, eventId: event.id, prevHash, hash };
      prevHash = hash;
      return link;
    });
    await tx.insert(auditChain).values(links);
    return links.length;
  });
}

/** The links after `position`, in order (for the anchor log). */
export async function linksAfter(db: Database, position: number, limit = 5000) {
  return db
    .select({ position: auditChain.position, eventId: auditChain.eventId, hash: auditChain.hash })
    .from(auditChain)
    .where(gt(auditChain.position, position))
    .orderBy(asc(auditChain.position))
    .limit(limit);
}

export type BrokenLinkReason =
  /** The event's content no longer gives the hash its link holds: the row was changed. */
  | 'eventChanged'
  /** The link's hash differs from the copy kept outside the database. */
  | 'differsFromAnchor'
  /** The link does not follow the one before it (a link removed, reordered or forged). */
  | 'chainBroken'
  /** The link names an event that is not there any more, and no prune record says why. */
  | 'eventMissing';

export interface BrokenLink {
  position: number;
  eventId: string;
  reason: BrokenLinkReason;
}

export interface ChainVerification {
  links: number;
  /** Links the anchor log vouches for (the rest came after the last anchoring). */
  anchored: number;
  /** Links whose event was pruned past retention: their anchored hash stands for the event. */
  pruned: number;
  firstBroken: BrokenLink | undefined;
}

/**
 * Recomputes the chain from the events and compares it, link by link, with the chain table and
 * with the hashes kept outside the database (`anchored`: position to hash). The first link that
 * disagrees is named: a row rewritten by the tables' owner is found even when the owner
 * recomputed every later hash, since the anchored copy still holds the old ones. A link whose
 * event is gone passes only when `pruned` (position to event id, from the anchor log's signed
 * prune lines) says the owner's prune removed that very event, and its hash is the anchored
 * one: that hash then stands for the event, and the next link must follow it.
 */
export async function verifyAuditChain(
  db: Database,
  anchored: ReadonlyMap<number, string>,
  pruned: ReadonlyMap<number, string> = new Map(),
  batch = 2000,
): Promise<ChainVerification> {
  let expectedPrev = GENESIS_HASH;
  let position = 0;
  let count = 0;
  let vouched = 0;
  let prunedLinks = 0;
  for (;;) {
    const rows = await db
      .select({ link: auditChain, event: auditEvents })
      .from(auditChain)
      .leftJoin(auditEvents, eq(auditEvents.id, auditChain.eventId))
      .where(gt(auditChain.position, position))
      .orderBy(asc(auditChain.position))
      .limit(batch);
    for (const { link, event } of rows) {
      const broken = (reason: BrokenLinkReason): ChainVerification => ({
        links: count,
        anchored: vouched,
        pruned: prunedLinks,
        firstBroken: { position: link.position, eventId: link.eventId, reason },
      });
      if (link.position !== position + 1 || link.prevHash !== expectedPrev) {
        return broken('chainBroken');
      }
      const kept = anchored.get(link.position);
      if (!event) {
        if (pruned.get(link.position) !== link.eventId) return broken('eventMissing');
        // Nothing left to recompute it from: only the copy outside vouches for the link.
        if (kept !== link.hash) return broken('differsFromAnchor');
        prunedLinks += 1;
      } else if (linkHash(expectedPrev, event) !== link.hash) {
        return broken('eventChanged');
      }
      // The row and every later hash rewritten together: only the copy outside tells.
      if (kept !== undefined && kept !== link.hash) return broken('differsFromAnchor');
      if (kept !== undefined) vouched += 1;
      expectedPrev = link.hash;
      position = link.position;
      count += 1;
    }
    if (rows.length < batch) {
      return { links: count, anchored: vouched, pruned: prunedLinks, firstBroken: undefined };
    }
  }
}
