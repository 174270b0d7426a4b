import { retentionCutoff } from '@portal/domain/retention/retention-rules';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditChain, auditEvents } from '../../db/schema.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';
import { NO_APPLICATION_ID, RETENTION_ACTOR_ID } from '../retention/retention-audit.ts';
import { auditEventPastRetention } from '../retention/retention-sweep.ts';
import { anchorAuditChain, appendPruneRecord, type AnchorSettings } from './audit-anchor.ts';
import { chainAuditEvents } from './audit-chain.ts';

/**
 * `npm run audit:prune` (issue 36, ADR 0040 and 0044): the audit events past
 * RETENTION_AUDIT_EVENTS_YEARS, selected exactly as the retention sweep counts them, deleted by
 * the tables' owner. The runtime role cannot: it owns no table, so it may not switch off the
 * append-only trigger (ADR 0041). The chain stays verifiable: every link stays, and the anchor
 * log records which links' events went before they go.
 */

export const AUDIT_EVENTS_PRUNED = 'auditEventsPruned';

/** The trigger of migration 0014 that refuses every update and delete on audit_events. */
const APPEND_ONLY_TRIGGER = 'audit_events_append_only';
/** Serialises prunes (any fixed number; the chainer and the migrations use others). */
const PRUNE_LOCK_ID = 7_145_003;

export interface AuditPruneSettings {
  /** RETENTION_AUDIT_EVENTS_YEARS. */
  years: number;
  batchSize: number;
  anchor: AnchorSettings;
}

export interface AuditPruneResult {
  pruned: number;
  batches: number;
  /** The chain's head once the prune's own events were chained and anchored. */
  anchoredTo: number;
}

/** Chains every event not chained yet, then copies the new links to the anchor log. */
async function chainAndAnchor(db: Database, anchor: AnchorSettings): Promise<number> {
  while ((await chainAuditEvents(db)) > 0);
  return anchorAuditChain(db, anchor);
}

/**
 * One batch, one transaction: the oldest chained and anchored events past retention; the prune
 * record appended to the anchor log; the trigger off, the rows deleted, the trigger on again
 * (DDL is transactional: no other session ever sees it off, and the ALTER's lock keeps writers
 * of audit events waiting until the commit); then an event saying what went, without personal
 * data, itself chained on the next pass.
 */
async function pruneBatch(
  db: Database,
  settings: AuditPruneSettings,
  cutoff: Date,
  anchoredTo: number,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PRUNE_LOCK_ID})`);
    const links = await tx
      .select({ position: auditChain.position, eventId: auditChain.eventId })
      .from(auditEvents)
      .innerJoin(auditChain, eq(auditChain.eventId, auditEvents.id))
      // Only links the anchor log holds: their hash outside is what vouches for them after.
      .where(and(auditEventPastRetention(cutoff), lte(auditChain.position, anchoredTo)))
      .orderBy(asc(auditChain.position))
      .limit(settings.batchSize);
    if (links.length === 0) return 0;
    const trigger = sql.identifier(APPEND_ONLY_TRIGGER);
    // First, so that a role that may not (the runtime role) is refused before any record.
    await tx.execute(sql`alter table ${auditEvents} disable trigger ${trigger}`);
    const positions = await appendPruneRecord(settings.anchor, links, now);
    await tx.delete(auditEvents).where(
      inArray(
        auditEvents.id,
        links.map((link) => link.eventId),
      ),
    );
    await tx.execute(sql`alter table ${auditEvents} enable trigger ${trigger}`);
    await recordAuditEvent(tx, {
      applicationId: NO_APPLICATION_ID,
      actorId: RETENTION_ACTOR_ID,
      action: AUDIT_EVENTS_PRUNED,
      details: {
        recordClass: 'auditEvents',
        count: links.length,
        positions,
        cutoff: cutoff.toISOString(),
      },
      createdAt: now,
    });
    return links.length;
  });
}

export async function pruneAuditEvents(
  db: Database,
  settings: AuditPruneSettings,
  now: Date = new Date(),
): Promise<AuditPruneResult> {
  const cutoff = retentionCutoff(now, settings.years);
  const anchoredTo = await chainAndAnchor(db, settings.anchor);
  let pruned = 0;
  let batches = 0;
  for (;;) {
    const count = await pruneBatch(db, settings, cutoff, anchoredTo, now);
    if (count === 0) break;
    pruned += count;
    batches += 1;
    if (count < settings.batchSize) break;
  }
  return { pruned, batches, anchoredTo: await chainAndAnchor(db, settings.anchor) };
}
