/** An advisor's investors and their express invitations (modules/advisor, modules/express). */

import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { users } from './users.ts';

/**
 * An advisor's book of investors (issue 17): who the advisor can invite to an express
 * application. Names and email stay searchable; the birth date, postal code and the rest of
 * what prefills the application are sealed (`details_encrypted`, ADR 0008).
 */
export const advisorInvestors = pgTable(
  'advisor_investors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    detailsEncrypted: text('details_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('advisor_investors_advisor_idx').on(table.advisorId, table.lastName),
    uniqueIndex('advisor_investors_email_idx').on(table.advisorId, table.email),
  ],
);

/**
 * Express invitations (issue 17): a single-use link, only its token's hash kept, valid until
 * `expires_at`; a newer invitation to the same investor voids the older ones (`voided_at`).
 * The states the advisor sees come from these times and the application's status.
 */
export const expressInvitations = pgTable(
  'express_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => advisorInvestors.id, { onDelete: 'cascade' }),
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The named account types the advisor proposes (`tfsa`, `rsp`, ...). */
    accountTypes: jsonb('account_types').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Wrong birth dates or postal codes in a row, and the lock they earn (a throttle). */
    confirmFailures: integer('confirm_failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('express_invitations_token_idx').on(table.tokenHash),
    index('express_invitations_investor_idx').on(table.investorId, table.createdAt),
    index('express_invitations_advisor_idx').on(table.advisorId, table.createdAt),
    index('express_invitations_application_idx').on(table.applicationId),
  ],
);
