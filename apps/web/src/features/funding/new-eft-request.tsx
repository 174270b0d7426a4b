import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { EFT_ACTIVITY_WINDOW_DAYS } from '@portal/domain/constants';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { acceptsChanges } from '@portal/domain/status/application-status-machine';
import { applicationsApi, type ApplicationSummary } from '../../lib/applications-api.ts';
import { fundingApi, type FundingSubmitted } from '../../lib/funding-api.ts';
import { useResource, type Resource } from '../../lib/use-resource.ts';
import { useUserInfo } from '../../lib/user-info.tsx';
import { EftRequestForm } from '../../ui/funding/eft-request-form.tsx';
import { FundingConfirmation } from '../../ui/funding/funding-confirmation.tsx';
import { AddBankAccount } from '../../ui/funding/add-bank-account.tsx';
import { FundingItemList } from '../../ui/funding/funding-item-list.tsx';
import { recentActivity } from './recent-activity.ts';

export interface NewEftRequestProps {
  /** The page's history, for the last 7 days shown above the form. */
  history: Resource<{ items: FundingItem[] }>;
  now(): Date;
  onSubmitted(result: FundingSubmitted): void;
  pollIntervalMs?: number;
}

const allToAccounts = (signal: AbortSignal) => fundingApi.toAccounts(undefined, signal);

/**
 * "New EFT request": a button that opens the request form (EFT or PAC) for the person's
 * accounts, with what happened in the last 7 days above it so nothing is sent twice, and the
 * confirmation in its place once sent. A person whose accounts take no deposits from a bank
 * (only a RRIF, say) is not offered it: they are told how those accounts are funded instead.
 */
export function NewEftRequest(props: NewEftRequestProps) {
  const { t } = useTranslation('fundingPage');
  const [open, setOpen] = useState(false);
  const { resource: accounts } = useResource(allToAccounts);
  if (
    accounts.state === 'ready' &&
    accounts.data.accounts.length > 0 &&
    !accounts.data.accounts.some((account) => account.eftEligible)
  ) {
    return <p>{t('newRequest.noDepositAccounts')}</p>;
  }
  return (
    <section aria-labelledby="new-eft-request-heading">
      <h2 id="new-eft-request-heading" className="visually-hidden">
        {t('newRequest.heading')}
      </h2>
      <div className="actions">
        <button
          type="button"
          className={`button ${open ? 'button-secondary' : 'button-primary'}`}
          aria-expanded={open}
          aria-controls="new-eft-request-panel"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('newRequest.close') : t('newRequest.open')}
        </button>
      </div>
      <div id="new-eft-request-panel">{open && <RequestPanel {...props} />}</div>
    </section>
  );
}

interface RequestData {
  toAccounts: Awaited<ReturnType<typeof fundingApi.toAccounts>>['accounts'];
  bankAccounts: BankAccount[];
  /** The application a new bank account is kept with; none when no application is fundable. */
  applicationId: string | undefined;
}

/** Funding opens once the review is agreed, for the primary applicant, until declined. */
const fundable = (application: ApplicationSummary) =>
  application.role === 'primary' &&
  !acceptsChanges(application.status) &&
  application.status !== 'declined';

async function loadRequestData(signal: AbortSignal): Promise<RequestData> {
  const [toAccounts, bankAccounts, onFile, applications] = await Promise.all([
    fundingApi.toAccounts(undefined, signal),
    fundingApi.bankAccounts(signal),
    // As on the funding step: the accounts already on file with us, should any be missing.
    fundingApi.accountsOnFile(signal).catch(() => ({ accounts: [] as BankAccount[] })),
    // Only to add a bank account: the form works without it.
    applicationsApi.list(signal).catch(() => [] as ApplicationSummary[]),
  ]);
  const known = new Set(bankAccounts.bankAccounts.map((account) => account.id));
  return {
    toAccounts: toAccounts.accounts.filter((account) => account.eftEligible),
    bankAccounts: [
      ...bankAccounts.bankAccounts,
      ...onFile.accounts.filter((account) => !known.has(account.id)),
    ],
    applicationId: applications.find(fundable)?.id,
  };
}

function RequestPanel({ history, now, onSubmitted, pollIntervalMs }: NewEftRequestProps) {
  const { t } = useTranslation('fundingPage');
  const userInfo = useUserInfo();
  const { resource, retry, set } = useResource(loadRequestData);
  const [submitted, setSubmitted] = useState<FundingSubmitted | null>(null);
  // A new key after each request: the next form starts empty.
  const [round, setRound] = useState(0);

  const added = useCallback(
    (bankAccount: BankAccount) => {
      if (resource.state !== 'ready') return;
      set({ ...resource.data, bankAccounts: [...resource.data.bankAccounts, bankAccount] });
    },
    [resource, set],
  );

  const payorNames =
    userInfo.status === 'signedIn' ? [`${userInfo.user.firstName} ${userInfo.user.lastName}`] : [];

  return (
    <div aria-busy={resource.state === 'loading'}>
      <section aria-labelledby="recent-activity-heading">
        <h3 id="recent-activity-heading">
          {t('newRequest.recentHeading', { count: EFT_ACTIVITY_WINDOW_DAYS })}
        </h3>
        {history.state === 'loading' && <p className="loading-inline">{t('history.loading')}</p>}
        {history.state === 'failed' && <p>{t('history.loadFailed')}</p>}
        {history.state === 'ready' && (
          <FundingItemList
            labelledBy="recent-activity-heading"
            idPrefix="recent-item"
            items={recentActivity(history.data.items, now())}
            emptyText={t('newRequest.recentEmpty', { count: EFT_ACTIVITY_WINDOW_DAYS })}
            headingLevel={4}
          />
        )}
      </section>

      {resource.state === 'loading' && (
        <p className="loading-inline" role="status">
          {t('newRequest.loading')}
        </p>
      )}
      {resource.state === 'failed' && (
        <div className="notice-warning" role="alert">
          <p>{t('newRequest.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' && resource.data.toAccounts.length === 0 && (
        <div className="empty-state">
          <p>{t('newRequest.noAccounts')}</p>
        </div>
      )}
      {resource.state === 'ready' && resource.data.toAccounts.length > 0 && submitted && (
        <>
          <FundingConfirmation result={submitted} />
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setSubmitted(null);
                setRound((value) => value + 1);
              }}
            >
              {t('newRequest.another')}
            </button>
          </div>
        </>
      )}
      {resource.state === 'ready' && resource.data.toAccounts.length > 0 && !submitted && (
        <EftRequestForm
          key={round}
          idPrefix="funding-page-eft"
          toAccounts={resource.data.toAccounts}
          bankAccounts={resource.data.bankAccounts}
          payorNames={payorNames}
          addBankAccount={
            resource.data.applicationId ? (
              <AddBankAccount
                applicationId={resource.data.applicationId}
                idPrefix="funding-page"
                headingLevel={4}
                pollIntervalMs={pollIntervalMs}
                onAdded={added}
              />
            ) : undefined
          }
          onSubmitted={(result) => {
            setSubmitted(result);
            onSubmitted(result);
          }}
        />
      )}
    </div>
  );
}
