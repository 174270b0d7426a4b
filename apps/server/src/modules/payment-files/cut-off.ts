import { randomUUID } from 'node:crypto';
import { addCalendarDays, type IsoDate } from '@portal/domain/calendar/iso-date';
import type { AccountTypeId } from '@portal/domain/enums/account-types';
import { currencyTypes, fundingStatuses } from '@portal/domain/enums/funding';
import type { Database } from '../../db/client.ts';
import {
  contributionTransactionCode,
  payoutTransactionCode,
} from '../../providers/bank/cpa005/cpa005-codes.ts';
import {
  crossReferenceOf,
  Cpa005FieldError,
  nextFileCreationNumber,
} from '../../providers/bank/cpa005/cpa005-fields.ts';
import {
  writeCpa005File,
  type Cpa005Currency,
  type Cpa005Item,
} from '../../providers/bank/cpa005/cpa005-writer.ts';
import { bankAccountContext } from '../funding/bank-accounts.ts';
import { businessCalendarOf, regionOfInstitution } from '../funding/business-calendar.ts';
import { recordChange } from '../funding/funding-changes.ts';
import * as funding from '../funding/funding.repo.ts';
import { paymentFileContext, type PaymentFilesDeps } from './payment-files-deps.ts';
import * as repo from './payment-files.repo.ts';

/**
 * The day's cut-off (issue 35, ADR 0039): gathers what is due, one file per currency, and
 * writes it once. Everything happens in one transaction per currency that holds the
 * file-number row: the items, the file's bytes (sealed and encrypted), its number and the
 * requests' move to PENDING (15) commit together or not at all, so a process killed during the
 * cut-off leaves either no file (the next pass writes it) or the whole file (the next pass
 * delivers it), never two. A day that has its file writes no second one.
 */

export interface DayWindow {
  /** The file's day: the business day whose cut-off writes it. */
  fileDay: IsoDate;
  /** The earliest due date a file of this day may carry (its lead time). */
  earliestDue: IsoDate;
  /** The last due date it takes: the day before the next file's earliest due date. */
  through: IsoDate;
}

const national = businessCalendarOf('national');

/** What a file written on `fileDay` holds, given the bank's lead time in business days. */
export function dayWindow(fileDay: IsoDate, leadBusinessDays: number): DayWindow {
  const earliestDue = national.addBusinessDays(fileDay, leadBusinessDays);
  const nextEarliest = national.addBusinessDays(fileDay, leadBusinessDays + 1);
  return { fileDay, earliestDue, through: addCalendarDays(nextEarliest, -1) };
}

export interface WrittenFile {
  id: string;
  name: string;
  currency: Cpa005Currency;
  itemCount: number;
}

export interface CutOffHooks {
  /** Called with the file row written, before its transaction commits (crash tests). */
  beforeCommit?: (file: WrittenFile) => Promise<void>;
}

interface Gathered {
  item: Cpa005Item;
  row: repo.NewPaymentItemRow;
  source:
    | { kind: 'debit'; request: repo.FundingRequestRow }
    | { kind: 'credit'; payout: repo.RifPayoutRow };
}

const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);

export function paymentFileName(fileDay: IsoDate, currency: Cpa005Currency, number: number) {
  return `cpa005-${fileDay}-${currency}-${String(number).padStart(4, '0')}.txt`;
}

/** What one payment needs to become an item of the file and its row. */
interface PaymentToFile {
  source: Gathered['source'];
  direction: 'debit' | 'credit';
  bankAccount: NonNullable<Awaited<ReturnType<typeof funding.findBankAccountById>>>;
  clientAccountId: string;
  person: funding.PersonRow;
  userId: string;
  amountCents: number;
  dueOn: IsoDate;
  transactionCode: number;
  currency: Cpa005Currency;
}

/** The item (its cross-reference from the items' sequence) and the row that keeps it. */
async function gatheredOf(
  deps: PaymentFilesDeps,
  tx: Database,
  payment: PaymentToFile,
): Promise<Gathered> {
  const { bankAccount, person, source } = payment;
  const sequence = await repo.nextItemSequence(tx);
  const item: Cpa005Item = {
    direction: payment.direction,
    transactionCode: payment.transactionCode,
    amountCents: payment.amountCents,
    dueDate: payment.dueOn,
    currency: payment.currency,
    institution: bankAccount.institutionNumber,
    transit: bankAccount.transitNumber,
    account: deps.cipher.decrypt(
      bankAccount.accountNumberEncrypted,
      bankAccountContext(bankAccount.id, 'accountNumber'),
    ),
    name: `${person.firstName} ${person.lastName}`,
    crossReference: crossReferenceOf(payment.direction === 'debit' ? 'D' : 'C', sequence),
  };
  return {
    item,
    source,
    row: {
      id: randomUUID(),
      sequence,
      crossReference: item.crossReference,
      direction: payment.direction,
      ...(source.kind === 'debit'
        ? { fundingRequestId: source.request.id }
        : { rifPayoutId: source.payout.id }),
      userId: payment.userId,
      clientAccountId: payment.clientAccountId,
      currency: payment.currency,
      amountCents: payment.amountCents,
      dueOn: payment.dueOn,
      transactionCode: payment.transactionCode,
      status: 'filed',
    },
  };
}

