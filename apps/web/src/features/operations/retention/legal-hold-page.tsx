import {
  retentionRecordClasses,
  type RetentionStateView,
} from '@portal/domain/retention/retention-rules';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { operationsRefusalOf, type OperationsRefusal } from '../../../lib/operations-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Page } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { BackLink, CaseNotLoaded } from '../case-not-loaded.tsx';
import { DetailsList } from '../details-list.tsx';
import { formatDate, formatDateTime, languageOf } from '../operations-format.ts';
import { refusalText } from '../operations-refusal.ts';
import { OutcomeRegion, useOutcome } from '../outcome.tsx';
import { ReasonField, textProblem } from '../reason-field.tsx';
import { AccountClosureSection } from './account-closure.tsx';
import { retentionApi } from './retention-api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `#/operations/retention`: staff open an application's retention by its id (from its case
 * page or a legal request), issue 36.
 */
export function RetentionLookup() {
  const { t } = useTranslation('operations');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const open = (event: FormEvent) => {
    event.preventDefault();
    const applicationId = value.trim();
    if (!UUID.test(applicationId)) {
      setError(t('retention.invalidId'));
      return;
    }
    void navigate(`/operations/retention/${applicationId.toLowerCase()}`);
  };
  return (
    <Page title={t('retention.title')} heading={t('retention.heading')}>
      <p>{t('retention.intro')}</p>
      <form noValidate onSubmit={open}>
        <TextField
          id="retention-application-id"
          label={t('retention.applicationId')}
          hint={t('retention.applicationIdHint')}
          error={error}
          value={value}
          onChange={setValue}
        />
        <button type="submit" className="button button-primary">
          {t('retention.open')}
        </button>
      </form>
    </Page>
  );
}

/**
 * `#/operations/retention/:applicationId`: the account's closure, the legal hold and when each
 * record class could first be deleted; staff record the closure and set or lift the hold, each
 * with a reason (audited).
 */
export function LegalHoldPage({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const load = useCallback(
    (signal: AbortSignal) => retentionApi.state(applicationId, signal),
    [applicationId],
  );
  const { resource, retry, set } = useResource(load);
  const { outcome, done, failed } = useOutcome();
  const [acting, setActing] = useState<'set' | 'lift' | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [busy, setBusy] = useState(false);
  const back = { to: '/operations/retention', label: t('retention.back') };
  const title = t('retention.caseTitle');

  if (resource.state !== 'ready') {
    return (
      <CaseNotLoaded
        title={title}
        back={back}
        resource={resource}
        loadFailed={t('retention.loadFailed')}
        retry={retry}
      />
    );
  }
  const state: RetentionStateView = resource.data;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language) : t('common.none'));

  // The answer is the new state: shown at once, so the page and the focused result stay put.
  function closureRecorded(next: RetentionStateView) {
    set(next);
    done(t('retention.closure.recorded', { date: formatDate(next.accountClosedAt, language) }), {
      focus: true,
    });
  }

  function closureRefused(refusal: OperationsRefusal) {
    failed(
      refusal.errorCode === 'accountNotApproved'
        ? t('retention.closure.errors.notApproved')
        : refusalText(t, refusal, language),
      { focus: true },
    );
  }

  async function send() {
    if (!acting) return;
    const found = textProblem(reason);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const body = { reason: reason.trim() };
      if (acting === 'set') await retentionApi.setHold(applicationId, body);
      else await retentionApi.liftHold(applicationId, body);
      done(t(acting === 'set' ? 'retention.holdSet' : 'retention.holdLifted'));
    } catch (error) {
      failed(refusalText(t, operationsRefusalOf(error), language));
    } finally {
      setBusy(false);
      setActing(null);
      retry();
    }
  }

  const summary: [string, string][] = [
    [t('retention.application'), state.applicationId],
    [
      t('retention.accountClosedAt'),
      // A day, as staff record it (its first minute in Toronto).
      state.accountClosedAt
        ? formatDate(state.accountClosedAt, language)
        : t('retention.accountOpen'),
    ],
    [t('retention.legalHold'), state.legalHold ? t('common.yes') : t('common.no')],
    ...(state.legalHold
      ? ([
          [t('retention.holdSince'), when(state.legalHoldSince)],
          [t('retention.holdReason'), state.legalHoldReason ?? t('common.none')],
        ] as [string, string][])
      : []),
  ];

  return (
    <Page title={title} heading={title}>
      <BackLink {...back} />
      <OutcomeRegion outcome={outcome} />
      <section aria-labelledby="retention-summary">
        <h2 id="retention-summary">{t('retention.summaryHeading')}</h2>
        <DetailsList rows={summary} />
      </section>
      <AccountClosureSection
        applicationId={applicationId}
        state={state}
        onRecorded={closureRecorded}
        onRefused={closureRefused}
      />
      <section aria-labelledby="retention-classes">
        <h2 id="retention-classes">{t('retention.classesHeading')}</h2>
        <p>{t('retention.classesIntro')}</p>
        <DetailsList
          rows={retentionRecordClasses.map((recordClass) => [
            t(`retention.classes.${recordClass}`),
            state.deletableFrom[recordClass]
              ? when(state.deletableFrom[recordClass])
              : t('retention.kept'),
          ])}
        />
      </section>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          setActing(state.legalHold ? 'lift' : 'set');
          setReason('');
          setProblem(null);
        }}
      >
        {state.legalHold ? t('retention.liftHold') : t('retention.setHold')}
      </button>
      <ActionDialog
        isOpen={acting !== null}
        title={acting === 'lift' ? t('retention.liftTitle') : t('retention.setTitle')}
        text={<p>{acting === 'lift' ? t('retention.liftText') : t('retention.setText')}</p>}
        confirmLabel={acting === 'lift' ? t('retention.liftHold') : t('retention.setHold')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setActing(null)}
      >
        <ReasonField id="legal-hold-reason" value={reason} onChange={setReason} problem={problem} />
      </ActionDialog>
    </Page>
  );
}
