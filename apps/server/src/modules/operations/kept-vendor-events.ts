import type { KeptVendorEvent, KeptVendorEventProblem, Page } from '@portal/domain';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookReceipts } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { keptEventContext } from '../../lib/webhooks/signed-webhook-route.ts';

/**
 * The queue of signed vendor events kept for staff (issue 30, B-F7): the webhook receipts whose
 * event could not be applied, oldest first, until a member of staff marks them dealt with.
 */

const waiting = and(isNotNull(webhookReceipts.problem), isNull(webhookReceipts.resolvedAt));

export async function countKeptVendorEvents(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookReceipts)
    .where(waiting);
  return row?.count ?? 0;
}

export async function keptVendorEventQueue(
  db: Database,
  cipher: FieldCipher,
  query: { page: number; pageSize: number },
): Promise<Page<KeptVendorEvent>> {
  const total = await countKeptVendorEvents(db);
  const rows = await db
    .select()
    .from(webhookReceipts)
    .where(waiting)
    .orderBy(asc(webhookReceipts.receivedAt), asc(webhookReceipts.eventId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => ({
      role: row.role,
      eventId: row.eventId,
      eventType: row.eventType,
      problem: row.problem as KeptVendorEventProblem,
      receivedAt: row.receivedAt.toISOString(),
      event: row.eventEncrypted
        ? cipher.decrypt(row.eventEncrypted, keptEventContext(row.role, row.eventId))
        : '',
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** Marks a kept event dealt with by `staffId`; undefined when no such event waits. */
export async function resolveKeptVendorEvent(
  db: Database,
  input: { role: string; eventId: string; staffId: string; now?: Date },
): Promise<{ resolvedAt: string } | undefined> {
  const resolvedAt = input.now ?? new Date();
  const [row] = await db
    .update(webhookReceipts)
    .set({ resolvedAt, resolvedBy: input.staffId })
    .where(
      and(
        eq(webhookReceipts.role, input.role),
        eq(webhookReceipts.eventId, input.eventId),
        waiting,
      ),
    )
    .returning({ resolvedAt: webhookReceipts.resolvedAt });
  return row?.resolvedAt ? { resolvedAt: row.resolvedAt.toISOString() } : undefined;
}