async function gatherDebits(
  deps: PaymentFilesDeps,
  tx: Database,
  window: DayWindow,
  currency: Cpa005Currency,
): Promise<Gathered[]> {
  const { settings } = deps;
  const requests = await repo.dueDebits(tx, {
    through: window.through,
    currency: currencyTypes[currency],
    now: deps.now(),
  });
  const gathered: Gathered[] = [];
  for (const request of requests) {
    const [bankAccount, clientAccount, person] = await Promise.all([
      funding.findBankAccountById(tx, request.bankAccountId),
      funding.findClientAccountById(tx, request.toAccountId),
      funding.personOf(tx, request.userId),
    ]);
    if (!bankAccount || !clientAccount || !person) continue;
    // The payer's bank's calendar: a Quebec bank takes no debit on Quebec's holidays.
    const regional = businessCalendarOf(regionOfInstitution(bankAccount.institutionNumber));
    const dueOn = regional.addBusinessDays(later(request.startDate, window.earliestDue), 0);
    if (dueOn > window.through) continue;
    gathered.push(
      await gatheredOf(deps, tx, {
        source: { kind: 'debit', request },
        direction: 'debit',
        bankAccount,
        clientAccountId: clientAccount.id,
        person,
        userId: request.userId,
        amountCents: request.amountCents,
        dueOn,
        transactionCode: contributionTransactionCode(
          clientAccount.accountTypeId as AccountTypeId,
          'personal',
          settings.transactionCodeOverrides,
        ),
        currency,
      }),
    );
  }
  return gathered;
}

async function gatherCredits(
  deps: PaymentFilesDeps,
  tx: Database,
  window: DayWindow,
  currency: Cpa005Currency,
): Promise<Gathered[]> {
  const { settings } = deps;
  const payouts = await repo.duePayouts(tx, {
    through: window.through,
    currency: currencyTypes[currency],
  });
  const gathered: Gathered[] = [];
  for (const payout of payouts) {
    const [bankAccount, fund, person] = await Promise.all([
      funding.findBankAccountById(tx, payout.bankAccountId),
      funding.findClientAccountById(tx, payout.clientAccountId),
      funding.personOf(tx, payout.userId),
    ]);
    if (!bankAccount || !fund || !person) continue;
    const dueOn = national.addBusinessDays(later(payout.paidOn, window.earliestDue), 0);
    gathered.push(
      await gatheredOf(deps, tx, {
        source: { kind: 'credit', payout },
        direction: 'credit',
        bankAccount,
        clientAccountId: fund.id,
        person,
        userId: payout.userId,
        amountCents: payout.netCents,
        dueOn,
        transactionCode: payoutTransactionCode(
          fund.accountTypeId as AccountTypeId,
          settings.payoutTransactionCode,
        ),
        currency,
      }),
    );
  }
  return gathered;
}

/** The item a field error names (`items[3].account`), to set it aside and write the rest. */
function itemIndexOf(error: Cpa005FieldError): number | undefined {
  const match = /^items\[(\d+)\]/.exec(error.field);
  return match ? Number(match[1]) : undefined;
}

/**
 * Writes the file text, setting aside any item the format cannot carry (operations see it in
 * the funding queue) rather than holding back everyone else's payment.
 */
