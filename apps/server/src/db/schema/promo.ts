/** Promo codes and proved work emails (modules/promo). */

import { date, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Promo codes as data (issue 17): validity dates, the account types they apply to (empty:
 * all), the offer's words in both languages. Codes are stored upper-cased.
 */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  accountTypes: jsonb('account_types').$type<string[]>().notNull().default([]),
  offerEn: text('offer_en').notNull(),
  offerFr: text('offer_fr').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Work emails proved by a code (issue 17: partner employees), per person and address. */
export const verifiedWorkEmails = pgTable(
  'verified_work_emails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);
