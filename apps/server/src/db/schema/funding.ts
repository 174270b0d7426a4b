/**
 * Accounts opened, bank accounts, EFT and PAC requests, PAD agreements and the sandbox bank clock
 * (modules/funding).
 */

import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { bankConnectionRequests } from './bank-connection.ts';
import { bytea } from './bytea.ts';
import { applicationDocuments } from './documents.ts';
import { users } from './users.ts';

/**
 * The accounts an application opens (issue 14), one per account type chosen, created by the
 * funding service from the application's answers the first time funding asks for them: funding
 * requests name a row here as their destination. `account_number` is assigned at approval
 * (issue 16); until then bill payment and requests use the row's id.
 */
export const clientAccounts = pgTable(
  'client_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The primary applicant, who funds the account. */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The named account type of packages/domain (`tfsa`, `usCash`, ...). */
    accountTypeName: text('account_type_name').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    currencyTypeId: integer('currency_type_id').notNull(),
    ownershipTypeId: integer('ownership_type_id').notNull(),
    accountNumber: text('account_number'),
    eftEligible: boolean('eft_eligible').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('client_accounts_application_type_idx').on(
      table.applicationId,
      table.accountTypeName,
    ),
    index('client_accounts_owner_idx').on(table.ownerUserId),
    uniqueIndex('client_accounts_number_idx').on(table.accountNumber),
  ],
);

/**
 * A person's bank accounts (issue 14): from a void cheque (`cheque`), a bank connection
 * (`connection`) or on file with us (`admin`). The account number is encrypted with the field
 * cipher, bound to the row's id; `account_number_hash` is a keyed HMAC of the institution,
 * transit and number, so "already connected" is answered without decrypting anything, and
 * `account_number_last3` is all an answer ever shows.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `cheque`, `connection` or `admin` (packages/domain `bankAccountSources`). */
    source: text('source').notNull(),
    nickname: text('nickname').notNull(),
    institutionNumber: text('institution_number').notNull(),
    institutionName: text('institution_name').notNull(),
    transitNumber: text('transit_number').notNull(),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast3: text('account_number_last3').notNull(),
    accountNumberHash: text('account_number_hash').notNull(),
    currencyTypeId: integer('currency_type_id').notNull(),
    /** The void cheque this account was read from. */
    documentId: uuid('document_id').references(() => applicationDocuments.id, {
      onDelete: 'set null',
    }),
    /** The bank connection that reported this account. */
    connectionId: uuid('connection_id').references(() => bankConnectionRequests.id, {
      onDelete: 'set null',
    }),
    /** The holder's name as the bank reports it (connections only), encrypted. */
    holderNameEncrypted: text('holder_name_encrypted'),
    /** Whether that name matches an applicant (packages/domain `holderNameMatches`). */
    holderMatches: boolean('holder_matches'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('bank_accounts_user_idx').on(table.userId, table.createdAt),
    index('bank_accounts_user_hash_idx').on(table.userId, table.accountNumberHash),
  ],
);

/**
 * EFT and PAC requests (spec sections 3 and 4; ADR 0020): one-time debits (type 1) and
 * recurring PACs (type 3), whose debits are one-time children (`parent_id`). `status` is a
 * funding status id of packages/domain's machine; dates are the bank's business dates in
 * America/Toronto. The settlement job claims rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (`claimed_by`, `claimed_until`), as the outbox dispatcher does.
 */
export const fundingRequests = pgTable(
  'funding_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    toAccountId: uuid('to_account_id')
      .notNull()
      .references(() => clientAccounts.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    /** The PAC a debit belongs to (null for a PAC itself and for one-time requests). */
    parentId: uuid('parent_id').references((): AnyPgColumn => fundingRequests.id, {
      onDelete: 'cascade',
    }),
    fundingTypeId: integer('funding_type_id').notNull(),
    frequencyId: integer('frequency_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** An active PAC's next debit date (business day), null otherwise. */
    nextDebitDate: date('next_debit_date', { mode: 'string' }),
    status: integer('status').notNull(),
    /** When a deleted PAC stops (10 business days after the deletion). */
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** The bank date a debit was sent to the bank (SENT_TO_BANK). */
    sentOn: date('sent_on', { mode: 'string' }),
    preNotificationWaived: boolean('pre_notification_waived').notNull(),
    taxYear: integer('tax_year'),
    /** The PAD agreement accepted with the request (a PAC's debits carry the PAC's). */
    agreementId: uuid('agreement_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    activeDate: date('active_date', { mode: 'string' }),
    /** A PAC's NSF returns in a row (issue 35): the second suspends it for operations. */
    consecutiveNsf: integer('consecutive_nsf').notNull().default(0),
    /** When operations must look at a PAC before its next debit (two NSF in a row). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The Standard 007 return reason that stopped a PAC (903, 905, 915, 917). */
    stoppedByReturnCode: integer('stopped_by_return_code'),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('funding_requests_user_idx').on(table.userId, table.createdAt),
    index('funding_requests_status_idx').on(table.status, table.startDate),
    // A PAC has one debit per date, so a job run twice creates it once.
    uniqueIndex('funding_requests_parent_date_idx').on(table.parentId, table.startDate),
  ],
);

/**
 * The PAD agreement (Payments Canada Rule H1) accepted with a funding request: the PDF as
 * shown, in the person's language, encrypted and bound to the row's id, with the SHA-256 of
 * the plain PDF kept as evidence for the 90-day reimbursement window. `confirmation_due` is
 * when the confirmation must be mailed (10 days before the first debit; null when waived).
 */
export const padAgreements = pgTable(
  'pad_agreements',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fundingRequestId: uuid('funding_request_id')
      .notNull()
      .references(() => fundingRequests.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    pdfEncrypted: bytea('pdf_encrypted').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    confirmationDue: date('confirmation_due', { mode: 'string' }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pad_agreements_request_idx').on(table.fundingRequestId),
    index('pad_agreements_confirmation_idx').on(table.confirmationSentAt, table.confirmationDue),
  ],
);

/** Every status change of a funding request, written in the same transaction as the change. */
export const fundingEvents = pgTable(
  'funding_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundingRequestId: uuid('funding_request_id')
      .notNull()
      .references(() => fundingRequests.id, { onDelete: 'cascade' }),
    /** `client`, `job` or `staff`. */
    actor: text('actor').notNull(),
    /** The person who acted (null for the job). */
    actorId: uuid('actor_id'),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('funding_events_request_idx').on(table.fundingRequestId, table.at)],
);

/**
 * The sandbox bank's clock (docs/sandbox.md): one row (id 1); `today` null means the real
 * today in America/Toronto. Tests and demos move it to make debits settle.
 */
export const sandboxBankClock = pgTable('sandbox_bank_clock', {
  id: integer('id').primaryKey(),
  today: date('today', { mode: 'string' }),
});
