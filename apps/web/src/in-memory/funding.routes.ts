import { takesEftContributions } from '@portal/domain/rules/eft-eligibility';
import { namedAccountTypes } from '@portal/domain/enums/account-types';
import { currencyTypeIdOf } from '@portal/domain/enums/funding';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import { fundingOpen } from '@portal/domain/status/application-status-machine';
import type { FundingToAccount } from '@portal/domain/funding/funding-item';
import type { AccountMovementsAnswer } from '@portal/domain/funding/payment-files-api';
import { notFound, type InMemoryAnswer } from './answers.ts';
import type { InMemoryStore } from './store.ts';

/**
 * The funding step's reads: the accounts the agreed applications open (no numbers until
 * approval), and no bank account, EFT or PAC on file. Funding requests themselves are not
 * part of this mode: the step can be skipped, as it can on the server.
 */
export function fundingLists(
  store: InMemoryStore,
  route: string,
  url: URL,
): InMemoryAnswer | undefined {
  switch (route) {
    case '/coAcctFunding/toAccountsForCurrUser':
      return toAccounts(store, url.searchParams.get('applicationId'));
    case '/finInstitutionAcctsForCurrUser':
    case '/flinksBankAcctsForCurrUser':
      return { status: 200, body: { bankAccounts: [] } };
    case '/adminAcctsForCurrUser':
      return { status: 200, body: { accounts: [] } };
    case '/eftPacHistoryForCurrUser':
    case '/activeFftPacsForCurrUser':
    case '/pendingEftPacsForCurrUser':
      return { status: 200, body: { items: [] } };
    case '/coAcctFunding/movements':
      return movements(store);
    default:
      return undefined;
  }
}

export function toAccounts(store: InMemoryStore, applicationId: string | null): InMemoryAnswer {
  const owned = store.state.applications.filter(
    (row) =>
      row.ownerId === store.state.user.id && (applicationId === null || row.id === applicationId),
  );
  if (applicationId !== null && owned.length === 0) return notFound();
  const accounts = owned
    .filter((row) => fundingOpen(row.status))
    .flatMap((row) =>
      chosenAccounts(row.steps)
        .filter((name) => name in namedAccountTypes)
        .map((name) => {
          row.accountIds ??= {};
          row.accountIds[name] ??= store.newId();
          const type = namedAccountTypes[name];
          return {
            accountId: row.accountIds[name],
            accountNumber: null,
            accountTypeId: type.typeId,
            accountTypeName: name,
            eftEligible: takesEftContributions(type.typeId),
            ownershipTypeId: row.ownershipTypeId ?? 1,
            currencyTypeId: currencyTypeIdOf(type.currency),
          };
        }),
    );
  return store.commit({ status: 200, body: { accounts } });
}

/**
 * The portal's record of its transfers: every account the person's agreed applications open,
 * none with money moved, since this mode makes no funding request (the page says so).
 */
function movements(store: InMemoryStore): InMemoryAnswer {
  const { body } = toAccounts(store, null);
  const { accounts } = body as { accounts: FundingToAccount[] };
  const answer: AccountMovementsAnswer = {
    accounts: accounts.map(({ accountId, accountTypeName, accountNumber }) => ({
      accountId,
      accountTypeName,
      accountNumber,
      balances: [],
      movements: [],
    })),
  };
  return { status: 200, body: answer };
}
