import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { BRAND_NAME } from '@portal/domain/brand';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { toAccountLabel, type FundingToAccount } from '@portal/domain/funding/funding-item';
import { fundingWaysFor, type FundingWay } from '@portal/domain/rules/eft-eligibility';
import { ESIGN_RETURNED_PARAM } from '@portal/domain/rules/esign';
import { applicationsApi } from '../../../lib/applications-api.ts';
import { fundingApi, type FundingSubmitted } from '../../../lib/funding-api.ts';
import { transfersApi } from '../../../lib/transfers-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { RadioChoices } from '../../../ui/choices.tsx';
import { FundingConfirmation } from '../../../ui/funding/funding-confirmation.tsx';
import { fundingLanguageOf } from '../../../ui/funding/funding-format.ts';
import { Page } from '../../../ui/page.tsx';
import { stepPath, useApplication } from '../step/application-context.tsx';
import { builtSteps } from '../step/built-steps.ts';
import { PartOnChoice } from '../../../ui/part-on-choice.tsx';
import { TransferLeaveGuard } from '../../../ui/transfers/transfer-leave-guard.tsx';
import { bankFundingForms, nearFundingWays, transfersPanel } from './funding-ways.ts';

type FundingOption = FundingWay;

interface Loaded {
  accounts: FundingToAccount[];
  bankAccounts: BankAccount[];
  /** The account of the transfer the person is back from signing, when there is one. */
  returnedToAccountId?: string;
}

/** The account a transfer goes into, or none when it is not this application's. */
async function accountOfTransfer(applicationId: string, transferId: string, signal: AbortSignal) {
  // Only to open the transfer again: without it the step still works, closed.
  const coAccounts = await transfersApi.coAccounts(applicationId, signal).catch(() => []);
  return coAccounts.find((account) => account.transfers.some((each) => each.id === transferId))
    ?.accountId;
}

/** Bank accounts of every source, and those already on file with us, each once. */
async function loadFunding(
  applicationId: string,
  returnedTransferId: string | undefined,
  signal: AbortSignal,
): Promise<Loaded> {
  const [{ accounts }, { bankAccounts }, onFile, returnedToAccountId] = await Promise.all([
    fundingApi.toAccounts(applicationId, signal),
    fundingApi.bankAccounts(signal),
    // Accounts on file are a convenience: without them the other ways still work.
    fundingApi.accountsOnFile(signal).catch(() => ({ accounts: [] as BankAccount[] })),
    returnedTransferId ? accountOfTransfer(applicationId, returnedTransferId, signal) : undefined,
  ]);
  const known = new Set(bankAccounts.map((account) => account.id));
  return {
    accounts,
    bankAccounts: [...bankAccounts, ...onFile.accounts.filter((a) => !known.has(a.id))],
    returnedToAccountId,
  };
}

/** The names of the application's applicants, as the PAD agreement names its payors. */
function payorNamesOf(steps: Record<string, unknown>): string[] {
  return (['profile', 'profilejoint'] as const).flatMap((step) => {
    const { firstName, lastName } = (steps[step] ?? {}) as Record<string, unknown>;
    const name = [firstName, lastName].filter((part) => typeof part === 'string').join(' ');
    return name ? [name] : [];
  });
}

/**
 * Step `funding` (spec section 2; issue 14), after the review is agreed, for the primary
 * applicant: for each account opened, one transfer or regular contributions from a bank
 * account (a void cheque, a bank connection, or an account on file), a transfer from another
 * institution (pre-checked, then signed; one left unsigned is cancelled on leaving, after
 * asking), a bill payment, or nothing for now. A plan funded only by a transfer from another
 * plan (a RRIF, a locked-in plan) is offered only the transfer: the domain's `fundingWaysFor`.
 * Back from signing a transfer's authorization (`?transfer={id}&returned=1`, the return the
 * step asks the ceremony for), that transfer opens again at its sign step.
 * Funding never blocks: Continue goes on to the application's next step whatever was chosen.
 */
