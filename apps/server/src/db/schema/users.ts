/** The people who sign in, and their roles (modules/users). */

import { boolean, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Roles of spec section 6: client applicant, advisor, trial user, operations staff. */
export const userRole = pgEnum('user_role', ['client', 'advisor', 'trial', 'staff']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: an email names one person whatever its capitals. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    language: text('language').notNull().default('en'),
    role: userRole('role').notNull().default('client'),
    ibId: text('ib_id'),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    /** When the person proved they read mail at `email` (null: not yet). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address waiting for its code; `email` changes only once it is proved. */
    pendingEmail: text('pending_email'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_ib_id_idx').on(table.ibId),
  ],
);
