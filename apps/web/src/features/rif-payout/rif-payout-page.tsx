import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { RIF_SAVE_SKIPPED } from '@portal/domain/api-contract/client-call-rules';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { minPaymentTypes } from '@portal/domain/enums/rif';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import { messageFor } from '@portal/domain/messages/messages';
import type { RifFund, RifOptions, RifSetupAnswer } from '@portal/domain/rif/rif-api';
import { refusalOf } from '../../lib/applications-api.ts';
import { useFlag } from '../../lib/flags.ts';
import { fundingApi } from '../../lib/funding-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { RadioChoices } from '../../ui/choices.tsx';
import type { FieldProblem } from '../../ui/error-summary.tsx';
import { currencyOf, formatIsoDate, fundingLanguageOf } from '../../ui/funding/funding-format.ts';
import { Page } from '../../ui/page.tsx';
import { rifPayoutApi } from './rif-payout-api.ts';
import {
  initialFormState,
  payloadOf,
  previewOf as previewFor,
  type RifFormState,
} from './rif-payout-form-state.ts';
import { problemsOf, RifPayoutForm } from './rif-payout-form.tsx';
import { FirstPaymentPanel } from './rif-payout-preview.tsx';
import { RifSetupSummary } from './rif-payout-review.tsx';
import { frequencyChoices, labelOf } from './rif-payout-texts.ts';
import { rifPayoutBackPath, RIF_PAYOUT_FROM_PARAM } from './rif-payout-path.ts';

export interface RifPayoutPageProps {
  /** How often a bank connection's status is asked (tests shorten it). */
  pollIntervalMs?: number;
}

/**
 * The RRIF payout screen (`#/home/funding/rif/:applicationId`, issue 15; spec sections 2, 3, 5,
 * 8), behind the flag `rrif-funding-enabled` (off: the page does not exist). It loads the
 * funds the application opens with their setups, the bank accounts on file, and the spec's
 * "set up?" check; then shows the setup, or the form, its review, and the outcome.
 */
export function RifPayoutPage({ pollIntervalMs }: RifPayoutPageProps) {
  const { t } = useTranslation('rifPayout');
  const enabled = useFlag('rrif-funding-enabled');
  const { applicationId = '' } = useParams();
  // Off, the screen does not exist: the not-found page, as for any unknown address.
  if (enabled === false) return <Navigate to="/not-found" replace />;
  return (
    <Page title={t('title')} heading={t('heading')}>
      {enabled === undefined ? (
        <p className="loading-inline" role="status">
          {t('loading')}
        </p>
      ) : (
        <RifPayoutScreen
          key={applicationId}
          applicationId={applicationId}
          pollIntervalMs={pollIntervalMs}
        />
      )}
    </Page>
  );
}

interface Loaded {
  options: RifOptions;
  bankAccounts: BankAccount[];
}

type Mode =
  | { kind: 'summary'; outcome?: 'created' | 'changed' }
  | { kind: 'form'; state: RifFormState; refused: FieldProblem[] }
  | { kind: 'review'; state: RifFormState };

