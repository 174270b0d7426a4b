/** RRIF payout setups (modules/rif-funding). */

import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { bankAccounts, clientAccounts } from './funding.ts';
import { users } from './users.ts';

/**
 * The RRIF payout setup of one income fund an application opens (issue 15; spec section 3),
 * one row per fund account. The spouse's SIN is encrypted with the field cipher, bound to the
 * row (only its last 3 digits are kept plain); `first_payment_made` turns the choice of whose
 * age sets the minimum into a fixed one. Each save is written to the application's audit trail.
 */
export const rifPayoutSetups = pgTable(
  'rif_payout_setups',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The RRIF, spousal RRIF, LIF, RLIF or PRIF paying out. */
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccounts.id, { onDelete: 'cascade' }),
    minPaymentTypeId: integer('min_payment_type_id').notNull(),
    spouseSinEncrypted: text('spouse_sin_encrypted'),
    spouseSinLast3: text('spouse_sin_last3'),
    spouseBirthDate: date('spouse_birth_date', { mode: 'string' }),
    annualPaymentTypeId: integer('annual_payment_type_id').notNull(),
    /** `G` or `N`. */
    grossOrNet: text('gross_or_net').notNull(),
    otherAmountCents: bigint('other_amount_cents', { mode: 'number' }),
    taxCalcOptionTypeId: integer('tax_calc_option_type_id'),
    taxOptionPercent: doublePrecision('tax_option_percent'),
    taxPercentTypeId: integer('tax_percent_type_id'),
    payoutFrequencyId: integer('payout_frequency_id').notNull(),
    startDateTypeId: integer('start_date_type_id').notNull(),
    paymentStartMonth: integer('payment_start_month').notNull(),
    paymentStartYear: integer('payment_start_year').notNull(),
    paymentByTypeId: integer('payment_by_type_id').notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    payoutAccountId: uuid('payout_account_id').references(() => clientAccounts.id, {
      onDelete: 'set null',
    }),
    /** The client's estimate of the fund's value, for the amounts shown before January 1. */
    estimatedFundValueCents: bigint('estimated_fund_value_cents', { mode: 'number' }),
    /** The year the fund was set up: no minimum is due that year. */
    setupYear: integer('setup_year').notNull(),
    firstPaymentMade: boolean('first_payment_made').notNull().default(false),
    /** When the payout's destination last changed: payouts within 10 business days are held. */
    destinationChangedAt: timestamp('destination_changed_at', { withTimezone: true }),
    /** The language of the confirmation mails. */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('rif_payout_setups_account_idx').on(table.clientAccountId),
    index('rif_payout_setups_application_idx').on(table.applicationId),
    index('rif_payout_setups_user_idx').on(table.userId),
  ],
);
