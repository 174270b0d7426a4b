import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { fundingStatuses } from '@portal/domain/enums/funding';
import {
  transferInStatuses,
  type EsignStatus,
  type TransferType,
} from '@portal/domain/enums/transfers';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import { deliveringInstitutionNameOf } from '@portal/domain/transfers/delivering-institutions';
import type { TransferAccountTypeName } from '@portal/domain/transfers/transfer-compatibility';
import {
  transferEsignReturnPath,
  type TransferReturnTarget,
} from '@portal/domain/transfers/transfer-return';
import {
  expectedTransferDates,
  transferTimingKindOf,
} from '@portal/domain/transfers/transfer-offer';
import type { UnpaidMinimumInstruction } from '@portal/domain/transfers/transfer-precheck';
import type { TransferAccountResult } from '@portal/domain/transfers/transfer-request';
import type { Database } from '../../db/client.ts';
import { recordAuditEvent, savedStepsOf } from '../applications/applications.service.ts';
import type { EnvelopeNewsHandler } from '../esign/esign-webhook.ts';
import { businessCalendarOf } from '../funding/business-calendar.ts';
import { renderTransferAuthorization } from './transfer-authorization.pdf.ts';
import { recordTransferChange } from './transfer-changes.ts';
import { languageOf, type TransferCaller, type TransferDeps } from './transfer-deps.ts';
import { partialLinesOf } from './transfer-lines.ts';
import { notFound, TransferError } from './transfer-refusal.ts';
import { decryptedStatement, transferContext } from './transfer-sealed-fields.ts';
import * as repo from './transfers.repo.ts';

/**
 * The signature of a transfer's authorization with the e-sign vendor (ADR 0021): the envelope
 * sent (or resumed) outside any transaction, and the signature recorded once, whether the
 * vendor's webhook or a forced status check reports it first.
 */

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Builds the authorization of a saved transfer and sends it to the vendor, for the caller. */
async function sendEnvelope(
  deps: TransferDeps,
  caller: TransferCaller,
  row: repo.TransferRow,
  returnPath: string,
): Promise<{ envelopeId: string; signingUrl: string }> {
  const { db, cipher } = deps;
  const language = languageOf(row.language);
  const steps = await savedStepsOf(db, row.applicationId);
  const profile = record(steps.profile);
  const name = `${text(profile.firstName)} ${text(profile.lastName)}`.trim();
  if (!name) throw new TransferError(409, 'signerUnknown');
  const account = await repo.findClientAccountById(db, row.toAccountId);
  if (!account) throw notFound();
  const statement = await decryptedStatement(cipher, row);
  const lines = await repo.linesOf(db, [row.id]);
  const document = await renderTransferAuthorization({
    language,
    createdAt: deps.now?.() ?? new Date(),
    signerName: name,
    details: {
      transferId: row.id,
      receivingAccountLabel: toAccountLabel(
        {
          accountTypeName: account.accountTypeName as NamedAccountTypeName,
          accountNumber: account.accountNumber,
        },
        language,
      ),
      institutionName: deliveringInstitutionNameOf(row.fromInstitutionId, language),
      accountNumber: cipher.decrypt(
        row.accountNumberEncrypted,
        transferContext(row.id, 'accountNumber'),
      ),
      accountType: row.accountType as TransferAccountTypeName,
      jurisdiction: row.deliveringJurisdiction,
      transferType: row.transferTypeId as TransferType,
      approximateValueCents: row.approximateValueCents,
      liquidationValueCents: row.liquidationValueCents,
      transferFeeCents: row.transferFeeCents,
      mutualFunds: row.mutualFunds,
      unpaidMinimum: row.unpaidMinimum as UnpaidMinimumInstruction | null,
      holders: statement.holders,
      address: statement.address,
      resp: row.respEncrypted
        ? (JSON.parse(cipher.decrypt(row.respEncrypted, transferContext(row.id, 'resp'))) as {
            deliveringContractNumber: string;
            receivingContractNumber: string;
          })
        : null,
      lines: partialLinesOf(lines),
    },
  });
  return deps.provider.createEnvelope({
    signer: { email: caller.email, name },
    language,
    document: { name: document.name, bytes: document.bytes },
    returnPath,
    signHere: document.signHere,
  });
}