function RifPayoutScreen({
  applicationId,
  pollIntervalMs,
}: {
  applicationId: string;
  pollIntervalMs?: number;
}) {
  const { t, i18n } = useTranslation('rifPayout');
  const language = fundingLanguageOf(i18n.language);
  const load = useCallback(
    async (signal: AbortSignal): Promise<Loaded> => {
      const [options, bankAccounts, setUp] = await Promise.all([
        rifPayoutApi.options(applicationId, signal),
        fundingApi.bankAccounts(signal),
        // Spec section 8's check: null is "No RIF setup found".
        rifPayoutApi.setUp(applicationId, signal),
      ]);
      // The check's setups are the latest word on each fund.
      const latest = new Map(setUp?.setups.map((each) => [each.setup.accountId, each]) ?? []);
      return {
        options: {
          ...options,
          funds: options.funds.map((fund) => ({
            ...fund,
            setup: latest.get(fund.accountId) ?? fund.setup,
          })),
        },
        bankAccounts: bankAccounts.bankAccounts,
      };
    },
    [applicationId],
  );
  const { resource, retry, set } = useResource(load);

  if (resource.state === 'loading') {
    return (
      <p className="loading-inline" role="status">
        {t('loading')}
      </p>
    );
  }
  if (resource.state === 'failed') {
    const refusal = refusalOf(resource.error);
    // Someone else's application, or none: as for any address that does not exist.
    if (refusal?.status === 404) return <Navigate to="/not-found" replace />;
    if (refusal?.status === 409 && refusal.body.message) {
      // Funding is not open yet (the review is not agreed): the server says so.
      return (
        <>
          <p>{refusal.body.message}</p>
          <BackToFunding />
        </>
      );
    }
    return (
      <div className="notice-warning" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="button button-secondary" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const { options, bankAccounts } = resource.data;
  if (options.funds.length === 0) {
    return (
      <>
        <p>{t('noFund')}</p>
        <BackToFunding />
      </>
    );
  }
  return (
    <FundPayouts
      applicationId={applicationId}
      loaded={resource.data}
      language={language}
      pollIntervalMs={pollIntervalMs}
      onSaved={(fundId, answer) =>
        set({
          options: {
            ...options,
            funds: options.funds.map((fund) =>
              fund.accountId === fundId ? { ...fund, setup: answer } : fund,
            ),
            setupYear: answer.setup.setupYear,
          },
          bankAccounts,
        })
      }
      onBankAccountAdded={(bankAccount) =>
        set({ options, bankAccounts: [...bankAccounts, bankAccount] })
      }
    />
  );
}

/** Back where the screen was opened from: the application's funding step or the funding page. */
function useBackPath(): string {
  const { applicationId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return rifPayoutBackPath(applicationId, searchParams.get(RIF_PAYOUT_FROM_PARAM));
}

function BackToFunding() {
  const { t } = useTranslation('rifPayout');
  const back = useBackPath();
  return (
    <div className="actions">
      <Link className="button button-secondary" to={back}>
        {t('backToFunding')}
      </Link>
    </div>
  );
}

const fundLabelOf = (fund: RifFund, language: 'en' | 'fr') =>
  toAccountLabel(
    { accountTypeName: fund.accountTypeName as NamedAccountTypeName, accountNumber: null },
    language,
  );

function FundPayouts({
  applicationId,
  loaded,
  language,
  pollIntervalMs,
  onSaved,
  onBankAccountAdded,
}: {
  applicationId: string;
  loaded: Loaded;
  language: 'en' | 'fr';
  pollIntervalMs?: number;
  onSaved(fundId: string, answer: RifSetupAnswer): void;
  onBankAccountAdded(bankAccount: BankAccount): void;
}) {
  const { t } = useTranslation('rifPayout');
  const back = useBackPath();
  const { options, bankAccounts } = loaded;
  const [fundId, setFundId] = useState(options.funds[0]!.accountId);
  const fund = options.funds.find((each) => each.accountId === fundId) ?? options.funds[0]!;
  const [mode, setMode] = useState<Mode>(() =>
    fund.setup
      ? { kind: 'summary' }
      : { kind: 'form', state: initialFormState(options, fund), refused: [] },
  );
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new step of the journey takes the focus (the outcome when there is one), so keyboard and
  // screen-reader users follow it.
  useEffect(() => {
    if (mode.kind !== 'form') (noticeRef.current ?? headingRef.current)?.focus();
  }, [mode]);

  const sinOnFile =
    fund.setup?.setup.minPaymentTypeId === minPaymentTypes.SpouseAge
      ? fund.setup.setup.minPaymentSpouseSinMasked
      : null;
  const currency = currencyOf(fund.currencyTypeId);

  async function save(state: RifFormState) {
    if (saving) return;
    setSaving(true);
    setFailed(false);
    try {
      const answer = await rifPayoutApi.save(applicationId, payloadOf(state, fund));
      // Skipped for want of an application id: nothing was saved, so say it failed.
      if (answer === RIF_SAVE_SKIPPED) {
        setFailed(true);
        return;
      }
      const outcome = fund.setup ? 'changed' : 'created';
      onSaved(fund.accountId, answer);
      setMode({ kind: 'summary', outcome });
    } catch (error) {
      const refusal = refusalOf(error);
      const fields = refusal?.body.fields;
      if ((refusal?.status === 400 || refusal?.status === 409) && fields) {
        setMode({ kind: 'form', state, refused: problemsOf(fields, language) });
      } else setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  const fundChoice = options.funds.length > 1 && mode.kind !== 'review' && (
    <RadioChoices
      id="rif-fund"
      legend={t('fund.legend')}
      value={fundId}
      onChange={(id) => {
        const next = options.funds.find((each) => each.accountId === id)!;
        setFundId(id);
        setFailed(false);
        setMode(
          next.setup
            ? { kind: 'summary' }
            : { kind: 'form', state: initialFormState(options, next), refused: [] },
        );
      }}
      choices={options.funds.map((each) => ({
        value: each.accountId,
        label: t('fund.label', {
          account: fundLabelOf(each, language),
          currency: currencyOf(each.currencyTypeId),
        }),
      }))}
    />
  );

  if (mode.kind === 'summary' && fund.setup) {
    const { setup, firstPayment } = fund.setup;
    return (
      <>
        {fundChoice}
        {mode.outcome && (
          <div ref={noticeRef} tabIndex={-1} role="status" className="notice-success">
            <p>{t(mode.outcome === 'created' ? 'success.created' : 'success.changed')}</p>
          </div>
        )}
        <h2 ref={headingRef} tabIndex={-1}>
          {t('setUp.heading')}
        </h2>
        <p>
          {t('setUp.summary', {
            // English starts the sentence with it; French puts it inside the sentence.
            frequency:
              language === 'fr'
                ? labelOf(frequencyChoices(language), setup.payoutFrequencyId).toLowerCase()
                : labelOf(frequencyChoices(language), setup.payoutFrequencyId),
            account: fundLabelOf(fund, language),
            date: formatIsoDate(firstPayment.paidOn, language),
          })}
        </p>
        <FirstPaymentPanel id="rif-saved-payment" payment={firstPayment} currency={currency} />
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              setMode({ kind: 'form', state: initialFormState(options, fund), refused: [] })
            }
          >
            {t('setUp.change')}
          </button>
          <Link className="button button-secondary" to={back}>
            {t('backToFunding')}
          </Link>
        </div>
      </>
    );
  }

  if (mode.kind === 'review') {
    const payment = previewFor(mode.state, options, fund);
    return (
      <section aria-labelledby="rif-review-heading">
        <h2 id="rif-review-heading" ref={headingRef} tabIndex={-1}>
          {t('review.heading')}
        </h2>
        <RifSetupSummary
          state={mode.state}
          options={options}
          fund={fund}
          bankAccounts={bankAccounts}
          sinOnFile={sinOnFile}
          firstPaidOn={payment?.paidOn}
        />
        <FirstPaymentPanel id="rif-review-payment" payment={payment} currency={currency} />
        <div role="status" aria-live="polite">
          {saving && <p className="loading-inline">{t('review.saving')}</p>}
        </div>
        {failed && (
          <div className="notice-warning" role="alert">
            <p>{messageFor('rifPayoutRequestError', language)}</p>
          </div>
        )}
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            aria-disabled={saving}
            onClick={() => void save(mode.state)}
          >
            {t('review.save')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setFailed(false);
              setMode({ kind: 'form', state: mode.state, refused: [] });
            }}
          >
            {t('review.change')}
          </button>
        </div>
      </section>
    );
  }

  const form =
    mode.kind === 'form'
      ? mode
      : { state: initialFormState(options, fund), refused: [] as FieldProblem[] };
  return (
    <>
      <p className="lead">{t('intro')}</p>
      {fundChoice}
      <RifPayoutForm
        // A refusal from the server opens the form again with the answers and its problems.
        key={`${fund.accountId}-${form.refused.length}-${JSON.stringify(form.refused)}`}
        applicationId={applicationId}
        options={options}
        fund={fund}
        bankAccounts={bankAccounts}
        initial={form.state}
        refused={form.refused}
        pollIntervalMs={pollIntervalMs}
        onBankAccountAdded={onBankAccountAdded}
        onReview={(state) => setMode({ kind: 'review', state })}
      />
    </>
  );
}
