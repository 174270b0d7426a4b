import { randomInt, randomUUID } from 'node:crypto';
import { addCalendarDays } from '@portal/domain/calendar/iso-date';
import { fundingStatuses } from '@portal/domain/enums/funding';
import type {
  PaymentFileStatus,
  PaymentItemStatus,
  PaymentReturnOutcome,
} from '@portal/domain/funding/payment-files-api';
import {
  bankClearingAccount,
  clientCashAccount,
  withholdingPayableAccount,
  type LedgerCurrency,
} from '@portal/domain/ledger/ledger-accounts';
import type { ReversalEntryKind } from '@portal/domain/ledger/ledger-journal';
import type { Database } from '../db/client.ts';
import {
  applications,
  bankAccounts,
  clientAccounts,
  fundingRequests,
  paymentFiles,
  paymentItems,
  paymentReturnFiles,
  paymentReturns,
  rifPayoutSetups,
  rifPayouts,
  users,
} from '../db/schema.ts';
import { postJournal, reverseJournal } from '../modules/ledger/ledger.service.ts';

/**
 * Payment files, their items and returns written straight into the tables (issue 35), with the
 * people, accounts and payments they pay, and the ledger's journals posted as the cut-off job
 * posts them on delivery (ADR 0038): for the reconciliation's and the console's tests, which
 * must not wait for the cut-off to make a day of files.
 */

export interface PaymentClient {
  userId: string;
  applicationId: string;
  clientAccountId: string;
  bankAccountId: string;
}

export interface DebitSpec {
  direction: 'debit';
  client: PaymentClient;
  amountCents: number;
  status?: PaymentItemStatus;
  /** The funding request's status (SENT_TO_BANK by default). */
  requestStatus?: number;
  returnReasonCode?: number;
}

export interface CreditSpec {
  direction: 'credit';
  /** The income fund paying out (made with `client('rrif')`). */
  client: PaymentClient;
  netCents: number;
  withholdingCents?: number;
  status?: PaymentItemStatus;
  payoutStatus?: string;
  returnReasonCode?: number;
}

export interface CreatedItem {
  id: string;
  crossReference: string;
  direction: 'debit' | 'credit';
  /** The funding request (a debit) or RRIF payout (a credit) it pays. */
  sourceId: string;
  clientAccountId: string;
  applicationId: string;
  amountCents: number;
  withholdingCents: number;
}

export interface CreatedFile {
  id: string;
  name: string;
  fileCreationNumber: number;
  currency: LedgerCurrency;
  items: CreatedItem[];
}

export interface ReturnSpec {
  item?: CreatedItem;
  crossReference?: string;
  direction?: 'debit' | 'credit';
  reasonCode: number;
  amountCents?: number;
  outcome: PaymentReturnOutcome;
}

const totalOf = (amounts: number[]) => amounts.reduce((sum, amount) => sum + amount, 0);