export function FundingStep({
  pollIntervalMs,
  rifPayoutPathOf,
}: {
  pollIntervalMs?: number;
  /** Where an income fund's payments are set up (the router gives the RRIF payout screen's). */
  rifPayoutPathOf?(applicationId: string): string;
}) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  const navigate = useNavigate();
  const { application } = useApplication();
  const [searchParams] = useSearchParams();
  const returnedTransferId =
    searchParams.get(ESIGN_RETURNED_PARAM) === '1'
      ? (searchParams.get('transfer') ?? undefined)
      : undefined;
  const load = useCallback(
    (signal: AbortSignal) => loadFunding(application.id, returnedTransferId, signal),
    [application.id, returnedTransferId],
  );
  const { resource, retry } = useResource(load);
  const [added, setAdded] = useState<BankAccount[]>([]);
  const [chosen, setOptions] = useState<Record<string, FundingOption>>({});
  const returnedTo = resource.state === 'ready' ? resource.data.returnedToAccountId : undefined;
  // Back from the ceremony, the transfer's account shows its transfers until another is chosen.
  const options: Record<string, FundingOption> =
    returnedTo && !(returnedTo in chosen) ? { ...chosen, [returnedTo]: 'transfer' } : chosen;
  const [submitted, setSubmitted] = useState<Record<string, FundingSubmitted | undefined>>({});
  const [continuing, setContinuing] = useState(false);
  const [continueFailed, setContinueFailed] = useState(false);
  /** Each account's transfers not signed yet: leaving the step cancels them, after asking. */
  const [unsigned, setUnsigned] = useState<Record<string, string[]>>({});
  const unsignedIds = Object.values(unsigned).flat();
  const payorNames = payorNamesOf(application.steps as Record<string, unknown>);

  async function goOn() {
    if (continuing) return;
    setContinuing(true);
    setContinueFailed(false);
    try {
      const { step } = await applicationsApi.nextStep(application.id);
      if (step && step !== 'funding' && builtSteps.has(step)) {
        await navigate(stepPath(application.id, step));
      } else await navigate('/home/dashboard', { state: { savedApplication: application.id } });
      // Still here when the leave guard kept the person (an unsigned transfer): Continue again.
      setContinuing(false);
    } catch {
      setContinueFailed(true);
      setContinuing(false);
    }
  }

  const body = (() => {
    if (resource.state === 'loading') {
      return (
        <p className="loading-inline" role="status">
          {t('step.loading')}
        </p>
      );
    }
    if (resource.state === 'failed') {
      return (
        <div className="notice-warning" role="alert">
          <p>{t('step.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('step.retry')}
          </button>
        </div>
      );
    }
    const { accounts } = resource.data;
    if (accounts.length === 0) return <p>{t('step.noAccounts')}</p>;
    const known = new Set(resource.data.bankAccounts.map((account) => account.id));
    const bankAccounts = [
      ...resource.data.bankAccounts,
      ...added.filter((account) => !known.has(account.id)),
    ];
    return accounts.map((account) => {
      const id = account.accountId;
      const label = toAccountLabel(account, language);
      const option = options[id];
      const choose = (next: FundingOption) => {
        setOptions((current) => ({ ...current, [id]: next }));
        setSubmitted((current) => ({ ...current, [id]: undefined }));
      };
      const prefix = `funding-${id.slice(0, 8)}`;
      return (
        <section
          key={id}
          aria-labelledby={`${prefix}-heading`}
          // The way's form downloads as the person nears the choice, ready when it is made.
          onPointerEnter={nearFundingWays}
          onFocus={nearFundingWays}
        >
          <h2 id={`${prefix}-heading`}>{label}</h2>
          <RadioChoices
            id={`${prefix}-option`}
            legend={t('step.optionsLegend', { account: label })}
            value={option}
            onChange={choose}
            choices={fundingWaysFor(account.accountTypeId).map((value) => ({
              value,
              label: t(`step.options.${value}`),
              hint: value === 'skip' ? undefined : t(`step.options.${value}Hint`),
            }))}
          />
          {(option === 'eft' || option === 'pac') &&
            (submitted[id] ? (
              <>
                <FundingConfirmation result={submitted[id]} />
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setSubmitted((current) => ({ ...current, [id]: undefined }))}
                >
                  {t('step.another')}
                </button>
              </>
            ) : (
              <PartOnChoice key={option} part={bankFundingForms}>
                {({ EftRequestForm, AddBankAccount }) => (
                  <EftRequestForm
                    idPrefix={prefix}
                    toAccounts={accounts}
                    toAccountId={id}
                    bankAccounts={bankAccounts}
                    payorNames={payorNames}
                    kind={option === 'eft' ? 'oneTime' : 'recurring'}
                    addBankAccount={
                      <AddBankAccount
                        applicationId={application.id}
                        idPrefix={prefix}
                        pollIntervalMs={pollIntervalMs}
                        onAdded={(bankAccount) => setAdded((current) => [...current, bankAccount])}
                      />
                    }
                    onSubmitted={(result) =>
                      setSubmitted((current) => ({ ...current, [id]: result }))
                    }
                  />
                )}
              </PartOnChoice>
            ))}
          {option === 'transfer' && (
            <PartOnChoice part={transfersPanel}>
              {({ TransfersPanel }) => (
                <TransfersPanel
                  applicationId={application.id}
                  toAccountId={id}
                  returnTo="application"
                  signingTransferId={id === returnedTo ? returnedTransferId : undefined}
                  idPrefix={`${prefix}-transfer`}
                  pollIntervalMs={pollIntervalMs}
                  rifPayoutPath={rifPayoutPathOf?.(application.id)}
                  onUnsignedChange={(ids) => setUnsigned((current) => ({ ...current, [id]: ids }))}
                />
              )}
            </PartOnChoice>
          )}
          {option === 'billPayment' && (
            <div className="notice-info">
              <h3>{t('step.bill.heading')}</h3>
              <p>{t('step.bill.intro')}</p>
              <dl>
                <dt>{t('step.bill.payee')}</dt>
                <dd>{BRAND_NAME[language]}</dd>
                <dt>{t('step.bill.accountNumber')}</dt>
                <dd>{account.accountNumber ?? t('step.bill.accountPending')}</dd>
              </dl>
              <p>{t('step.bill.timing')}</p>
            </div>
          )}
          {option === 'skip' && <p>{t('step.skip')}</p>}
        </section>
      );
    });
  })();

  return (
    <Page title={t('step.title')} heading={t('step.title')}>
      <p>{t('step.intro')}</p>
      {body}
      <TransferLeaveGuard unsignedIds={unsignedIds} onCancelled={() => setUnsigned({})} />
      {continueFailed && (
        <div className="notice-warning" role="alert">
          <p>{t('step.continueFailed')}</p>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={continuing}
          onClick={() => void goOn()}
        >
          {t('step.continue')}
        </button>
      </div>
    </Page>
  );
}
