/**
 * The ledger of what the portal itself moved (issue 35, ADR 0038): double-entry journals in
 * integer cents, never edited or deleted, only reversed. Migration 0021 adds what drizzle does
 * not describe: the triggers that refuse UPDATE, DELETE and TRUNCATE on both tables and the
 * constraint trigger that checks, at commit, that every journal balances.
 */

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clientAccounts } from './funding.ts';

export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** packages/domain `ledgerEntryKinds`. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** `fundingRequest` or `rifPayment`: the payment whose money moved. */
    referenceType: text('reference_type').notNull(),
    referenceId: uuid('reference_id').notNull(),
    /** Unique: a journal is reversed at most once. */
    reversesJournalId: uuid('reverses_journal_id').references((): AnyPgColumn => ledgerJournals.id),
    /** A code (a Standard 007 reason), never free text. */
    memoCode: text('memo_code'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An event is posted once, whoever posts it and however often a job runs again.
    uniqueIndex('ledger_journals_event_idx')
      .on(table.kind, table.referenceType, table.referenceId)
      .where(sql`${table.reversesJournalId} IS NULL`),
    uniqueIndex('ledger_journals_reverses_idx').on(table.reversesJournalId),
    index('ledger_journals_reference_idx').on(table.referenceType, table.referenceId),
    check('ledger_journals_currency_check', sql`${table.currency} IN ('CAD', 'USD')`),
    check(
      'ledger_journals_kind_check',
      sql`(${table.kind} IN ('contributionSent', 'payoutSent', 'withholding') AND ${table.reversesJournalId} IS NULL)
        OR (${table.kind} IN ('contributionReturned', 'padClaim', 'payoutReturned') AND ${table.reversesJournalId} IS NOT NULL)`,
    ),
  ],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id),
    lineNo: integer('line_no').notNull(),
    /** `clientCash:<id>`, `bankClearing:<currency>` or `withholdingPayable:<currency>`. */
    ledgerAccount: text('ledger_account').notNull(),
    /**
     * The investment account of a `clientCash` line, for the per-account view. No cascade: an
     * account whose money the portal moved keeps its record (the triggers refuse the delete).
     */
    clientAccountId: uuid('client_account_id').references(() => clientAccounts.id),
    side: text('side').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.journalId, table.lineNo] }),
    index('ledger_lines_client_account_idx').on(table.clientAccountId),
    check('ledger_lines_side_check', sql`${table.side} IN ('debit', 'credit')`),
    // Past 2^53 the server could no longer read the amount exactly.
    check(
      'ledger_lines_amount_check',
      sql`${table.amountCents} > 0 AND ${table.amountCents} <= 9007199254740991`,
    ),
    check(
      'ledger_lines_client_account_check',
      sql`(${table.clientAccountId} IS NULL AND ${table.ledgerAccount} ~ '^(bankClearing|withholdingPayable):(CAD|USD)$')
        OR (${table.clientAccountId} IS NOT NULL AND ${table.ledgerAccount} = 'clientCash:' || ${table.clientAccountId}::text)`,
    ),
  ],
);
