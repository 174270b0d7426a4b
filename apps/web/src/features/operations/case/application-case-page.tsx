import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import {
  operationsApi,
  type ApplicationCase,
  type DecisionAnswer,
  type OperationsRefusal,
} from '../../../lib/operations-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Page } from '../../../ui/page.tsx';
import { ClaimControls, ClaimStatus } from '../claim-controls.tsx';
import { DocumentViewer, useDocumentViewer } from '../document-viewer.tsx';
import {
  applicationStatusLabel,
  formatDateTime,
  languageOf,
  namesOf,
} from '../operations-format.ts';
import { refusalText } from '../operations-refusal.ts';
import { OutcomeRegion, useOutcome } from '../outcome.tsx';
import styles from '../operations.module.css';
import {
  AccountsSection,
  AnswersSection,
  ApplicantsSection,
  AuditSection,
  DocumentsSection,
  IdentitySection,
  MailsSection,
  PepFormSection,
  RequestsSection,
  SignaturesSection,
} from './case-sections.tsx';
import { DecisionActions } from './decision-actions.tsx';
import { RevealedNumbers } from './revealed-numbers.tsx';

const decidable = new Set(['underReview', 'requiresReview']);

/**
 * `#/operations/applications/:id`: one application as a case. The claim bar says who works on
 * it; the numbers, the decisions and the answers, documents, identity, signatures, requests,
 * mails and the audit trail follow. After an action the case loads again, still showing what
 * it showed meanwhile.
 */
export function ApplicationCasePage({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const load = useCallback(
    (signal: AbortSignal) => operationsApi.application(applicationId, signal),
    [applicationId],
  );
  const { resource, retry } = useResource(load);
  const [last, setLast] = useState<ApplicationCase | null>(null);
  if (resource.state === 'ready' && resource.data !== last) setLast(resource.data);
  const data =
    resource.state === 'ready' ? resource.data : last?.id === applicationId ? last : null;

  const { outcome, done, failed } = useOutcome();
  const [stale, setStale] = useState(false);
  const viewer = useDocumentViewer();

  const reload = () => {
    setStale(false);
    retry();
  };

  function decided(answer: DecisionAnswer) {
    const key = {
      approved: 'case.approve.approved',
      awaitingSecondApproval: 'case.approve.recorded',
      declined: 'case.declineAction.declined',
      informationRequested: 'case.requestInformation.sent',
    } as const;
    setStale(false);
    // The actions may be gone once decided: the focus goes to what happened.
    done(t(key[answer.outcome]), { focus: true });
    retry();
  }

  function refused(refusal: OperationsRefusal) {
    failed(refusalText(t, refusal, language));
    if (refusal.errorCode === 'staleVersion') setStale(true);
    // Someone else holds it now: show who.
    else if (refusal.errorCode === 'claimedByOther' || refusal.errorCode === 'claimRequired')
      retry();
  }

  if (!data) {
    return (
      <Page title={t('applications.title')} heading={t('applications.heading')}>
        <p>
          <Link to="/operations/applications" className="back-link">
            {t('case.back')}
          </Link>
        </p>
        {resource.state === 'failed' ? (
          <div role="alert" className="notice notice-warning">
            <p>{t('case.loadFailed')}</p>
            <button type="button" className="button button-secondary" onClick={retry}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </Page>
    );
  }

  const names = namesOf(data.applicants.map((applicant) => applicant.name));
  const holds = data.claim?.mine === true;
  const title = t('case.title', { name: names });
  return (
    <Page title={title} heading={title}>
      <p>
        <Link to="/operations/applications" className="back-link">
          {t('case.back')}
        </Link>
      </p>
      <dl className="summary-list">
        <div>
          <dt>{t('case.status')}</dt>
          <dd>
            {decidable.has(data.status)
              ? t(`applications.statuses.${data.status as 'underReview' | 'requiresReview'}`)
              : applicationStatusLabel(data.status, language, t('case.approvedStatus'))}
            {data.pep && (
              <>
                {' '}
                <span className={`${styles.flag} ${styles.flagAlert}`}>{t('common.pep')}</span>
              </>
            )}
            {data.joint && (
              <>
                {' '}
                <span className={styles.flag}>{t('common.joint')}</span>
              </>
            )}
          </dd>
        </div>
        {data.promoCode && (
          <div>
            <dt>{t('case.promoCode')}</dt>
            <dd>
              {data.promoCode.code}:{' '}
              {language === 'fr' ? data.promoCode.offerFr : data.promoCode.offerEn}
            </dd>
          </div>
        )}
        {data.partnerAgreement && (
          <div>
            <dt>{t('case.partnerAgreement')}</dt>
            <dd>
              {language === 'fr' ? data.partnerAgreement.nameFr : data.partnerAgreement.name} (
              {formatDateTime(data.partnerAgreement.acceptedAt, language)})
            </dd>
          </div>
        )}
        <div>
          <dt>{t('case.submitted')}</dt>
          <dd>{formatDateTime(data.submittedAt, language) || t('case.notSubmitted')}</dd>
        </div>
        {data.ageBusinessDays !== null && (
          <div>
            <dt>{t('case.age')}</dt>
            <dd>{t('common.businessDays', { count: data.ageBusinessDays })}</dd>
          </div>
        )}
      </dl>
      <p>
        <Link to={`/operations/retention/${data.id}`}>{t('case.retention')}</Link>
      </p>

      <OutcomeRegion outcome={outcome}>
        {stale && (
          <button type="button" className="button button-secondary" onClick={reload}>
            {t('common.reload')}
          </button>
        )}
      </OutcomeRegion>

      <section aria-labelledby="case-claim">
        <h2 id="case-claim">{t('case.claimHeading')}</h2>
        <div className={styles.claimBar}>
          <p>
            <ClaimStatus claim={data.claim} />
          </p>
          <ClaimControls
            kind="application"
            id={data.id}
            claim={data.claim}
            name={names}
            onDone={done}
            onFailed={failed}
            onChanged={retry}
          />
        </div>
      </section>

      {decidable.has(data.status) && (
        <DecisionActions data={data} holds={holds} onDecided={decided} onRefused={refused} />
      )}
      <RevealedNumbers data={data} canReveal={holds} onDone={done} onFailed={failed} />
      <DocumentViewer viewer={viewer} />
      <ApplicantsSection data={data} />
      <AccountsSection data={data} />
      <PepFormSection data={data} />
      <RequestsSection data={data} viewer={viewer} />
      <DocumentsSection data={data} viewer={viewer} />
      <IdentitySection data={data} viewer={viewer} />
      <SignaturesSection data={data} />
      <AnswersSection outline={data.outline} />
      <MailsSection data={data} />
      <AuditSection data={data} />
    </Page>
  );
}
