/** Client-side error reports (modules/errors). */

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Client-side errors reported through `POST errors` (spec section 7). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    errorField: text('error_field').notNull(),
    pageFailed: text('page_failed').notNull(),
    username: text('username').notNull(),
    /** A keyed hash of the sender's address: enough to rate-limit, useless to identify. */
    senderHash: text('sender_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('error_reports_sender_created_idx').on(table.senderHash, table.createdAt)],
);
