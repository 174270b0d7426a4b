import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  incomeFundAccountTypes,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import {
  eftFrequencies,
  eftFrequencyLabels,
  eftFrequencyNameOf,
} from '@portal/domain/enums/funding';
import { toAccountLabel, type FundingItem } from '@portal/domain/funding/funding-item';
import { formatCents } from '@portal/domain/money/cents';
import { deliveringInstitutionNameOf } from '@portal/domain/transfers/delivering-institutions';
import type { CoAccount } from '@portal/domain/transfers/transfer-request';
import { fundingApi } from '../../../lib/funding-api.ts';
import { rifSetUpOf } from '../../../lib/rif-setup-api.ts';
import { transfersApi } from '../../../lib/transfers-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import {
  currencyOf,
  formatIsoDate,
  fundingLanguageOf,
} from '../../../ui/funding/funding-format.ts';

interface SetUp {
  items: FundingItem[];
  coAccounts: CoAccount[];
  rifSetUp: boolean;
}

/** What the application's funding step set up: its EFTs and PACs, transfers, RRIF payments. */
async function loadSetUp(applicationId: string, signal: AbortSignal): Promise<SetUp> {
  const [{ accounts }, pending, active, coAccounts] = await Promise.all([
    fundingApi.toAccounts(applicationId, signal),
    fundingApi.pending(signal),
    fundingApi.activePacs(signal),
    transfersApi.coAccounts(applicationId, signal),
  ]);
  // Only an application with an income fund has payments to set up: the others are not asked
  // (the answer would be the spec's 400 'No RIF setup found', an error in every browser).
  const rif = accounts.some((account) => incomeFundAccountTypes.has(account.accountTypeId))
    ? await rifSetUpOf(applicationId, signal).catch(() => null)
    : null;
  const ours = new Set(accounts.map((account) => account.accountId));
  const seen = new Set<string>();
  const items = [...pending.items, ...active.items].filter((item) => {
    const keep = ours.has(item.toAccount.accountId) && item.parentId === null && !seen.has(item.id);
    seen.add(item.id);
    return keep;
  });
  return { items, coAccounts, rifSetUp: rif !== null };
}

/**
 * The next-steps line about funding (findings A-minor 28): what the funding step already set
 * up (each deposit, contribution and transfer, and the RRIF payments), or, when nothing was,
 * that the accounts can be funded once approved. While it loads, or if it cannot be read, the
 * general line shows.
 */
export function FundingSetUp({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('nextSteps');
  const language = fundingLanguageOf(i18n.language);
  const load = useCallback(
    (signal: AbortSignal) => loadSetUp(applicationId, signal),
    [applicationId],
  );
  const { resource } = useResource(load);
  const general = <li>{t('underReview.fundLater')}</li>;
  if (resource.state !== 'ready') return general;
  const { items, coAccounts, rifSetUp } = resource.data;
  const accountOf = (accountId: string) => {
    const account = coAccounts.find((each) => each.accountId === accountId);
    return account
      ? toAccountLabel(
          {
            accountTypeName: account.accountTypeName as NamedAccountTypeName,
            accountNumber: account.accountNumber,
          },
          language,
        )
      : '';
  };
  const lines = [
    ...items.map((item) => {
      const values = {
        amount: formatCents(item.amountCents, language, currencyOf(item.toAccount.currencyTypeId)),
        account: toAccountLabel(item.toAccount, language),
        date: formatIsoDate(item.startDate, language),
      };
      if (item.frequency === eftFrequencies.onetime) return t('setUp.eft', values);
      const frequency =
        eftFrequencyLabels[eftFrequencyNameOf(item.frequency) ?? 'monthly'][language];
      return t('setUp.pac', { ...values, frequency: frequency.toLocaleLowerCase(language) });
    }),
    ...coAccounts
      .flatMap((account) => account.transfers)
      .filter((transfer) => transfer.status !== 'CANCELLED')
      .map((transfer) =>
        t(transfer.status === 'UNSIGNED' ? 'setUp.transferUnsigned' : 'setUp.transfer', {
          amount: formatCents(transfer.approximateValueCents, language, 'CAD'),
          institution: deliveringInstitutionNameOf(transfer.fromInstitutionId, language),
          account: accountOf(transfer.toAccountId),
        }),
      ),
    ...(rifSetUp ? [t('setUp.rif')] : []),
  ];
  if (lines.length === 0) return general;
  return (
    <li>
      <span>{t('setUp.intro')}</span>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <span>{t('setUp.more')}</span>
    </li>
  );
}