export function paymentFixtures(db: Database) {
  const setups = new Map<string, string>();
  let scheduled = 0;

  /** A person with an application, one investment account of `accountTypeName` and a bank account. */
  async function client(accountTypeName = 'tfsa'): Promise<PaymentClient> {
    const [user] = await db
      .insert(users)
      .values({
        email: `${randomUUID()}@example.test`,
        passwordHash: 'not-a-hash',
        firstName: 'Pay',
        lastName: 'Ment',
      })
      .returning({ id: users.id });
    const [application] = await db
      .insert(applications)
      .values({ ownerId: user!.id })
      .returning({ id: applications.id });
    const [account] = await db
      .insert(clientAccounts)
      .values({
        applicationId: application!.id,
        ownerUserId: user!.id,
        accountTypeName,
        accountTypeId: 1,
        currencyTypeId: 1,
        ownershipTypeId: 1,
        eftEligible: true,
      })
      .returning({ id: clientAccounts.id });
    const bankAccountId = randomUUID();
    await db.insert(bankAccounts).values({
      id: bankAccountId,
      userId: user!.id,
      source: 'cheque',
      nickname: 'Everyday chequing',
      institutionNumber: '004',
      institutionName: 'TD Canada Trust',
      transitNumber: '12345',
      accountNumberEncrypted: 'sealed',
      accountNumberLast3: '210',
      accountNumberHash: randomUUID(),
      currencyTypeId: 1,
    });
    return {
      userId: user!.id,
      applicationId: application!.id,
      clientAccountId: account!.id,
      bankAccountId,
    };
  }

  async function fundingRequest(
    owner: PaymentClient,
    amountCents: number,
    status: number = fundingStatuses.SENT_TO_BANK,
    sentOn: string | null = null,
  ): Promise<string> {
    const id = randomUUID();
    await db.insert(fundingRequests).values({
      id,
      userId: owner.userId,
      applicationId: owner.applicationId,
      toAccountId: owner.clientAccountId,
      bankAccountId: owner.bankAccountId,
      fundingTypeId: 1,
      frequencyId: 1,
      amountCents,
      startDate: sentOn ?? '2026-11-16',
      status,
      sentOn,
      preNotificationWaived: false,
      agreementId: randomUUID(),
    });
    return id;
  }

  async function setupOf(fund: PaymentClient): Promise<string> {
    const known = setups.get(fund.clientAccountId);
    if (known) return known;
    const id = randomUUID();
    await db.insert(rifPayoutSetups).values({
      id,
      applicationId: fund.applicationId,
      userId: fund.userId,
      clientAccountId: fund.clientAccountId,
      minPaymentTypeId: 1,
      annualPaymentTypeId: 1,
      grossOrNet: 'G',
      payoutFrequencyId: 1,
      startDateTypeId: 1,
      paymentStartMonth: 1,
      paymentStartYear: 2026,
      paymentByTypeId: 1,
      bankAccountId: fund.bankAccountId,
      setupYear: 2025,
      language: 'en',
    });
    setups.set(fund.clientAccountId, id);
    return id;
  }

  /** A RRIF payout of `fund` (its own scheduled day), `filed` unless told otherwise. */
  async function rifPayout(
    fund: PaymentClient,
    spec: { netCents: number; withholdingCents?: number; status?: string; holdReason?: string },
  ): Promise<string> {
    const id = randomUUID();
    const withholdingCents = spec.withholdingCents ?? 0;
    scheduled += 1;
    const day = addCalendarDays('2026-01-01', scheduled);
    await db.insert(rifPayouts).values({
      id,
      setupId: await setupOf(fund),
      userId: fund.userId,
      clientAccountId: fund.clientAccountId,
      bankAccountId: fund.bankAccountId,
      scheduledOn: day,
      paidOn: day,
      grossCents: spec.netCents + withholdingCents,
      withholdingCents,
      netCents: spec.netCents,
      status: spec.status ?? 'filed',
      holdReason: spec.holdReason ?? null,
    });
    return id;
  }

  /**
   * A file of `fileDay` with its items (and their funding requests or payouts); its trailer
   * counts the items unless `trailer` says otherwise (a file the writer got wrong).
   */
  async function paymentFile(spec: {
    fileDay: string;
    currency?: LedgerCurrency;
    status?: PaymentFileStatus;
    items: (DebitSpec | CreditSpec)[];
    trailer?: Partial<{
      debitCount: number;
      debitTotalCents: number;
      creditCount: number;
      creditTotalCents: number;
    }>;
    deliveredAt?: Date;
    createdAt?: Date;
  }): Promise<CreatedFile> {
    const currency = spec.currency ?? 'CAD';
    const status = spec.status ?? 'delivered';
    const id = randomUUID();
    const fileCreationNumber = randomInt(1, 10_000);
    const name = `LAUR-${spec.fileDay}-${currency}-${String(fileCreationNumber).padStart(4, '0')}`;
    const debits = spec.items.filter((item): item is DebitSpec => item.direction === 'debit');
    const credits = spec.items.filter((item): item is CreditSpec => item.direction === 'credit');
    await db.insert(paymentFiles).values({
      id,
      fileDay: spec.fileDay,
      currency,
      fileCreationNumber,
      name,
      sealedEncrypted: Buffer.from('sealed'),
      sha256: randomUUID(),
      clearSha256: randomUUID(),
      pgpEncrypted: false,
      debitCount: debits.length,
      debitTotalCents: totalOf(debits.map((item) => item.amountCents)),
      creditCount: credits.length,
      creditTotalCents: totalOf(credits.map((item) => item.netCents)),
      ...spec.trailer,
      status,
      deliveryAttempts: status === 'written' ? 0 : 1,
      deliveredAt: status === 'written' ? null : (spec.deliveredAt ?? new Date()),
      ...(spec.createdAt && { createdAt: spec.createdAt }),
    });
    const items: CreatedItem[] = [];
    for (const item of spec.items) {
      const itemStatus = item.status ?? (status === 'written' ? 'filed' : 'sent');
      const returned = itemStatus === 'returned';
      const sourceId =
        item.direction === 'debit'
          ? await fundingRequest(
              item.client,
              item.amountCents,
              item.requestStatus ?? fundingStatuses.SENT_TO_BANK,
              spec.fileDay,
            )
          : await rifPayout(item.client, {
              netCents: item.netCents,
              withholdingCents: item.withholdingCents ?? 0,
              status: item.payoutStatus ?? (status === 'written' ? 'filed' : 'sent'),
            });
      const amountCents = item.direction === 'debit' ? item.amountCents : item.netCents;
      const created = {
        id: randomUUID(),
        crossReference: `P${randomInt(1, 2 ** 47)}`,
        direction: item.direction,
        sourceId,
        clientAccountId: item.client.clientAccountId,
        applicationId: item.client.applicationId,
        amountCents,
        withholdingCents: item.direction === 'credit' ? (item.withholdingCents ?? 0) : 0,
      };
      await db.insert(paymentItems).values({
        id: created.id,
        crossReference: created.crossReference,
        direction: item.direction,
        fundingRequestId: item.direction === 'debit' ? sourceId : null,
        rifPayoutId: item.direction === 'credit' ? sourceId : null,
        userId: item.client.userId,
        clientAccountId: item.client.clientAccountId,
        currency,
        amountCents,
        dueOn: spec.fileDay,
        transactionCode: item.direction === 'debit' ? 273 : 272,
        fileId: id,
        status: itemStatus,
        returnReasonCode: returned ? (item.returnReasonCode ?? 901) : null,
        returnedAt: returned ? new Date() : null,
      });
      items.push(created);
    }
    return { id, name, fileCreationNumber, currency, items };
  }

  /** The journals delivery posts for the item's file (ADR 0038), one entry per item (0039). */
  async function postSent(
    item: CreatedItem,
    currency: LedgerCurrency = 'CAD',
    amountCents: number = item.amountCents,
  ): Promise<string[]> {
    const cash = clientCashAccount(item.clientAccountId);
    if (item.direction === 'debit') {
      const sent = await postJournal(db, {
        kind: 'contributionSent',
        currency,
        reference: { type: 'paymentItem', id: item.id },
        memo: null,
        reverses: null,
        lines: [
          { account: bankClearingAccount(currency), side: 'debit', amountCents },
          { account: cash, side: 'credit', amountCents },
        ],
      });
      return [sent.id];
    }
    const reference = { type: 'paymentItem', id: item.id } as const;
    const sent = await postJournal(db, {
      kind: 'payoutSent',
      currency,
      reference,
      memo: null,
      reverses: null,
      lines: [
        { account: cash, side: 'debit', amountCents },
        { account: bankClearingAccount(currency), side: 'credit', amountCents },
      ],
    });
    if (item.withholdingCents === 0) return [sent.id];
    const withheld = await postJournal(db, {
      kind: 'withholding',
      currency,
      reference,
      memo: null,
      reverses: null,
      lines: [
        { account: cash, side: 'debit', amountCents: item.withholdingCents },
        {
          account: withholdingPayableAccount(currency),
          side: 'credit',
          amountCents: item.withholdingCents,
        },
      ],
    });
    return [sent.id, withheld.id];
  }

  /** Reverses journals as the returns reader does for a returned item. */
  async function reverse(journalIds: string[], kind: ReversalEntryKind, memo = '901') {
    for (const journalId of journalIds) await reverseJournal(db, journalId, { kind, memo });
  }

  /** A return file read at `readAt`, with its returned items. */
  async function returnFile(spec: {
    readAt: Date;
    status?: 'applied' | 'unreadable';
    error?: string | null;
    returns: ReturnSpec[];
  }): Promise<{ id: string; name: string }> {
    const id = randomUUID();
    const name = `RET-${randomInt(1, 2 ** 47)}`;
    const amounts = spec.returns.map((returned) => ({
      direction: returned.direction ?? returned.item?.direction ?? 'debit',
      cents: returned.amountCents ?? returned.item?.amountCents ?? 0,
    }));
    await db.insert(paymentReturnFiles).values({
      id,
      name,
      sha256: randomUUID(),
      itemCount: spec.returns.length,
      debitTotalCents: totalOf(amounts.filter((a) => a.direction === 'debit').map((a) => a.cents)),
      creditTotalCents: totalOf(
        amounts.filter((a) => a.direction === 'credit').map((a) => a.cents),
      ),
      status: spec.status ?? 'applied',
      error: spec.error ?? null,
      readAt: spec.readAt,
    });
    let line = 0;
    for (const [index, returned] of spec.returns.entries()) {
      line += 1;
      await db.insert(paymentReturns).values({
        id: randomUUID(),
        returnFileId: id,
        line,
        segment: 1,
        itemId: returned.item?.id ?? null,
        crossReference: returned.crossReference ?? returned.item?.crossReference ?? 'P0',
        direction: amounts[index]!.direction,
        reasonCode: returned.reasonCode,
        amountCents: amounts[index]!.cents,
        dueOn: '2026-11-16',
        outcome: returned.outcome,
      });
    }
    return { id, name };
  }

  return { client, fundingRequest, rifPayout, paymentFile, postSent, reverse, returnFile };
}
