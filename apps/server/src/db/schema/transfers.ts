/** Transfers in from another institution, their lines and status changes (modules/transfers). */

import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { applicationDocuments } from './documents.ts';
import { clientAccounts } from './funding.ts';
import { users } from './users.ts';

/**
 * Transfers in from another institution (issue 15; spec sections 3, 4 and 7; ADR 0021). The
 * delivering account number is encrypted with the field cipher bound to the row's id, and only
 * its last 3 digits are shown; the statement's holders and address (they carry SINs) and an
 * RESP's contract numbers are encrypted JSON. `status` stays null until the authorization is
 * signed (unsigned transfers are never processed); then it is a transfer-in status of
 * packages/domain (52..59), or the funding status CANCELLED_BY_CLIENT (62) once cancelled. The
 * processing job claims rows with `FOR UPDATE SKIP LOCKED` and a lease, as settlement does.
 */
export const transferRequests = pgTable(
  'transfer_requests',
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
    /** The id of packages/domain's delivering-institution list. */
    fromInstitutionId: text('from_institution_id').notNull(),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast3: text('account_number_last3').notNull(),
    /** The delivering plan as the transfer rules name it (`rrsp`, `lira`, ...). */
    accountType: text('account_type').notNull(),
    /** The pension law of a locked-in delivering plan. */
    deliveringJurisdiction: text('delivering_jurisdiction'),
    transferTypeId: integer('transfer_type_id').notNull(),
    approximateValueCents: bigint('approximate_value_cents', { mode: 'number' }).notNull(),
    liquidationValueCents: bigint('liquidation_value_cents', { mode: 'number' }),
    /** The other firm's transfer-out fee, which the offer refunds. */
    transferFeeCents: bigint('transfer_fee_cents', { mode: 'number' }).notNull().default(0),
    mutualFunds: boolean('mutual_funds').notNull().default(false),
    /** How a RRIF or LIF moved in kind pays this year's unpaid minimum. */
    unpaidMinimum: text('unpaid_minimum'),
    /** `{holders, address}` as the statement prints them, encrypted. */
    statementEncrypted: text('statement_encrypted').notNull(),
    /** `{deliveringContractNumber, receivingContractNumber}` of an RESP, encrypted. */
    respEncrypted: text('resp_encrypted'),
    statementDocumentId: uuid('statement_document_id').references(() => applicationDocuments.id, {
      onDelete: 'set null',
    }),
    /** The language of the authorization and of the mails about this transfer. */
    language: text('language').notNull(),
    esignProvider: text('esign_provider'),
    esignEnvelopeId: text('esign_envelope_id'),
    /** `UNSIGNED` or `SIGNED` (packages/domain `esignStatuses`). */
    esignStatus: text('esign_status').notNull().default('UNSIGNED'),
    status: integer('status'),
    signedOn: date('signed_on', { mode: 'string' }),
    expectedEarliest: date('expected_earliest', { mode: 'string' }),
    expectedLatest: date('expected_latest', { mode: 'string' }),
    /** The bank date the request went to the delivering firm (SENT_TO_DP). */
    sentOn: date('sent_on', { mode: 'string' }),
    /** The bank date it reached PROCESSED or DECLINED. */
    completedOn: date('completed_on', { mode: 'string' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('transfer_requests_user_idx').on(table.userId, table.createdAt),
    index('transfer_requests_account_idx').on(table.toAccountId, table.createdAt),
    index('transfer_requests_status_idx').on(table.status, table.signedOn),
    // The vendor's webhook names the envelope, not the transfer.
    index('transfer_requests_envelope_idx').on(table.esignProvider, table.esignEnvelopeId),
  ],
);

/** The lines of a partial transfer (spec section 5: trade-instruction rows), in order. */
export const transferLines = pgTable(
  'transfer_lines',
  {
    transferRequestId: uuid('transfer_request_id')
      .notNull()
      .references(() => transferRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** `inKind`, `inCash` or `cash` (packages/domain `transferLineKinds`). */
    kind: text('kind').notNull(),
    symbol: text('symbol'),
    securityName: text('security_name'),
    /** Units may be fractional (mutual funds). */
    quantity: doublePrecision('quantity'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.transferRequestId, table.position] })],
);

/** Every status change of a transfer, written in the same transaction as the change. */
export const transferEvents = pgTable(
  'transfer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferRequestId: uuid('transfer_request_id')
      .notNull()
      .references(() => transferRequests.id, { onDelete: 'cascade' }),
    /** `client`, `esign` (the vendor's webhook or a forced check), `job` or `staff`. */
    actor: text('actor').notNull(),
    /** The person who acted (null for the job and the vendor). */
    actorId: uuid('actor_id'),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('transfer_events_request_idx').on(table.transferRequestId, table.at)],
);
