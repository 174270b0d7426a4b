import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { PAYMENTS_TIME_ZONE, todayIn } from '@portal/domain/calendar/iso-date';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import type {
  AccountMovementView,
  AccountMovementsAnswer,
  AccountMovementsView,
} from '@portal/domain/funding/payment-files-api';
import { ledgerCurrencies } from '@portal/domain/ledger/ledger-accounts';
import { ledgerEntryKinds } from '@portal/domain/ledger/ledger-journal';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { clientAccounts } from '../../db/schema.ts';
import { callerOf } from '../../plugins/auth.ts';
import { accountBalances, movementsOf, type Movement } from '../ledger/ledger.service.ts';

/**
 * The client's view of the portal's record of its own transfers (issue 35, ADR 0038): for each
 * of the caller's investment accounts, what the portal moved in and out and the net per
 * currency. It is not the dealer's books and records, nor the account's value: the web labels
 * it as the portal's record and points to the dealer's statement as the official one.
 */

/**
 * The answer as the API documents it. Serialized through this schema, so a field a later change
 * adds to a ledger row (a memo code, a reference) never reaches the client unless named here.
 */
const movementSchema = z.object({
  id: z.string(),
  on: z.string(),
  kind: z.enum(ledgerEntryKinds),
  currency: z.enum(ledgerCurrencies),
  amountCents: z.number().int(),
  reversed: z.boolean(),
});

const answerSchema = z.object({
  accounts: z.array(
    z.object({
      accountId: z.string(),
      accountTypeName: z.string(),
      accountNumber: z.string().nullable(),
      balances: z.array(z.object({ currency: z.enum(ledgerCurrencies), balanceCents: z.number() })),
      movements: z.array(movementSchema),
    }),
  ),
});

/** A ledger movement as the client reads it: the day it moved on the payments calendar. */
export function movementView(movement: Movement): AccountMovementView {
  return {
    id: movement.journalId,
    // The bank works on Toronto's calendar: a file due late in the evening in Vancouver is
    // still that Toronto day, and UTC would already be the next one.
    on: todayIn(PAYMENTS_TIME_ZONE, movement.postedAt),
    kind: movement.kind,
    currency: movement.currency,
    amountCents: movement.amountCents,
    reversed: movement.reversedByJournalId !== null,
  };
}

/**
 * The caller's own accounts, each with its balances and movements. Every account is listed,
 * those the portal has moved nothing for too, so the page can say so for each. One read-only,
 * repeatable-read transaction: balances and movements come from the same snapshot, so the net
 * shown always equals the sum of the rows shown even while the cut-off job posts.
 */
export async function movementsFor(db: Database, userId: string): Promise<AccountMovementsAnswer> {
  return db.transaction(
    async (tx) => {
      const rows = await tx
        .select({
          id: clientAccounts.id,
          accountTypeName: clientAccounts.accountTypeName,
          accountNumber: clientAccounts.accountNumber,
        })
        .from(clientAccounts)
        .where(eq(clientAccounts.ownerUserId, userId))
        .orderBy(asc(clientAccounts.createdAt), asc(clientAccounts.accountTypeName));
      const accounts: AccountMovementsView[] = [];
      for (const row of rows) {
        const balances = await accountBalances(tx, row.id);
        const movements = await movementsOf(tx, row.id);
        accounts.push({
          accountId: row.id,
          accountTypeName: row.accountTypeName as NamedAccountTypeName,
          accountNumber: row.accountNumber,
          balances,
          movements: movements.map(movementView),
        });
      }
      return { accounts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * `GET coAcctFunding/movements`, registered inside the funding routes: their hooks already
 * answer 401 to a caller without a live token and mark every answer `private, no-store`.
 */
export const movementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/coAcctFunding/movements',
    {
      schema: {
        tags: ['funding'],
        security: [{ bearer: [] }],
        summary: 'The portal’s record of the money it moved for each of the caller’s accounts',
        description:
          'AccountMovementsAnswer: { accounts: { accountId, accountTypeName, accountNumber, ' +
          'balances: { currency, balanceCents }[], movements: { id, on (YYYY-MM-DD, Toronto), ' +
          'kind, currency, amountCents (positive into the account), reversed }[] }[] }, ' +
          'movements oldest first. Only the caller’s own accounts; not the dealer’s records.',
        response: { 200: answerSchema },
      },
    },
    async (request) => movementsFor(app.db, callerOf(request).id),
  );
};
