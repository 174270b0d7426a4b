/**
 * Identity verification: where each applicant stands, the attempts (the FINTRAC record) and the
 * sandbox vendors' checks (modules/identity).
 */

import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { users } from './users.ts';

/**
 * Each applicant's identity verification on an application (issue 13): where they stand now,
 * vendor-neutral (`notStarted`, `inProgress`, `pending`, `needsReview`, `verified`, `failed`;
 * packages/domain identity states). One row per application and role, as for signatures; the
 * attempts below are the history and the FINTRAC record.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** `primary` or `joint`. */
    role: text('role').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('notStarted'),
    /** The method of the latest attempt (`creditFile`, `photoId`, `dualProcess`, `manual`). */
    method: text('method'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.role] }),
    index('identity_verifications_state_idx').on(table.state, table.updatedAt),
  ],
);

/**
 * Every attempt to verify a person and its outcome: the FINTRAC record (Guide 11; ADR 0018).
 * No foreign key to the application or the user: the record must outlive both for at least five
 * years (`retain_until`), and the applicant can never delete it. `record_encrypted` holds exactly
 * the fields of the method used (packages/domain `fintracRecordSchema`), document and file
 * numbers included, encrypted with the field cipher and bound to the attempt's id.
 */
export const identityAttempts = pgTable(
  'identity_attempts',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    role: text('role').notNull(),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    /**
     * `inProgress` (questions asked, phone capture under way), `pending` (the vendor decides),
     * `needsReview` (operations decide), `verified`, `failed`, `expired`.
     */
    outcome: text('outcome').notNull().default('inProgress'),
    /** Why it failed, as a domain message code (`documentExpired`, `noMatch`, `thinFile`, ...). */
    reason: text('reason'),
    vendor: text('vendor'),
    /** The vendor's id of this check (a bureau file reference stays in the record, encrypted). */
    vendorReference: text('vendor_reference'),
    /** The name as verified; with the record, so one person's records can be exported. */
    verifiedNameEncrypted: text('verified_name_encrypted'),
    recordEncrypted: text('record_encrypted'),
    /** Method state the product keeps while the attempt runs (questions asked, ...), encrypted. */
    workingEncrypted: text('working_encrypted'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('identity_attempts_person_idx').on(table.userId, table.startedAt),
    index('identity_attempts_application_idx').on(table.applicationId, table.role, table.startedAt),
    uniqueIndex('identity_attempts_vendor_reference_idx').on(table.vendor, table.vendorReference),
    index('identity_attempts_outcome_idx').on(table.outcome, table.startedAt),
  ],
);

/**
 * The sandbox vendors' own state (architecture: sandbox vendors): the credit bureau's question
 * sets and the document-verification vendor's checks, as a vendor would keep them on its side.
 */
export const sandboxIdentityChecks = pgTable('sandbox_identity_checks', {
  id: uuid('id').primaryKey(),
  /** `creditBureau` or `documentVerification`. */
  vendor: text('vendor').notNull(),
  /** What the vendor holds about the check (questions and answers, images' verdict), encrypted. */
  stateEncrypted: text('state_encrypted').notNull(),
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
