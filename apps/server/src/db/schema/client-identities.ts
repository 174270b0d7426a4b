/** Who is already a client, as keyed hashes (modules/client-identities). */

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who is already a client (issue 17): keyed hashes (HMAC, ADR 0008) of each onboarded
 * person's email, SIN and birth date, so a new profile is checked without decrypting anyone.
 */
export const clientIdentities = pgTable(
  'client_identities',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    sinHash: text('sin_hash').notNull(),
    birthDateHash: text('birth_date_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_identities_sin_idx').on(table.sinHash),
    index('client_identities_email_idx').on(table.emailHash),
  ],
);
