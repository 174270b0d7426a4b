/** The API's shared rate-limit counters (lib/rate-limit, plugins/api-rate-limit.ts). */

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The API's rate-limit counters on PostgreSQL (issue 30, security.md G10), shared by every
 * instance: one row per limit and caller (`writes:user:<id>`, `requests:address:<keyed hash>`),
 * counting the requests of the window that ends at `window_ends_at`. Rows whose window ended
 * are deleted as the store goes (plugins/api-rate-limit.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends_at_idx').on(table.windowEndsAt)],
);
