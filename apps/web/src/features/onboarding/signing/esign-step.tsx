import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_READY_BUSINESS_DAYS } from '@portal/domain/constants';
import {
  ESIGN_EVENT_PARAM,
  ESIGN_FINISH_LATER_EVENT,
  ESIGN_POLL_INTERVAL_MS,
  ESIGN_RETURN_CHECKS,
  ESIGN_RETURNED_PARAM,
  ESIGN_TURN_CHECK_DELAYS_MS,
  returnCheckDelaysMs,
  type EsignState,
} from '@portal/domain/rules/esign';
import { refusalOf } from '../../../lib/applications-api.ts';
import { esignApi } from '../../../lib/esign-api.ts';
import { usePolling } from '../../../lib/use-polling.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useUserInfo } from '../../../lib/user-info.tsx';
import { verifyEmailPath } from '../../../lib/verify-email-return.ts';
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
 * opens the e-sign vendor's ceremony in this tab. Before that, a person whose identity or email
 * address is not confirmed yet is told to confirm it first, with the way there (and back), not
 * that the application is ready to sign (issue 30, audit A minor 9 and 31).
 *
 * The screen asks for the status only while an answer is expected (A minor 10 and 19): back
 * from the ceremony (`?returned=1`), a few checks with growing waits while it says it is
 * checking, until signed (then Continue to the next steps), declined (sign again) or expired
 * (start again); and, while the other applicant signs first, a bounded, slowing schedule. A
 * pending signature the person left ("Finish later") reads "You haven't signed yet" with
 * Continue signing, and is not polled. Nothing is asked while the tab is hidden; the screen
 * asks once when the person comes back to it, and never after it is gone. What changes is said
 * in a live region.
 */
export function EsignStep({
  pollIntervalMs = ESIGN_POLL_INTERVAL_MS,
  applicationId: givenId,
}: {
  /** The first wait before asking for the status back from the ceremony (spec section 4). */
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
  const userInfo = useUserInfo();
  const emailUnverified = userInfo.status === 'signedIn' && userInfo.user.emailVerified === false;
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

  // Waiting for the other applicant to sign first: nothing to do here but wait.
  const waitingForTurn = state?.status === 'notStarted' && !state.canSign;
  const askStatus = useCallback(
    async (signal: AbortSignal) => {
      try {
        const next = await esignApi.status(applicationId, signal);
        if (signal.aborted) return false;
        setChecksLeft((left) => Math.max(0, left - 1));
        set(next);
        // Still something to wait for: a signature in progress, or the other applicant's.
        return next.status === 'pending' || (next.status === 'notStarted' && !next.canSign);
      } catch (error) {
        if (!signal.aborted) setPollFailed(true);
        throw error;
      }
    },
    [applicationId, set],
  );
  usePolling(askStatus, {
    delaysMs: pollFailed
      ? []
      : checking
        ? returnCheckDelaysMs(pollIntervalMs)
        : waitingForTurn
          ? ESIGN_TURN_CHECK_DELAYS_MS
          : [],
    // A final answer is final; anything else may have changed while the person was away.
    refreshOnReturn: !pollFailed && state !== null && (pending || waitingForTurn),
  });

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

  /** This screen, where the email verification brings the person back (A minor 31). */
  const stepAddress = `/application/${applicationId}/esign`;

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
              <Link to={verifyEmailPath(stepAddress)}>{t('actions.verifyEmail')}</Link>
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
              {pollFailed &&
                tryAgain(t('problems.pollFailed'), t('actions.checkAgain'), checkAgain)}
              <p>
                {state.role === 'joint' && state.applicationStatus === 'esignatureRequired'
                  ? t('waiting.jointWaits')
                  : t('waiting.notReady')}
              </p>
              <div className="actions">{toDashboard}</div>
            </>
          );
        }
        // Their turn, but not ready yet: what to do first, never "ready to sign" beside it.
        if (state.identityVerified === false) {
          return (
            <>
              <div className="notice-info">
                <h2>{t('identityFirst.heading')}</h2>
                <p>{t('identityFirst.text')}</p>
              </div>
              <div className="actions">
                <Link
                  className="button button-primary"
                  to={`/application/${encodeURIComponent(applicationId)}/qualid`}
                >
                  {t('identityFirst.action')}
                </Link>
                {toDashboard}
              </div>
            </>
          );
        }
        if (emailUnverified && problem !== 'emailNotVerified') {
          return (
            <>
              <div className="notice-info">
                <h2>{t('emailFirst.heading')}</h2>
                <p>{t('emailFirst.text')}</p>
              </div>
              <div className="actions">
                <Link className="button button-primary" to={verifyEmailPath(stepAddress)}>
                  {t('actions.verifyEmail')}
                </Link>
                {toDashboard}
              </div>
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
