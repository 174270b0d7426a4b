import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import type { DualProcessCandidate } from '@portal/domain/identity/dual-process';
import { type IdentityRefusalReason } from '@portal/domain/operations/operations-api';
import {
  operationsApi,
  operationsRefusalOf,
  type IdentityQueueItem,
} from '../../lib/operations-api.ts';
import { Page } from '../../ui/page.tsx';
import { IdentityRefusalSelect } from './identity-refusal-select.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { CaseTable } from './case/case-table.tsx';
import { ClaimControls, ClaimStatus } from './claim-controls.tsx';
import { DocumentViewer, useDocumentViewer, ViewDocumentButton } from './document-viewer.tsx';
import { formatDateTime, languageOf } from './operations-format.ts';
import { refusalText } from './operations-refusal.ts';
import { OutcomeRegion, useOutcome } from './outcome.tsx';
import { QueueStates } from './queue-states.tsx';
import {
  emptySources,
  ReviewedSourcesFields,
  reviewedSourcesProblems,
  serverSourceProblems,
  type SourceProblems,
} from './reviewed-sources-fields.tsx';
import { ReasonField, textProblem } from './reason-field.tsx';
import { useQueue } from './use-queue.ts';
import styles from './operations.module.css';

type Deciding = { item: IdentityQueueItem; action: 'verify' | 'refuse' };

/**
 * `#/operations/identity`: manual verifications and two-document submissions, each with its
 * documents viewable inline, verified or refused (with the refusal's code) once claimed; and
 * photo IDs the verification service left to us, each decided on its own page, where the
 * service's findings are (`#/operations/identity/:attemptId`).
 */
