import { useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { signerOnTurn } from '@portal/domain/rules/esign';
import { refusalOf } from '../../../lib/applications-api.ts';
import {
  handoffRunning,
  identityApi,
  identityMethods,
  type BiometricConsent,
  type IdentityHandoff,
  type IdentityMethod,
  type IdentityView,
  type KbaQuestion,
} from '../../../lib/identity-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Page } from '../../../ui/page.tsx';
import { ApplicationContext, stepPath } from '../step/application-context.tsx';
import { ConsentPanel } from './consent-panel.tsx';
import { LandingPanel, type LastFailure } from './landing-panel.tsx';
import { ManualPanel } from './manual-panel.tsx';
import { PendingPanel, SuccessPanel } from './outcome-panels.tsx';
import { PhonePanel } from './phone-panel.tsx';
import { QuestionsPanel } from './questions-panel.tsx';
import { TwoDocumentsPanel } from './two-documents-panel.tsx';

/** The desktop follows the phone every 2 s while a hand-off runs or a check is pending. */
export const IDENTITY_POLL_MS = 2000;

type Screen = 'choose' | IdentityMethod;

/** The router's state that says why the person was sent here (e-sign refused: not verified). */
export interface QualidArrival {
  identityNotVerified?: boolean;
}

/**
 * Step `qualid` (spec section 2, "Identity confirmation"; issue 13): the person signed in
 * verifies their own identity, the primary applicant or the joint applicant alike. Landing
 * first (why, the methods in order); the credit-file questions; the photo ID on the phone,
 * followed live; two documents; manual verification; then success, or waiting for our team.
 * Each new screen's heading takes focus; what happens without the person's action is said in
 * a polite live region.
 */
export function QualidStep({
  applicationId: givenId,
  pollIntervalMs = IDENTITY_POLL_MS,
}: {
  applicationId?: string;
  pollIntervalMs?: number;
}) {
  const { t } = useTranslation('identity');
  const params = useParams();
  const applicationId = givenId ?? params.applicationId ?? '';
  const navigate = useNavigate();
  const arrival = (useLocation().state ?? {}) as QualidArrival;
  const applicationContext = useContext(ApplicationContext);
  // Verified, the person signs next only on their turn (the primary first, once the joint
  // applicant has joined and confirmed who they are); else the next steps say what it waits for.
  const known = applicationContext?.application;
  const signsNext = !known || signerOnTurn(known.status) === known.role;
  const afterVerified = stepPath(applicationId, signsNext ? 'esign' : 'nextsteps');
  const load = useCallback(
    (signal: AbortSignal) => identityApi.get(applicationId, signal),
    [applicationId],
  );
  const { resource, retry, set } = useResource(load);
  const [screen, setScreen] = useState<Screen>('choose');
  // Focus moves to a screen's heading once the person has acted, not on the first load.
  const [moved, setMoved] = useState(false);
  const [questions, setQuestions] = useState<{ attemptId: string; list: KbaQuestion[] } | null>(
    null,
  );
  const [localFailure, setLocalFailure] = useState<LastFailure | null>(null);
  const [dismissedAttempt, setDismissedAttempt] = useState<string | null>(null);
  const [localTried, setLocalTried] = useState<IdentityMethod[]>([]);
  const [serverOffline, setServerOffline] = useState<Date | null>(null);
  const [sentHandoff, setSentHandoff] = useState<IdentityHandoff | null>(null);
  const [problem, setProblem] = useState<'failedRequest' | 'notOpen' | null>(null);
  // The consent to the comparison of the selfie, given on this page (asked before each new
  // hand-off it starts); declined, the page goes on to two documents and says why.
  const [consent, setConsent] = useState<BiometricConsent | null>(null);
  const [consentDeclined, setConsentDeclined] = useState(false);

  const view = resource.state === 'ready' ? resource.data : null;
  const handoff = mergedHandoff(view?.handoff, sentHandoff);
  const live = view !== null && handoffRunning(handoff ?? undefined, Date.now());
  const polling =
    view !== null &&
    !['verified', 'failed', 'needsReview'].includes(view.state) &&
    (live || view.state === 'pending');

  // Follow the phone: ask again every interval while a hand-off runs or a check is pending.
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const next = await identityApi.get(applicationId, controller.signal);
        if (controller.signal.aborted) return;
        set(next);
        // Verified on the phone: the page moves on by itself.
        if (next.state === 'verified') navigate(afterVerified);
      } catch {
        // A missed poll is asked again at the next interval.
        if (!controller.signal.aborted) set({ ...(view as IdentityView) });
      }
    }, pollIntervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [polling, view, applicationId, pollIntervalMs, set, navigate, afterVerified]);

  const latestAttempt = view?.attempts[0]?.id ?? null;
  const serverFailure =
    view?.state === 'failed' && view.lastFailure && latestAttempt !== dismissedAttempt
      ? view.lastFailure
      : null;
  const failure = localFailure ?? serverFailure;
  const tried = [...new Set([...(view?.tried ?? []), ...localTried])];
  const offered = view?.methods ?? identityMethods;
  // The maintenance windows (spec section 8) are the server's to tell, in the view it sends
  // before any call and in a 503 to a call: the browser's own time-zone data can disagree with
  // the server's (Vancouver's offset after November 2026 differs between them), and the server
  // alone knows when its bureau is open.
  const offlineUntil =
    serverOffline ??
    (view?.bureau.offline && view.bureau.endsAt ? new Date(view.bureau.endsAt) : null);

  /** Reads the verification again without the loading screen (the current screen stays). */
  const refresh = useCallback(async () => {
    try {
      set(await identityApi.get(applicationId));
    } catch {
      retry();
    }
  }, [applicationId, set, retry]);

  async function choose(method: IdentityMethod) {
    setMoved(true);
    setProblem(null);
    setLocalFailure(null);
    setConsentDeclined(false);
    if (method === 'photoId') setConsent(null);
    setDismissedAttempt(latestAttempt);
    setScreen(method);
    if (method !== 'creditFile') return;
    setQuestions(null);
    try {
      const started = await identityApi.startCreditFile(applicationId);
      if (started.outcome === 'questions') {
        setQuestions({ attemptId: started.attemptId, list: started.questions });
      } else {
        failWith('creditFile', started.reason);
      }
    } catch (error) {
      const refusal = refusalOf(error);
      setScreen('choose');
      if (refusal?.status === 503) {
        const endsAt = (refusal.body as { endsAt?: string }).endsAt;
        setServerOffline(endsAt ? new Date(endsAt) : new Date());
      } else if (refusal?.status === 409) {
        setProblem('notOpen');
        retry();
      } else setProblem('failedRequest');
    }
  }

  function failWith(method: IdentityMethod, reason: string) {
    setLocalTried((current) => [...current, method]);
    setLocalFailure({ method, reason });
    setScreen('choose');
  }

  const body = (() => {
    if (resource.state === 'loading') {
      return (
        <p className="loading-inline" role="status">
          {t('loading')}
        </p>
      );
    }
    if (resource.state === 'failed' || !view) {
      return (
        <div className="notice-warning" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      );
    }
    if (view.state === 'verified' || view.bypassed) {
      return (
        <SuccessPanel applicationId={applicationId} focusOnShow={moved} signsNext={signsNext} />
      );
    }
    if (view.state === 'needsReview') return <PendingPanel focusOnShow={moved} />;
    if (failure) {
      return (
        <LandingPanel
          offered={offered}
          tried={tried}
          failure={failure}
          offlineUntil={offlineUntil}
          focusOnShow={moved}
          onChoose={choose}
        />
      );
    }
    // A hand-off running when the page opens shows at once; "Other ways" leaves it.
    const followPhone = screen === 'choose' && !moved && (live || view.state === 'pending');
    if (screen === 'photoId' && !consent && !live) {
      return (
        <ConsentPanel
          applicationId={applicationId}
          focusOnShow={moved}
          onAgreed={(given) => {
            setMoved(true);
            setConsent(given);
          }}
          onDeclined={() => {
            setMoved(true);
            setConsentDeclined(true);
            setScreen('dualProcess');
          }}
        />
      );
    }
    if (screen === 'photoId' || followPhone) {
      return (
        <PhonePanel
          applicationId={applicationId}
          handoff={handoff}
          defaultPhone={mobileOf(applicationContext?.application.steps, view.role)}
          focusOnShow={moved}
          consent={consent}
          onConsentNeeded={() => {
            setMoved(true);
            setScreen('photoId');
          }}
          onHandoff={(started) => {
            setSentHandoff(started);
            setMoved(true);
            void refresh();
          }}
        />
      );
    }
    if (screen === 'creditFile') {
      if (!questions) {
        return (
          <p className="loading-inline" role="status">
            {t('questions.starting')}
          </p>
        );
      }
      return (
        <QuestionsPanel
          applicationId={applicationId}
          attemptId={questions.attemptId}
          questions={questions.list}
          focusOnShow={moved}
          onVerified={refresh}
          onFailed={(reason) => failWith('creditFile', reason)}
        />
      );
    }
    if (screen === 'dualProcess' || screen === 'manual') {
      const Panel = screen === 'dualProcess' ? TwoDocumentsPanel : ManualPanel;
      return <Panel applicationId={applicationId} focusOnShow={moved} onSent={refresh} />;
    }
    return (
      <LandingPanel
        offered={offered}
        tried={tried}
        failure={null}
        offlineUntil={offlineUntil}
        focusOnShow={moved}
        onChoose={choose}
      />
    );
  })();

  return (
    <Page title={t('title')} heading={t('title')}>
      {arrival.identityNotVerified && view?.state !== 'verified' && (
        <div className="notice-info">
          <p>{t('esignBlocked')}</p>
        </div>
      )}
      {problem && (
        <div className="notice-warning" role="alert">
          <p>{t(problem)}</p>
        </div>
      )}
      {consentDeclined && screen === 'dualProcess' && (
        <div className="notice-info" role="status">
          <p>{t('consent.declined')}</p>
        </div>
      )}
      {body}
      {screen !== 'choose' &&
        !failure &&
        view &&
        !['verified', 'needsReview'].includes(view.state) && (
          <p>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setMoved(true);
                setScreen('choose');
              }}
            >
              {t('landing.otherWays')}
            </button>
          </p>
        )}
      {/* The waiting screen ends on its own way back (its button): one is enough. */}
      {!(view?.state === 'needsReview' && !view.bypassed) && (
        <p>
          <Link to="/home/dashboard">{t('toDashboard')}</Link>
        </p>
      )}
    </Page>
  );
}

/** The server's hand-off, with the link and QR code of this page's own send (same attempt). */
function mergedHandoff(
  fromServer: IdentityHandoff | undefined,
  sent: IdentityHandoff | null,
): IdentityHandoff | null {
  if (!fromServer) return sent;
  if (sent && sent.attemptId === fromServer.attemptId) {
    return { ...sent, ...fromServer, link: sent.link, qrSvg: sent.qrSvg };
  }
  return fromServer;
}

/** The mobile number (phone type 3) saved on the person's own profile, to prefill. */
function mobileOf(steps: Record<string, unknown> | undefined, role: 'primary' | 'joint'): string {
  const profile = steps?.[role === 'joint' ? 'profilejoint' : 'profile'] as
    { phones?: { type?: number; number?: string }[] } | undefined;
  return profile?.phones?.find((phone) => phone.type === 3)?.number ?? '';
}
