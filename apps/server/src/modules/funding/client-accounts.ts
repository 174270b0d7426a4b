import { namedAccountTypes, type NamedAccountTypeName } from '@portal/domain/enums/account-types';
import {
  currencyOfTypeId,
  currencyTypeIdOf,
  type CurrencyTypeId,
} from '@portal/domain/enums/funding';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { takesEftContributions } from '@portal/domain/rules/eft-eligibility';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import {
  fundingOpen,
  type ApplicationState,
} from '@portal/domain/status/application-status-machine';
import type { Database } from '../../db/client.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import type { FundingDeps } from './funding-deps.ts';
import { notFound } from './funding-refusal.ts';
import * as repo from './funding.repo.ts';

/** The accounts an application opens (issue 14), as funding and approval see them. */

/** A client account as a funding item names its destination. */
export function toAccountView(row: repo.ClientAccountRow): FundingItem['toAccount'] {
  return {
    accountId: row.id,
    accountNumber: row.accountNumber,
    accountTypeId: row.accountTypeId,
    accountTypeName: row.accountTypeName as NamedAccountTypeName,
    eftEligible: row.eftEligible,
    ownershipTypeId: row.ownershipTypeId,
    currencyTypeId: row.currencyTypeId as CurrencyTypeId,
  };
}

/**
 * Creates the `client_accounts` rows of the accounts an application chose, those it lacks (an
 * existing row stays as it is): funding asks for them first, approval (issue 16) makes sure of
 * them before numbering them. The primary applicant, who funds them, owns them.
 */
export async function openChosenAccounts(
  db: Database,
  application: { id: string; ownershipTypeId: number | null },
  ownerUserId: string,
): Promise<void> {
  const names = chosenAccounts(await savedStepsOf(db, application.id)).filter(
    (name): name is NamedAccountTypeName => name in namedAccountTypes,
  );
  await repo.insertClientAccounts(
    db,
    names.map((name) => {
      const type = namedAccountTypes[name];
      return {
        applicationId: application.id,
        ownerUserId,
        accountTypeName: name,
        accountTypeId: type.typeId,
        currencyTypeId: currencyTypeIdOf(type.currency),
        ownershipTypeId: application.ownershipTypeId ?? 1,
        eftEligible: takesEftContributions(type.typeId),
      };
    }),
  );
}

/**
 * The accounts the person's agreed applications open (one application when named: someone
 * else's answers 404), created from the chosen accounts the first time they are asked for.
 */
export async function toAccountsFor(
  deps: FundingDeps,
  userId: string,
  applicationId?: string,
): Promise<{ accounts: FundingItem['toAccount'][] }> {
  const { db } = deps;
  const owned = await repo.ownedApplications(db, userId, applicationId);
  if (applicationId && owned.length === 0) throw notFound();
  const open = owned.filter((application) => fundingOpen(application.status as ApplicationState));
  for (const application of open) await openChosenAccounts(db, application, userId);
  const rows = await repo.clientAccountsOf(
    db,
    userId,
    open.map((application) => application.id),
  );
  return { accounts: rows.map(toAccountView) };
}

/** An account's currency; CAD when its type names none. */
export const currencyOf = (currencyTypeId: number) => currencyOfTypeId(currencyTypeId) ?? 'CAD';