/**
 * Where the caller signs a transfer not signed yet: its pending envelope, or a new one when
 * there is none or the vendor can no longer sign it (declined, expired). Null once signed or
 * cancelled. The ceremony returns to `returnTo` (a resumed envelope too: vendors take the return
 * with each signing view). The vendor is called outside any transaction.
 */
export async function signingUrlFor(
  deps: TransferDeps,
  caller: TransferCaller,
  id: string,
  returnTo: TransferReturnTarget,
): Promise<string | null> {
  const { db, provider } = deps;
  const row = await repo.findTransfer(db, caller.id, id);
  if (!row || row === 'locked') throw notFound();
  if (row.esignStatus === 'SIGNED' || row.status !== null) return null;
  const returnPath = transferEsignReturnPath(returnTo, {
    transferId: row.id,
    applicationId: row.applicationId,
  });
  if (row.esignEnvelopeId && row.esignProvider === provider.name) {
    const resumed = await provider.signingUrl(row.esignEnvelopeId, { returnPath });
    if (resumed) return resumed;
  }
  const created = await sendEnvelope(deps, caller, row, returnPath);
  const standing = await db.transaction(async (tx) => {
    const locked = await repo.findTransfer(tx, caller.id, id, { lock: 'wait' });
    if (!locked || locked === 'locked') throw notFound();
    if (locked.esignStatus === 'SIGNED' || locked.status !== null) return null;
    // Another request sent an envelope meanwhile: that one stands.
    if (locked.esignEnvelopeId && locked.esignEnvelopeId !== row.esignEnvelopeId) {
      return locked.esignEnvelopeId;
    }
    await repo.updateTransfer(tx, id, {
      esignProvider: provider.name,
      esignEnvelopeId: created.envelopeId,
      esignStatus: 'UNSIGNED',
    });
    return created.envelopeId;
  });
  if (standing === null) return null;
  if (standing !== created.envelopeId) return provider.signingUrl(standing, { returnPath });
  return created.signingUrl;
}

/**
 * Records the vendor's report that a transfer's authorization is signed, in the caller's
 * transaction, under the transfer's row lock: SC_IN_PROGRESS from the bank's today (read
 * before the transaction), the expected
 * dates by the section 9 timings on the business-day calendar, the event and the mail. A
 * transfer already signed, cancelled, or whose envelope was replaced records nothing, so the
 * webhook and a forced check arriving together record it once.
 */
export async function recordSigned(
  tx: Database,
  deps: Pick<TransferDeps, 'cipher' | 'publicUrl' | 'provider'>,
  report: { envelopeId: string; today: IsoDate },
  reportedBy: 'webhook' | 'statusCheck',
): Promise<repo.TransferRow | undefined> {
  const { envelopeId, today } = report;
  const row = await repo.findTransferByEnvelope(tx, deps.provider.name, envelopeId, { lock: true });
  if (!row || row.esignStatus === 'SIGNED' || row.status !== null) return undefined;
  const statement = await decryptedStatement(deps.cipher, row);
  const kind = transferTimingKindOf({
    deliveringAccountType: row.accountType as TransferAccountTypeName,
    holderCount: statement.holders.length,
    mutualFundsOnly: row.mutualFunds,
  });
  const expected = expectedTransferDates(today, kind, businessCalendarOf('national'));
  const updated = await recordTransferChange(tx, deps, {
    row,
    to: transferInStatuses.SC_IN_PROGRESS,
    actor: 'esign',
    set: {
      esignStatus: 'SIGNED',
      signedOn: today,
      expectedEarliest: expected.earliest,
      expectedLatest: expected.latest,
    },
    mail: { change: 'signed', date: today },
  });
  await recordAuditEvent(tx, {
    applicationId: row.applicationId,
    actorId: row.userId,
    action: 'transferSigned',
    details: { transferId: row.id, reportedBy },
  });
  return updated;
}

