/** The joint applicant's code (modules/co-auth-code). */

import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { users } from './users.ts';

/**
 * The joint applicant's four-digit code (spec sections 4, 5 and 7: `coAuthCode`): mailed to the
 * joint applicant's address, valid 24 hours, stored as a keyed hash, with the attempts counted.
 * One per application; a resend replaces it. Once verified, `applications.joint_user_id` links
 * the joint applicant's own sign-in account to the application.
 */
export const coAuthCodes = pgTable(
  'co_auth_codes',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Lower-cased: the joint applicant signs in with this address. */
    inviteeEmail: text('invitee_email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('co_auth_codes_invitee_idx').on(table.inviteeEmail)],
);
