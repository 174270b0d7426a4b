/** Retention and legal hold of an application's records (modules/retention; ADR 0044). */

import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';

/**
 * What retention needs to know of one application beyond its own row: when the account it
 * opened was closed (null: open, or never opened), whether operations hold its records for a
 * legal matter, and when its applicant was last told that an abandoned application will be
 * deleted. A row exists only once one of these was set; no row reads as open, not held, not
 * reminded. Deleting the application deletes the row: a held application is never deleted.
 */
export const applicationRetention = pgTable(
  'application_retention',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    accountClosedAt: timestamp('account_closed_at', { withTimezone: true }),
    legalHold: boolean('legal_hold').notNull().default(false),
    /** Why operations hold the records, as the staff member wrote it (audited too). */
    legalHoldReason: text('legal_hold_reason'),
    legalHoldSince: timestamp('legal_hold_since', { withTimezone: true }),
    legalHoldBy: uuid('legal_hold_by'),
    /** When the abandoned-application reminder was mailed; older than the last activity: none. */
    abandonedReminderAt: timestamp('abandoned_reminder_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_retention_closed_idx').on(table.accountClosedAt)],
);
