/**
 * The desktop-to-phone hand-off of a photo-ID attempt and its captured images
 * (modules/identity-capture).
 */

import { pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { identityAttempts } from './identity.ts';

/**
 * The desktop-to-phone hand-off of a photo-ID attempt (spec sections 2, 4 and 9): the SMS, QR
 * and short link open the product's phone pages with a single-purpose token (stored as a keyed
 * hash) that works for 15 minutes and only for this attempt. `stage` is what the desktop shows
 * live; the captured images go to the vendor, encrypted here until sent.
 */
export const identityHandoffs = pgTable(
  'identity_handoffs',
  {
    attemptId: uuid('attempt_id')
      .primaryKey()
      .references(() => identityAttempts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Eight characters a person can type (`/v/{code}`), kept as a keyed hash too. */
    shortCodeHash: text('short_code_hash').notNull(),
    /** `sent`, `opened`, `document`, `front`, `back`, `selfie`, `submitted`, `decided`, `expired`. */
    stage: text('stage').notNull().default('sent'),
    documentType: text('document_type'),
    phoneEncrypted: text('phone_encrypted'),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_handoffs_token_idx').on(table.tokenHash),
    uniqueIndex('identity_handoffs_short_code_idx').on(table.shortCodeHash),
  ],
);

/** The captured images of a hand-off (front, back, selfie), encrypted, bound to the row. */
export const identityCaptures = pgTable(
  'identity_captures',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => identityAttempts.id, { onDelete: 'cascade' }),
    /** `front`, `back` or `selfie`. */
    side: text('side').notNull(),
    contentType: text('content_type').notNull(),
    fileNameEncrypted: text('file_name_encrypted').notNull(),
    contentEncrypted: bytea('content_encrypted').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.side] })],
);