async function writableFile(
  deps: PaymentFilesDeps,
  tx: Database,
  header: Parameters<typeof writeCpa005File>[0],
  gathered: Gathered[],
): Promise<{ text: string; kept: Gathered[] }> {
  let kept = gathered;
  for (;;) {
    try {
      return {
        text: writeCpa005File(
          header,
          kept.map((entry) => entry.item),
        ),
        kept,
      };
    } catch (error) {
      const index = error instanceof Cpa005FieldError ? itemIndexOf(error) : undefined;
      const entry = index === undefined ? undefined : kept[index];
      if (!entry) throw error;
      const field = (error as Cpa005FieldError).field.replace(/^items\[\d+\]\./, '');
      if (entry.source.kind === 'debit') {
        deps.log.error(
          { fundingRequestId: entry.source.request.id, field },
          'payment file: a debit the CPA 005 format cannot carry is set aside for operations',
        );
        await funding.holdRequest(tx, entry.source.request.id, {
          by: 'held:payment-file',
          until: new Date(deps.now().getTime() + 24 * 3600_000),
        });
      } else {
        deps.log.error(
          { rifPayoutId: entry.source.payout.id, field },
          'payment file: a payout the CPA 005 format cannot carry is held for operations',
        );
        await repo.updatePayout(tx, entry.source.payout.id, {
          status: 'held',
          holdReason: 'unwritable',
        });
      }
      kept = kept.filter((each) => each !== entry);
      if (kept.length === 0) return { text: '', kept };
    }
  }
}

async function writeCurrencyFile(
  deps: PaymentFilesDeps,
  window: DayWindow,
  currency: Cpa005Currency,
  hooks: CutOffHooks,
): Promise<WrittenFile | undefined> {
  const { db, cipher, settings, channel, publicUrl } = deps;
  if (await repo.fileOfDay(db, window.fileDay, currency)) return undefined;
  return db.transaction(async (tx) => {
    const last = await repo.lockLastFileNumber(tx);
    // Another instance may have written it while this one waited for the lock.
    if (await repo.fileOfDay(tx, window.fileDay, currency)) return undefined;
    const gathered = [
      ...(await gatherCredits(deps, tx, window, currency)),
      ...(await gatherDebits(deps, tx, window, currency)),
    ];
    if (gathered.length === 0) return undefined;
    const number = nextFileCreationNumber(last);
    const header = {
      originator: settings.originator,
      fileCreationNumber: number,
      creationDate: window.fileDay,
      destinationDataCentre: settings.destinationDataCentre,
      currency,
    };
    const { text, kept } = await writableFile(deps, tx, header, gathered);
    if (kept.length === 0) return undefined;
    const id = randomUUID();
    const name = paymentFileName(window.fileDay, currency, number);
    const sealed = await channel.seal({ name, bytes: Buffer.from(text, 'latin1') });
    const sum = (direction: 'debit' | 'credit') =>
      kept
        .filter((entry) => entry.item.direction === direction)
        .reduce((total, entry) => total + entry.item.amountCents, 0);
    await repo.insertFile(tx, {
      id,
      fileDay: window.fileDay,
      currency,
      fileCreationNumber: number,
      name,
      sealedEncrypted: cipher.encryptBytes(sealed.bytes, paymentFileContext(id)),
      sha256: sealed.sha256,
      clearSha256: sealed.clearSha256,
      pgpEncrypted: sealed.encrypted,
      debitCount: kept.filter((entry) => entry.item.direction === 'debit').length,
      debitTotalCents: sum('debit'),
      creditCount: kept.filter((entry) => entry.item.direction === 'credit').length,
      creditTotalCents: sum('credit'),
      status: 'written',
    });
    await repo.insertItems(
      tx,
      kept.map((entry) => ({ ...entry.row, fileId: id })),
    );
    await repo.setLastFileNumber(tx, number);
    for (const entry of kept) {
      if (entry.source.kind === 'credit') {
        await repo.updatePayout(tx, entry.source.payout.id, { status: 'filed' });
        continue;
      }
      const request = entry.source.request;
      if (request.status === fundingStatuses.PENDING) continue;
      const row = await funding.itemRowOf(tx, request);
      // PENDING 15: accepted into the day's file, waiting for its delivery at the cut-off.
      await recordChange(tx, cipher, {
        row,
        person: (await funding.personOf(tx, request.userId))!,
        to: fundingStatuses.PENDING,
        actor: 'job',
        publicUrl,
      });
    }
    const written = { id, name, currency, itemCount: kept.length };
    await hooks.beforeCommit?.(written);
    return written;
  });
}

/** The day's files, CAD then USD; a currency with nothing due writes nothing. */
export async function writeDayFiles(
  deps: PaymentFilesDeps,
  window: DayWindow,
  hooks: CutOffHooks = {},
): Promise<WrittenFile[]> {
  const written: WrittenFile[] = [];
  for (const currency of ['CAD', 'USD'] as const) {
    const file = await writeCurrencyFile(deps, window, currency, hooks);
    if (file) written.push(file);
  }
  return written;
}
