import {
  bankAccountSources,
  eftUserStatusOf,
  fundingStatuses,
  fundingTypes,
  type CurrencyTypeId,
  type EftFrequency,
  type FundingStatus,
  type FundingType,
} from '@portal/domain/enums/funding';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { isPending } from '@portal/domain/funding/funding-lifecycle';
import { centsToDollars } from '@portal/domain/money/cents';
import type { Database } from '../../db/client.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import { institutionNameOf, maskedOf } from './bank-accounts.ts';
import { toAccountView } from './client-accounts.ts';
import type { FundingDeps } from './funding-deps.ts';
import { notFound } from './funding-refusal.ts';
import * as repo from './funding.repo.ts';

/** Funding requests as the lists and answers carry them (spec section 3 "Funding item"). */

/** A request as the lists and answers carry it (spec section 3 "Funding item"). */
export function itemView(row: repo.ItemRow, language: MessageLanguage): FundingItem {
  const { request, bankAccount, clientAccount } = row;
  const status = request.status as FundingStatus;
  return {
    id: request.id,
    frequency: request.frequencyId as EftFrequency,
    startDate: request.startDate,
    amount: centsToDollars(request.amountCents),
    amountCents: request.amountCents,
    fromAccount: {
      nickname: bankAccount.nickname,
      accountNumber: maskedOf(bankAccount),
      accountid: bankAccount.id,
      ...(bankAccount.documentId && { documentUploadedId: bankAccount.documentId }),
      ...(bankAccount.source === bankAccountSources.connection && {
        flinksBankAccountId: bankAccount.id,
      }),
      financialInstituionName: institutionNameOf(bankAccount, language),
      currencyTypeId: bankAccount.currencyTypeId as CurrencyTypeId,
    },
    toAccount: toAccountView(clientAccount),
    fundingTypeId: request.fundingTypeId as FundingType,
    fundingStatusTypeId: status,
    userStatus: eftUserStatusOf[status],
    lastModifiedDate: request.lastModifiedAt.toISOString(),
    activeDate: request.activeDate,
    parentId: request.parentId,
    effectiveDate: request.effectiveDate,
    canCancel: isPending(status),
    canDelete:
      request.fundingTypeId === fundingTypes.Recurring &&
      request.parentId === null &&
      status === fundingStatuses.APPROVED,
  };
}

export async function itemsFor(
  deps: FundingDeps,
  userId: string,
  filter: repo.ItemFilter,
  language: MessageLanguage,
): Promise<{ items: FundingItem[] }> {
  const rows = await repo.itemsOf(deps.db, userId, filter);
  return { items: rows.map((row) => itemView(row, language)) };
}

/** A request as answered after a change, read in the caller's transaction (404 once gone). */
export async function itemAfterChange(
  db: Database,
  userId: string,
  id: string,
  language: MessageLanguage,
): Promise<FundingItem> {
  const row = await repo.itemOf(db, userId, id);
  if (!row) throw notFound();
  return itemView(row, language);
}
