/** The audit trail's hash chain (issue 36, ADR 0040; modules/audit). */

import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One link per audit event, in the order the chaining job saw them: `hash` is the SHA-256 of
 * the previous link's hash and the event's canonical content, so changing any event, or any
 * link, changes every hash after it. Append-only (triggers, migration 0023). The heads are
 * copied outside the database (the anchor log), which is what makes a rewrite of the rows and
 * of their later hashes show.
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    position: bigint('position', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    chainedAt: timestamp('chained_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('audit_chain_event_idx').on(table.eventId)],
);