export function IdentityQueue() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const { resource, retry, goTo } = useQueue(operationsApi.identity);
  const { outcome, done, failed } = useOutcome();
  const viewer = useDocumentViewer();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [refusal, setRefusal] = useState<IdentityRefusalReason | ''>('');
  const [refusalMissing, setRefusalMissing] = useState(false);
  const [sources, setSources] = useState<DualProcessCandidate[]>(emptySources);
  const [sourceProblems, setSourceProblems] = useState<SourceProblems>({});
  const [busy, setBusy] = useState(false);

  function start(item: IdentityQueueItem, action: Deciding['action']) {
    setDeciding({ item, action });
    setReason('');
    setProblem(null);
    setRefusal('');
    setRefusalMissing(false);
    setSources(emptySources());
    setSourceProblems({});
  }

  /** The first field in error takes the focus, so its message is read at once. */
  function focusFirst(fieldIds: string[]) {
    const first = fieldIds[0];
    if (first) requestAnimationFrame(() => document.getElementById(first)?.focus());
  }

  async function send() {
    if (!deciding) return;
    const { item, action } = deciding;
    // A manual case is approved only as the dual-process method (ADR 0018).
    const recordsSources = action === 'verify' && item.method === 'manual';
    const foundSources = recordsSources ? reviewedSourcesProblems(sources, item.personName) : {};
    const found = textProblem(reason);
    const missing = action === 'refuse' && refusal === '';
    setSourceProblems(foundSources);
    setProblem(found);
    setRefusalMissing(missing);
    const invalid = [
      ...Object.keys(foundSources),
      ...(missing ? ['identity-refusal'] : []),
      ...(found ? ['identity-reason'] : []),
    ];
    if (invalid.length > 0) {
      focusFirst(invalid);
      return;
    }
    setBusy(true);
    let keepOpen = false;
    try {
      if (action === 'verify') {
        await operationsApi.verifyIdentity(item.attemptId, {
          reason: reason.trim(),
          ...(recordsSources && { sources }),
        });
        done(t('identity.verified', { name: item.personName }));
      } else {
        await operationsApi.refuseIdentity(item.attemptId, {
          reason: reason.trim(),
          refusal: refusal as IdentityRefusalReason,
        });
        done(t('identity.refused', { name: item.personName }));
      }
    } catch (error) {
      const refusal = operationsRefusalOf(error);
      const fields = refusal?.status === 400 ? refusal.fields : undefined;
      if (recordsSources && fields) {
        // The server judged the documents otherwise: said at their fields, nothing typed lost.
        const fromServer = serverSourceProblems(fields);
        setSourceProblems(fromServer);
        focusFirst(Object.keys(fromServer));
        keepOpen = true;
      } else failed(refusalText(t, refusal, language));
    } finally {
      setBusy(false);
      if (!keepOpen) {
        setDeciding(null);
        retry();
      }
    }
  }

  const name = deciding?.item.personName ?? '';
  return (
    <Page title={t('identity.title')} heading={t('identity.heading')}>
      <p>{t('identity.intro')}</p>
      <OutcomeRegion outcome={outcome} />
      <DocumentViewer viewer={viewer} />
      <QueueStates
        resource={resource}
        retry={retry}
        goTo={goTo}
        failedText={t('identity.loadFailed')}
        emptyText={t('identity.empty')}
      >
        {(items) => (
          <CaseTable
            caption={t('identity.caption')}
            columns={[
              t('identity.person'),
              t('identity.method'),
              t('identity.submitted'),
              t('identity.documents'),
              t('identity.claim'),
              t('identity.actions'),
            ]}
            rows={items.map((item) => {
              const holds = item.claim?.mine === true;
              const photoId = item.method === 'photoId';
              return {
                key: item.attemptId,
                cells: [
                  <>
                    <Link to={`/operations/applications/${item.applicationId}`}>
                      {item.personName}
                    </Link>
                    <br />
                    <small>{t(`case.roles.${item.role}`)}</small>
                  </>,
                  t(`identity.methods.${item.method}`),
                  formatDateTime(item.submittedAt, language),
                  photoId ? (
                    t('identity.atService')
                  ) : holds ? (
                    <ul key="documents" className={styles.details}>
                      {item.documentIds.map((documentId, index) => {
                        const label = `${item.personName} ${index + 1}`;
                        return (
                          <li key={documentId}>
                            <ViewDocumentButton
                              viewer={viewer}
                              documentId={documentId}
                              name={label}
                              access={{ kind: 'identity', itemId: item.attemptId }}
                            />
                          </li>
                        );
                      })}
                    </ul>
                  ) : (
                    t('common.documentsAfterClaim', { count: item.documentIds.length })
                  ),
                  <>
                    <p>
                      <ClaimStatus claim={item.claim} />
                    </p>
                    <ClaimControls
                      kind="identity"
                      id={item.attemptId}
                      claim={item.claim}
                      name={item.personName}
                      onDone={done}
                      onFailed={failed}
                      onChanged={retry}
                    />
                  </>,
                  photoId ? (
                    <Link key="case" to={`/operations/identity/${item.attemptId}`}>
                      {t('identity.openCase', { name: item.personName })}
                    </Link>
                  ) : holds ? (
                    <div className={styles.rowActions}>
                      <button
                        type="button"
                        className={`button button-primary ${styles.small}`}
                        aria-label={t('identity.verifyItem', { name: item.personName })}
                        onClick={() => start(item, 'verify')}
                      >
                        {t('identity.verify')}
                      </button>
                      <button
                        type="button"
                        className={`button button-secondary ${styles.small}`}
                        aria-label={t('identity.refuseItem', { name: item.personName })}
                        onClick={() => start(item, 'refuse')}
                      >
                        {t('identity.refuse')}
                      </button>
                    </div>
                  ) : (
                    t('claim.needed')
                  ),
                ],
              };
            })}
          />
        )}
      </QueueStates>
      <ActionDialog
        isOpen={deciding !== null}
        title={
          deciding?.action === 'refuse'
            ? t('identity.refuseTitle', { name })
            : t('identity.verifyTitle', { name })
        }
        text={
          <p>
            {deciding?.action === 'refuse'
              ? t('identity.refuseText')
              : deciding?.item.method === 'manual'
                ? t('identity.verifyManualText')
                : t('identity.verifyText')}
          </p>
        }
        confirmLabel={deciding?.action === 'refuse' ? t('identity.refuse') : t('identity.verify')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setDeciding(null)}
      >
        {deciding?.action === 'verify' && deciding.item.method === 'manual' && (
          <ReviewedSourcesFields
            sources={sources}
            onChange={setSources}
            problems={sourceProblems}
          />
        )}
        {deciding?.action === 'refuse' && (
          <IdentityRefusalSelect
            id="identity-refusal"
            value={refusal}
            missing={refusalMissing}
            onChange={setRefusal}
          />
        )}
        <ReasonField id="identity-reason" value={reason} onChange={setReason} problem={problem} />
      </ActionDialog>
    </Page>
  );
}
