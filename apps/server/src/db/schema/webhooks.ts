/**
 * Vendor webhooks received and the sandbox vendors' deliveries (lib/webhooks,
 * providers/sandbox-webhooks).
 */

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Vendor webhooks already handled (issue 13; docs/adr/0018): one row per vendor role and event
 * id, written in the same transaction as the handler's change, so a delivery repeated by the
 * vendor (or replayed by someone who caught one) changes nothing the second time.
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    role: text('role').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Why a signed event was kept for staff instead of applied (issue 30): `unusable` (its data
     * fails the schema) or `unknownReference` (it names nothing of ours, ten minutes after it
     * occurred); null for an event applied as usual.
     */
    problem: text('problem'),
    /** A kept event as the vendor sent it (it may name people), encrypted; null otherwise. */
    eventEncrypted: text('event_encrypted'),
    /** When a member of staff marked a kept event as dealt with. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.role, table.eventId] }),
    index('webhook_receipts_problem_idx')
      .on(table.receivedAt)
      .where(sql`${table.problem} is not null and ${table.resolvedAt} is null`),
  ],
);

/**
 * Webhooks the sandbox vendors owe the product (architecture: sandbox vendors). A sandbox
 * writes its decision here in the same transaction as the decision, due after the vendor's
 * realistic delay; a dispatcher signs and delivers each through the product's real webhook
 * route, retrying with backoff until it answers 2xx, as vendors do. The body may carry names
 * and references: encrypted with the field cipher, bound to the row's id.
 */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    role: text('role').notNull(),
    /** The product's route on this server, e.g. `/webhooks/esign`. */
    path: text('path').notNull(),
    bodyEncrypted: text('body_encrypted').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_webhook_deliveries_due_idx').on(table.deliveredAt, table.dueAt)],
);
