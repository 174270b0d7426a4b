/**
 * Payment files exchanged with the bank (issue 35, ADR 0039): the items due (debits for
 * contributions, credits for RRIF payouts), the CPA 005 files the cut-off writes, the return
 * files the bank sends back and each returned item, and the RRIF payouts due.
 */

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { bankAccounts, clientAccounts, fundingRequests } from './funding.ts';
import { rifPayoutSetups } from './rif-funding.ts';
import { users } from './users.ts';

/**
 * One CPA 005 file: written once by a day's cut-off for one currency, never changed after
 * (`sealed_encrypted` holds the exact bytes sent, encrypted with the field cipher and bound to
 * the row's id, since they name people and their bank accounts). Delivery is retried with the
 * same bytes until the transport confirms them (`sha256` is what the bank receives).
 */
export const paymentFiles = pgTable(
  'payment_files',
  {
    id: uuid('id').primaryKey(),
    /** The business day whose cut-off wrote it (the bank's date). */
    fileDay: date('file_day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    /** 1-9999, the next after the last file's (`nextFileCreationNumber`). */
    fileCreationNumber: integer('file_creation_number').notNull(),
    /** The name at the bank, unique. */
    name: text('name').notNull(),
    sealedEncrypted: bytea('sealed_encrypted').notNull(),
    sha256: text('sha256').notNull(),
    clearSha256: text('clear_sha256').notNull(),
    pgpEncrypted: boolean('pgp_encrypted').notNull(),
    debitCount: integer('debit_count').notNull(),
    debitTotalCents: bigint('debit_total_cents', { mode: 'number' }).notNull(),
    creditCount: integer('credit_count').notNull(),
    creditTotalCents: bigint('credit_total_cents', { mode: 'number' }).notNull(),
    /** `written`, `delivered` or `refused` (the bank refused the whole file). */
    status: text('status').notNull(),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    /** The transport's error code of the last failed delivery (never a path or a secret). */
    lastDeliveryError: text('last_delivery_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    remotePath: text('remote_path'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    /** What the bank said, as operations recorded it. */
    refusedReason: text('refused_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_files_day_currency_idx').on(table.fileDay, table.currency),
    uniqueIndex('payment_files_name_idx').on(table.name),
    index('payment_files_status_idx').on(table.status, table.fileDay),
    check('payment_files_currency_check', sql`${table.currency} IN ('CAD', 'USD')`),
    check(
      'payment_files_status_check',
      sql`${table.status} IN ('written', 'delivered', 'refused')`,
    ),
    check('payment_files_number_check', sql`${table.fileCreationNumber} BETWEEN 1 AND 9999`),
  ],
);

/** The last file creation number used (one row, id 1): the next file takes the one after. */
export const paymentFileNumbers = pgTable('payment_file_numbers', {
  id: integer('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A RRIF payout due (issue 35): one row per setup and scheduled day, made by the cut-off from
 * the setup's schedule, with its amounts fixed when it is made. `status`: `due` (waiting for
 * its file), `held` (for operations: `hold_reason`), `filed`, `sent`, `paid`, `returned`.
 */
export const rifPayouts = pgTable(
  'rif_payouts',
  {
    id: uuid('id').primaryKey(),
    setupId: uuid('setup_id')
      .notNull()
      .references(() => rifPayoutSetups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The fund paying out. */
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccounts.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    scheduledOn: date('scheduled_on', { mode: 'string' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    withholdingCents: bigint('withholding_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    /** `destinationChanged` or `insufficientCash` while held. */
    holdReason: text('hold_reason'),
    /** Operations let a held payout go (audited): the next cut-off files it. */
    releasedBy: uuid('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rif_payouts_setup_day_idx').on(table.setupId, table.scheduledOn),
    index('rif_payouts_status_idx').on(table.status, table.paidOn),
    check(
      'rif_payouts_status_check',
      sql`${table.status} IN ('due', 'held', 'filed', 'sent', 'paid', 'returned')`,
    ),
    check(
      'rif_payouts_amounts_check',
      sql`${table.netCents} > 0 AND ${table.withholdingCents} >= 0 AND ${table.grossCents} = ${table.netCents} + ${table.withholdingCents}`,
    ),
  ],
);

/**
 * One payment in a file: a debit of a funding request or a credit of a RRIF payout. The
 * cross-reference (C/D-15) comes back with a return: `P` and the row's sequence, so a return
 * finds its item without anything personal in it.
 */
export const paymentItems = pgTable(
  'payment_items',
  {
    id: uuid('id').primaryKey(),
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    crossReference: text('cross_reference').notNull(),
    /** `debit` or `credit`. */
    direction: text('direction').notNull(),
    fundingRequestId: uuid('funding_request_id').references(() => fundingRequests.id, {
      onDelete: 'cascade',
    }),
    rifPayoutId: uuid('rif_payout_id').references(() => rifPayouts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccounts.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The due date (a debit) or the day funds are available (a credit). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    transactionCode: integer('transaction_code').notNull(),
    fileId: uuid('file_id').references(() => paymentFiles.id, { onDelete: 'restrict' }),
    /** `queued`, `filed`, `sent`, `settled`, `returned` or `refiled` (its file was refused). */
    status: text('status').notNull(),
    returnReasonCode: integer('return_reason_code'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_items_sequence_idx').on(table.sequence),
    uniqueIndex('payment_items_cross_reference_idx').on(table.crossReference),
    index('payment_items_file_idx').on(table.fileId),
    index('payment_items_status_idx').on(table.status, table.dueOn),
    index('payment_items_request_idx').on(table.fundingRequestId),
    index('payment_items_payout_idx').on(table.rifPayoutId),
    check('payment_items_direction_check', sql`${table.direction} IN ('debit', 'credit')`),
    check('payment_items_currency_check', sql`${table.currency} IN ('CAD', 'USD')`),
    check(
      'payment_items_status_check',
      sql`${table.status} IN ('queued', 'filed', 'sent', 'settled', 'returned', 'refiled')`,
    ),
    check(
      'payment_items_source_check',
      sql`(${table.direction} = 'debit' AND ${table.fundingRequestId} IS NOT NULL AND ${table.rifPayoutId} IS NULL)
        OR (${table.direction} = 'credit' AND ${table.rifPayoutId} IS NOT NULL AND ${table.fundingRequestId} IS NULL)`,
    ),
    check('payment_items_amount_check', sql`${table.amountCents} > 0`),
  ],
);

/** A return file read from the bank, once (`sha256` unique): a re-delivered one is skipped. */
export const paymentReturnFiles = pgTable(
  'payment_return_files',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    sha256: text('sha256').notNull(),
    fileCreationNumber: integer('file_creation_number'),
    creationDate: date('creation_date', { mode: 'string' }),
    itemCount: integer('item_count').notNull(),
    debitTotalCents: bigint('debit_total_cents', { mode: 'number' }).notNull(),
    creditTotalCents: bigint('credit_total_cents', { mode: 'number' }).notNull(),
    /** `applied`, or `unreadable` (kept for operations with the reader's error). */
    status: text('status').notNull(),
    error: text('error'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_return_files_sha_idx').on(table.sha256)],
);

/**
 * One returned item (I or J record) as read, matched to its item by cross-reference when it
 * can be (`item_id` null: unmatched, for operations). `outcome`: `applied`, `unmatched`,
 * `mismatch` (amount or direction differ) or `repeated` (the item was already returned).
 */
export const paymentReturns = pgTable(
  'payment_returns',
  {
    id: uuid('id').primaryKey(),
    returnFileId: uuid('return_file_id')
      .notNull()
      .references(() => paymentReturnFiles.id, { onDelete: 'restrict' }),
    line: integer('line').notNull(),
    segment: integer('segment').notNull(),
    itemId: uuid('item_id').references(() => paymentItems.id, { onDelete: 'set null' }),
    crossReference: text('cross_reference').notNull(),
    direction: text('direction').notNull(),
    reasonCode: integer('reason_code').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_returns_position_idx').on(table.returnFileId, table.line, table.segment),
    index('payment_returns_item_idx').on(table.itemId),
  ],
);
