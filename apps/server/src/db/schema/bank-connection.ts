/** Bank-connection sessions (modules/bank-connection). */

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { users } from './users.ts';

/**
 * A bank-connection session (spec sections 3, 4 and 7: `bankConnection/request`), its status
 * as the vendor reports it, and the accounts it returned (vendor JSON, encrypted, bound to the
 * row's id). A pending request older than 30 minutes answers expired.
 */
export const bankConnectionRequests = pgTable(
  'bank_connection_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    /** `initiated`, `pending`, `connected`, `failed`, `expired` or `cancelled`. */
    status: text('status').notNull().default('initiated'),
    loginId: text('login_id'),
    failure: text('failure'),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    resolvesAt: timestamp('resolves_at', { withTimezone: true }),
    accountsEncrypted: text('accounts_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bank_connection_requests_user_idx').on(table.userId, table.createdAt),
    index('bank_connection_requests_login_idx').on(table.loginId),
  ],
);
