/**
 * The operations console: review cases, claims, information requests and PEP/HIO forms
 * (modules/operations).
 */

import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { applicationDocuments } from './documents.ts';
import { users } from './users.ts';

/**
 * An application in the hands of operations (issue 16; ADR 0023): written when it reaches
 * under review, with what the queue filters on (so the queue never reads the answers), the
 * four-eyes approval of a PEP/HIO application, the decision, and the PEP/HIO form's due date.
 */
export const reviewCases = pgTable(
  'review_cases',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    /** The primary applicant's province of residence (`ON`, `QC`, ...), when in Canada. */
    province: text('province'),
    /** The named account types chosen (`tfsa`, `usCash`, ...). */
    accountTypes: jsonb('account_types').$type<string[]>().notNull().default([]),
    joint: boolean('joint').notNull().default(false),
    pep: boolean('pep').notNull().default(false),
    /** A PEP/HIO application's first approval; the second must come from someone else. */
    firstApprovalBy: uuid('first_approval_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    firstApprovalAt: timestamp('first_approval_at', { withTimezone: true }),
    declineCategory: text('decline_category'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The PEP/HIO form's last day (spec section 9: 21 days after submission); null: none due. */
    pepFormDueOn: date('pep_form_due_on', { mode: 'string' }),
    pepFormReceivedAt: timestamp('pep_form_received_at', { withTimezone: true }),
    /** Reminders mailed (at 7 and 14 days). */
    pepRemindersSent: integer('pep_reminders_sent').notNull().default(0),
  },
  (table) => [
    index('review_cases_submitted_idx').on(table.submittedAt),
    index('review_cases_pep_due_idx').on(table.pepFormDueOn),
  ],
);

/**
 * Who is working on a queue item (issue 16): claiming locks it for CLAIM_MINUTES, renewed by
 * claiming again; an expired claim may be taken by anyone. One row per item, taken with one
 * atomic upsert, so two staff members never hold the same item.
 */
export const workClaims = pgTable(
  'work_claims',
  {
    /** `application`, `identity`, `funding` or `transfer` (packages/domain `claimKinds`). */
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.itemId] })],
);

/**
 * What operations asked an applicant (issue 16): the message is shown to them as written; their
 * answer may hold personal information and is encrypted with the field cipher, bound to the row.
 */
export const informationRequests = pgTable(
  'information_requests',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    askedBy: uuid('asked_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    documentTypes: jsonb('document_types').$type<string[]>().notNull().default([]),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerEncrypted: text('answer_encrypted'),
    answerDocumentIds: jsonb('answer_document_ids').$type<string[]>().notNull().default([]),
  },
  (table) => [index('information_requests_application_idx').on(table.applicationId, table.askedAt)],
);

/**
 * A PEP/HIO applicant's form (issue 16; spec section 9), answered on screen or uploaded as the
 * completed PDF: the answers are encrypted with the field cipher, bound to the row.
 */
export const pepForms = pgTable('pep_forms', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  submittedBy: uuid('submitted_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  answersEncrypted: text('answers_encrypted'),
  documentId: uuid('document_id').references(() => applicationDocuments.id, {
    onDelete: 'set null',
  }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
});
