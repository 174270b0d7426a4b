import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_READY_BUSINESS_DAYS } from '@portal/domain/constants';
import {
  ESIGN_EVENT_PARAM,
  ESIGN_FINISH_LATER_EVENT,
  ESIGN_POLL_INTERVAL_MS,
  ESIGN_RETURN_CHECKS,
  ESIGN_RETURNED_PARAM,
  type EsignState,
} from '@portal/domain/rules/esign';
import { refusalOf } from '../../../lib/applications-api.ts';
import { esignApi } from '../../../lib/esign-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Page } from '../../../ui/page.tsx';

type Problem = 'startFailed' | 'notYourTurn' | 'emailNotVerified' | 'signerNameRefused' | null;

/** The ceremony is ours (`/sandbox/...`) or the vendor's (https): never a script URL. */
function signingAddress(signingUrl: string): string | null {
  try {
    const url = new URL(signingUrl, window.location.origin);
    return url.protocol === 'https:' || url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Step `esign` (spec sections 2 and 4): what signing means, then "Review and sign", which
 * opens the e-sign vendor's ceremony in this tab. Whenever a signature is pending, the screen
 * asks for the status every `pollIntervalMs` until it is signed (then Continue to the next
 * steps), declined (sign again) or expired (start again); polling stops when the screen goes
 * away. Coming back from the ceremony (`?returned=1`) it says it is checking for a few answers;
 * otherwise, and after "Finish later", a pending signature reads "You haven't signed yet" with
 * Continue signing. What changes is said in a live region.
 */
export function EsignStep({
  pollIntervalMs = ESIGN_POLL_INTERVAL_MS,
  applicationId: givenId,
}: {
  /** How often to ask for the signing status while it is pending (spec section 4). */
  pollIntervalMs?: number;
  /** The route's `:applicationId` unless given. */
  applicationId?: string;
}) {
  const { t } = useTranslation('esign');
  const params = useParams();
  const applicationId = givenId ?? params.applicationId ?? '';
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returned = searchParams.get(ESIGN_RETURNED_PARAM) === '1';
  // "Finish later" in the ceremony: the person left without signing, nothing to check.
  const finishedLater = searchParams.get(ESIGN_EVENT_PARAM) === ESIGN_FINISH_LATER_EVENT;

  const load = useCallback(
    (signal: AbortSignal) => esignApi.status(applicationId, signal),
    [applicationId],
  );
  const { resource, retry, set } = useResource(load);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [pollFailed, setPollFailed] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const state = resource.state === 'ready' ? resource.data : null;
  const pending = state?.status === 'pending';
  // Back from the ceremony, a signature may reach the vendor's status a moment late: the screen
  // says it is checking for a few answers, then that the person has not signed yet.
  const [checksLeft, setChecksLeft] = useState(
    returned && !finishedLater ? ESIGN_RETURN_CHECKS : 0,
  );
  const checking = pending && checksLeft > 0;

  // While the signature is pending, ask again every interval; a final answer, a failed call or
  // leaving the screen stops it.
  useEffect(() => {
    if (!pending || pollFailed) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(async () => {
        try {
          const next = await esignApi.status(applicationId, controller.signal);
          if (controller.signal.aborted) return;
          setChecksLeft((left) => Math.max(0, left - 1));
          set(next);
          if (next.status === 'pending') schedule();
        } catch {
          if (!controller.signal.aborted) setPollFailed(true);
        }
      }, pollIntervalMs);
    };
    schedule();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [pending, pollFailed, applicationId, pollIntervalMs, set]);

  // A final answer moves focus to what it says (and to the next thing to do).
  const finalStatus = state && state.status !== 'pending' && state.status !== 'notStarted';
  // Likewise once back from the ceremony without a signature: focus goes to what to do next.
  const notSignedOnReturn = returned && pending && !checking;
  useEffect(() => {
    if (finalStatus || notSignedOnReturn) resultHeading.current?.focus();
  }, [finalStatus, notSignedOnReturn]);

  // Back from the ceremony with the browser's Back button, the page may come from the
  // back-forward cache as it was left ("Opening..."): wake it up and ask again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setStarting(false);
      setPollFailed(false);
      retry();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [retry]);

  async function sign() {
    if (starting) return;
    setStarting(true);
    setProblem(null);
    try {
      const { signingUrl } = await esignApi.start(applicationId);
      const address = signingAddress(signingUrl);
      if (!address) throw new Error('unexpected signing address');
      // Same tab: the ceremony sends the person back here when they are done.
      window.location.assign(address);
    } catch (error) {
      setStarting(false);
      const refusal = refusalOf(error);
      if (refusal?.status === 409 && refusal.body.errorCode === 'identityNotVerified') {
        // Not verified yet (issue 13): the identity step first, saying why.
        navigate(`/application/${applicationId}/qualid`, { state: { identityNotVerified: true } });
      } else if (refusal?.status === 409 && refusal.body.errorCode === 'signerNameRefused') {
        // A name saved before the name rule: the contract cannot carry it (issue 12).
        setProblem('signerNameRefused');
      } else if (refusal?.status === 409) {
        setProblem('notYourTurn');
        retry();
      } else if (refusal?.status === 403 && refusal.body.errorCode === 'emailNotVerified') {
        setProblem('emailNotVerified');
      } else {
        setProblem('startFailed');
      }
    }
  }

  function checkAgain() {
    setPollFailed(false);
    retry();
  }

  const button = (label: string, primary = true) => (
    <button
      type="button"
      className={`button ${primary ? 'button-primary' : 'button-secondary'}`}
      onClick={sign}
      aria-disabled={starting}
    >
      {starting ? t('actions.opening') : label}
    </button>
  );

  /** A failure read out at once, with the button that tries again. */
  const tryAgain = (problemText: string, label: string, onClick: () => void) => (
    <div className="notice-warning" role="alert">
      <p>{problemText}</p>
      <button type="button" className="button button-secondary" onClick={onClick}>
        {label}
      </button>
    </div>
  );

  const toDashboard = (
    <Link className="button button-secondary" to="/home/dashboard">
      {t('actions.toDashboard')}
    </Link>
  );

  const announcement = (() => {
    if (resource.state === 'loading') return t('status.loading');
    if (!state) return '';
    if (checking) return t('status.returned');
    return t(`status.${state.status}`);
  })();

  const statusClass =
    resource.state === 'loading' ? 'loading-inline' : checking ? 'notice-info' : 'visually-hidden';

  return (
    <Page title={t('title')} heading={t('title')}>
      {/*
        Always on the page, so every change of status is read out. It shows while loading and
        waiting; a final answer has a heading of its own below, so then it is only heard.
      */}
      <div role="status" aria-live="polite" className={statusClass}>
        <p>{announcement}</p>
      </div>

      {problem && (
        <div className="notice-warning" role="alert">
          <p>{t(`problems.${problem}`)}</p>
          {problem === 'emailNotVerified' && (
            <p>
              <Link to="/home/verify-email">{t('actions.verifyEmail')}</Link>
            </p>
          )}
        </div>
      )}

      {resource.state === 'failed' && tryAgain(t('problems.loadFailed'), t('actions.retry'), retry)}

      {state && body(state)}
    </Page>
  );

  function body(state: EsignState) {
    switch (state.status) {
      case 'signed':
        return (
          <>
            <div className="notice-success">
              <h2 ref={resultHeading} tabIndex={-1}>
                {t('signed.heading')}
              </h2>
              <p>
                {state.applicationStatus === 'underReview'
                  ? t('signed.underReview', ACCOUNT_READY_BUSINESS_DAYS)
                  : state.applicationStatus === 'jointEsignatureRequired'
                    ? t('signed.jointNext')
                    : t('signed.recorded')}
              </p>
            </div>
            <div className="actions">
              <Link
                className="button button-primary"
                to={`/application/${encodeURIComponent(applicationId)}/nextsteps`}
              >
                {t('actions.continue')}
              </Link>
            </div>
          </>
        );
      case 'declined':
      case 'expired':
        return (
          <>
            <div className="notice-warning">
              <h2 ref={resultHeading} tabIndex={-1}>
                {t(`${state.status}.heading`)}
              </h2>
              <p>{t(`${state.status}.text`)}</p>
            </div>
            {state.canSign && (
              <div className="actions">
                {button(
                  t(state.status === 'declined' ? 'actions.signAgain' : 'actions.startAgain'),
                )}
                {toDashboard}
              </div>
            )}
          </>
        );
      case 'pending':
        return (
          <>
            {pollFailed && tryAgain(t('problems.pollFailed'), t('actions.checkAgain'), checkAgain)}
            {!checking && (
              <div className="notice-info">
                <h2 ref={resultHeading} tabIndex={-1}>
                  {t('notSigned.heading')}
                </h2>
                <p>{t('notSigned.text')}</p>
              </div>
            )}
            <div className="actions">
              {state.canSign && button(t('actions.continueSigning'))}
              {toDashboard}
            </div>
          </>
        );
      case 'notStarted':
        if (!state.canSign) {
          return (
            <>
              <p>
                {state.role === 'joint' && state.applicationStatus === 'esignatureRequired'
                  ? t('waiting.jointWaits')
                  : t('waiting.notReady')}
              </p>
              <div className="actions">{toDashboard}</div>
            </>
          );
        }
        return (
          <>
            <p className="lead">{t('intro')}</p>
            <h2>{t('meaning.heading')}</h2>
            <ul>
              <li>{t('meaning.sameAsPaper')}</li>
              <li>{t('meaning.howItWorks')}</li>
              <li>{t('meaning.joint')}</li>
            </ul>
            <div className="actions">
              {button(t('actions.reviewAndSign'))}
              {toDashboard}
            </div>
          </>
        );
    }
  }
}
