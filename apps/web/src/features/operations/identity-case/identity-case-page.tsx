import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  operationsApi,
  type IdentityCase,
  type OperationsRefusal,
} from '../../../lib/operations-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import operationsEn from '../../../locales/en/operations.json';
import { Page } from '../../../ui/page.tsx';
import { BackLink, CaseNotLoaded } from '../case-not-loaded.tsx';
import { ClaimControls, ClaimStatus } from '../claim-controls.tsx';
import { formatDateTime, languageOf } from '../operations-format.ts';
import { refusalText } from '../operations-refusal.ts';
import { OutcomeRegion, useOutcome } from '../outcome.tsx';
import styles from '../operations.module.css';
import { PhotoIdDecision } from './photo-id-decision.tsx';
import { PhotoIdDocument } from './photo-id-document.tsx';
import { PhotoIdFindings } from './photo-id-findings.tsx';

type Outcome = keyof typeof operationsEn.identityCase.outcomes;
const outcomes: ReadonlySet<string> = new Set(Object.keys(operationsEn.identityCase.outcomes));

/**
 * `#/operations/identity/:attemptId`: one identity attempt sent for review as its case (issue
 * 34). For a photo ID the verification service left to us: what it found, in plain words, the
 * document it read (the number masked until revealed), and the decision once claimed. After an
 * action the case loads again, still showing what it showed meanwhile.
 */
export function IdentityCasePage({ attemptId }: { attemptId: string }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const load = useCallback(
    (signal: AbortSignal) => operationsApi.identityCase(attemptId, signal),
    [attemptId],
  );
  const { resource, retry } = useResource(load);
  const [last, setLast] = useState<IdentityCase | null>(null);
  if (resource.state === 'ready' && resource.data !== last) setLast(resource.data);
  const data =
    resource.state === 'ready' ? resource.data : last?.attemptId === attemptId ? last : null;
  const { outcome, done, failed } = useOutcome();

  function decided(text: string) {
    // The actions are gone once decided: the focus goes to what happened.
    done(text, { focus: true });
    retry();
  }

  function refused(refusal: OperationsRefusal) {
    failed(refusalText(t, refusal, language));
    // Someone else holds it now, or it was decided meanwhile: show where it stands.
    retry();
  }

  const back = { to: '/operations/identity', label: t('identityCase.back') };

  if (!data) {
    return (
      <CaseNotLoaded
        title={t('identityCase.untitled')}
        back={back}
        resource={resource}
        loadFailed={t('identityCase.loadFailed')}
        retry={retry}
      />
    );
  }

  const holds = data.claim?.mine === true;
  const check = data.photoIdCheck;
  const title = data.personName
    ? t('identityCase.title', { name: data.personName })
    : t('identityCase.untitled');
  return (
    <Page title={title} heading={title}>
      <BackLink {...back} />
      <dl className="summary-list">
        <div>
          <dt>{t('identityCase.summary.person')}</dt>
          <dd>
            <Link to={`/operations/applications/${data.applicationId}`}>
              {data.personName || t('identityCase.openApplication')}
            </Link>{' '}
            ({t(`case.roles.${data.role}`)})
          </dd>
        </div>
        <div>
          <dt>{t('identityCase.summary.method')}</dt>
          <dd>{t(`identity.methods.${data.method}`)}</dd>
        </div>
        <div>
          <dt>{t('identityCase.summary.submitted')}</dt>
          <dd>{formatDateTime(data.submittedAt, language)}</dd>
        </div>
        <div>
          <dt>{t('identityCase.summary.state')}</dt>
          <dd>
            {outcomes.has(data.outcome)
              ? t(`identityCase.outcomes.${data.outcome as Outcome}`)
              : data.outcome}
          </dd>
        </div>
      </dl>

      <OutcomeRegion outcome={outcome} />

      {!data.decidable ? (
        <p className="empty-state">{t('identityCase.decided')}</p>
      ) : !check ? (
        <p>
          {data.method === 'photoId' ? (
            t('identityCase.check.noReports')
          ) : (
            <Link to="/operations/identity">{t('identityCase.otherMethod')}</Link>
          )}
        </p>
      ) : null}

      {data.decidable && (
        <section aria-labelledby="identity-claim">
          <h2 id="identity-claim">{t('case.claimHeading')}</h2>
          <div className={styles.claimBar}>
            <p>
              <ClaimStatus claim={data.claim} />
            </p>
            <ClaimControls
              kind="identity"
              id={data.attemptId}
              claim={data.claim}
              name={data.personName}
              onDone={done}
              onFailed={failed}
              onChanged={retry}
            />
          </div>
        </section>
      )}

      {check && (
        <>
          <PhotoIdFindings check={check} />
          <PhotoIdDocument
            attemptId={data.attemptId}
            document={check.document}
            canReveal={holds}
            onDone={done}
            onFailed={failed}
          />
        </>
      )}
      {data.decidable && data.method === 'photoId' && (
        <PhotoIdDecision data={data} holds={holds} onDecided={decided} onRefused={refused} />
      )}
    </Page>
  );
}