export type EsignMode = 'url' | 'check' | 'force';

/**
 * `GET transferAccounts/{id}/esign`: without a mode, where the caller signs (a new envelope
 * when the last one can no longer be signed; null once signed); `check` reads the status the
 * server knows; `force` asks the vendor and records a signature it reports.
 */
export async function esignOf(
  deps: TransferDeps,
  caller: TransferCaller,
  id: string,
  mode: EsignMode,
  returnTo: TransferReturnTarget = 'funding',
): Promise<TransferAccountResult> {
  const row = await repo.findTransfer(deps.db, caller.id, id);
  if (!row || row === 'locked') throw notFound();
  if (mode === 'url') {
    if (row.status === fundingStatuses.CANCELLED_BY_CLIENT) {
      throw new TransferError(409, 'transferCancelled');
    }
    const esignUrl = await signingUrlFor(deps, caller, id, returnTo);
    const current = await repo.findTransfer(deps.db, caller.id, id);
    const status = current && current !== 'locked' ? current.esignStatus : row.esignStatus;
    return { transferAccountId: id, esignUrl, esignStatus: status as EsignStatus };
  }
  if (
    mode === 'force' &&
    row.esignStatus !== 'SIGNED' &&
    row.status === null &&
    row.esignEnvelopeId &&
    row.esignProvider === deps.provider.name &&
    (await deps.provider.envelopeStatus(row.esignEnvelopeId)) === 'signed'
  ) {
    const report = { envelopeId: row.esignEnvelopeId, today: await deps.clock.today() };
    await deps.db.transaction((tx) => recordSigned(tx, deps, report, 'statusCheck'));
  }
  const latest = await repo.findTransfer(deps.db, caller.id, id);
  if (!latest || latest === 'locked') throw notFound();
  return {
    transferAccountId: id,
    esignUrl: null,
    esignStatus: latest.esignStatus as EsignStatus,
  };
}

/** What the vendor's webhook brought about a transfer's envelope: signed, to be recorded. */
export interface TransferEnvelopeNews {
  envelopeId: string;
  /** The bank's date when the news came: the transfer's signing date. */
  today: IsoDate;
}

/**
 * The vendor's webhook, before its transaction: whether the envelope is a transfer's still
 * unsigned, and whether the vendor now reports it signed (a declined or expired envelope
 * changes nothing: the client is offered a new one). Undefined when there is nothing to record.
 */
export async function transferEnvelopeNewsOf(
  deps: Pick<TransferDeps, 'db' | 'provider' | 'clock'>,
  envelopeId: string,
): Promise<TransferEnvelopeNews | undefined> {
  const row = await repo.findTransferByEnvelope(deps.db, deps.provider.name, envelopeId);
  if (!row || row.esignStatus === 'SIGNED' || row.status !== null) return undefined;
  const status = await deps.provider.envelopeStatus(envelopeId);
  return status === 'signed' ? { envelopeId, today: await deps.clock.today() } : undefined;
}

/** The e-sign webhook's handler of transfer envelopes (esign-webhook.ts). */
export function transferEnvelopeHandler(
  deps: Pick<TransferDeps, 'db' | 'cipher' | 'publicUrl' | 'clock' | 'provider'>,
): EnvelopeNewsHandler<TransferEnvelopeNews> {
  return {
    newsOf: (envelopeId) => transferEnvelopeNewsOf(deps, envelopeId),
    knows: async (envelopeId) =>
      (await repo.findTransferByEnvelope(deps.db, deps.provider.name, envelopeId)) !== undefined,
    async record(tx, news) {
      await recordSigned(tx, deps, news, 'webhook');
    },
  };
}
