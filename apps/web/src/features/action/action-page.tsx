import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  expressErrorQuery,
  expressLinkProblems,
  type ExpressLinkProblem,
} from '@portal/domain/express/express-links';
import { normalizePostalCode } from '@portal/domain/rules/postal-code';
import { expressApi, expressRefusalOf } from '../../lib/advisor-api.ts';
import {
  forgetExpressToken,
  keepExpressToken,
  markLeftToSignIn,
  pendingExpressToken,
} from '../../lib/express-token.ts';
import { authorizeUrl, saveReturnUrl } from '../../lib/sign-in.ts';
import { useResource } from '../../lib/use-resource.ts';
import { useUserInfo } from '../../lib/user-info.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';

const isLinkProblem = (code: string): code is ExpressLinkProblem =>
  (expressLinkProblems as readonly string[]).includes(code);

const errorPathOf = (problem: ExpressLinkProblem) => `/express-error${expressErrorQuery(problem)}`;

/**
 * The express-application action screen (spec sections 2, 5 and 8): `#/action?token=...` from
 * an advisor's invitation. The invitee confirms their birth date or postal code (one must
 * match what the advisor entered), signs in or registers, and lands on their new application's
 * first unanswered step. A link that cannot be used goes to express-error with its flags.
 */
export function ActionPage() {
  const { t } = useTranslation('express');
  const [params] = useSearchParams();
  const fromLink = params.get('token');
  // The tab keeps the token through the sign-in or registration pages on the server.
  const [token] = useState(() => {
    if (fromLink) keepExpressToken(fromLink);
    return fromLink ?? pendingExpressToken();
  });
  const load = useCallback(
    (signal: AbortSignal) => expressApi.lookup(token ?? '', signal),
    [token],
  );
  const { resource, retry } = useResource(load);
  const [confirmed, setConfirmed] = useState(false);
  // Back on the action screen: the dashboard no longer needs to send the invitee here.
  useEffect(() => markLeftToSignIn(false), []);
  // The confirmation may lapse while signing in: the lookup then asks for it again.
  const askAgain = useCallback(() => {
    setConfirmed(false);
    retry();
  }, [retry]);

  if (!token) return <Navigate to={errorPathOf('notFound')} replace />;
  if (resource.state === 'loading') {
    return (
      <Page title={t('title')} heading={t('heading')}>
        <p role="status">{t('loading')}</p>
      </Page>
    );
  }
  if (resource.state === 'failed') {
    const refusal = expressRefusalOf(resource.error);
    if (isLinkProblem(refusal.errorCode)) {
      forgetExpressToken();
      return <Navigate to={errorPathOf(refusal.errorCode)} replace />;
    }
    return (
      <Page title={t('title')} heading={t('heading')}>
        <div role="alert" className="notice notice-warning">
          <p>{t('failed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      </Page>
    );
  }
  const lookup = resource.data;
  if (lookup.status !== 'valid') {
    forgetExpressToken();
    return <Navigate to={errorPathOf(lookup.status)} replace />;
  }
  if (lookup.confirmed || confirmed) {
    return <AfterConfirmation token={token} onUnconfirmed={askAgain} />;
  }
  return (
    <ConfirmIdentity
      token={token}
      advisorName={lookup.advisorName}
      firstName={lookup.investorFirstName}
      onConfirmed={() => setConfirmed(true)}
    />
  );
}

type ConfirmProblem =
  | { code: 'required' | 'failed' }
  | { code: 'mismatch'; attemptsLeft: number | null }
  | { code: 'locked'; minutes: number };

function ConfirmIdentity({
  token,
  advisorName,
  firstName,
  onConfirmed,
}: {
  token: string;
  advisorName: string;
  firstName: string;
  onConfirmed(): void;
}) {
  const { t } = useTranslation('express');
  const navigate = useNavigate();
  const [birthDate, setBirthDate] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [problem, setProblem] = useState<ConfirmProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const alert = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) alert.current?.focus();
  }, [problem]);

  useEffect(() => {
    // Once the screen shows, fetch the schema the send needs, so sending does not wait for it.
    void import('@portal/domain/express/express-api');
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema brings zod, which a signed-out visitor's first screen must not wait for
    // (ADR 0029): it loads when the form is sent.
    const { confirmBodySchema } = await import('@portal/domain/express/express-api');
    const body = confirmBodySchema.safeParse({
      birthDate: birthDate || undefined,
      postalCode: postalCode.trim() ? normalizePostalCode(postalCode) : undefined,
    });
    // A birth date half typed is not a date: say what is needed rather than send it.
    if (!body.success) {
      setProblem({ code: 'required' });
      return;
    }
    setChecking(true);
    try {
      await expressApi.confirm(token, body.data);
      onConfirmed();
    } catch (error) {
      const refusal = expressRefusalOf(error);
      if (isLinkProblem(refusal.errorCode)) {
        forgetExpressToken();
        navigate(errorPathOf(refusal.errorCode), { replace: true });
      } else if (refusal.errorCode === 'expressMismatch') {
        setProblem({ code: 'mismatch', attemptsLeft: refusal.attemptsLeft });
      } else if (refusal.errorCode === 'expressLocked') {
        setProblem({
          code: 'locked',
          minutes: Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 60) / 60)),
        });
      } else if (refusal.errorCode === 'invalidInput') {
        setProblem({ code: 'required' });
      } else {
        setProblem({ code: 'failed' });
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <Page title={t('title')} heading={t('heading')} hasErrors={problem !== null}>
      {problem && (
        <div ref={alert} role="alert" tabIndex={-1} className="notice notice-warning">
          {problem.code === 'mismatch' && (
            <>
              <p>{t('errors.mismatch', { advisor: advisorName })}</p>
              {problem.attemptsLeft !== null && (
                <p>{t('errors.attemptsLeft', { count: problem.attemptsLeft })}</p>
              )}
            </>
          )}
          {problem.code === 'locked' && (
            <p>{t('errors.locked', { count: problem.minutes, advisor: advisorName })}</p>
          )}
          {(problem.code === 'required' || problem.code === 'failed') && (
            <p>{t(`errors.${problem.code}`)}</p>
          )}
        </div>
      )}
      <p className="lead">{t('intro', { advisor: advisorName, name: firstName })}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <p id="express-one-is-enough">{t('oneIsEnough')}</p>
        <DateField
          id="express-birth-date"
          legend={t('birthDate')}
          hint={t('birthDateHint')}
          value={birthDate}
          onChange={setBirthDate}
        />
        <TextField
          id="express-postal-code"
          label={t('postalCode')}
          hint={t('postalCodeHint')}
          value={postalCode}
          onChange={setPostalCode}
          autoComplete="postal-code"
          maxLength={7}
          width="short"
        />
        <div className="actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={checking || problem?.code === 'locked'}
          >
            {checking ? t('checking') : t('submit')}
          </button>
        </div>
      </form>
    </Page>
  );
}

/** Confirmed: a signed-out invitee signs in or registers first; a signed-in one accepts. */
function AfterConfirmation({ token, onUnconfirmed }: { token: string; onUnconfirmed(): void }) {
  const { t } = useTranslation('express');
  const userInfo = useUserInfo();
  if (userInfo.status === 'loading') {
    return (
      <Page title={t('title')} heading={t('signIn.heading')}>
        <p role="status">{t('accepting')}</p>
      </Page>
    );
  }
  if (userInfo.status === 'signedIn') return <Accept token={token} onUnconfirmed={onUnconfirmed} />;
  const leaveFor = (page: 'login' | 'register') => {
    // Back here after the server's page: the cookie for 2 minutes, the tab's token after that.
    saveReturnUrl('/action');
    markLeftToSignIn(true);
    window.location.assign(`/security/${page}?returnTo=${encodeURIComponent(authorizeUrl())}`);
  };
  return (
    <Page title={t('title')} heading={t('signIn.heading')}>
      <p className="lead">{t('signIn.intro')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => leaveFor('register')}
        >
          {t('signIn.register')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => leaveFor('login')}>
          {t('signIn.signIn')}
        </button>
      </div>
    </Page>
  );
}

/** Creates (or finds again) the application and opens its first unanswered step. */
function Accept({ token, onUnconfirmed }: { token: string; onUnconfirmed(): void }) {
  const { t } = useTranslation('express');
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const accept = async () => {
      try {
        const { applicationId } = await expressApi.accept(token);
        forgetExpressToken();
        let step: string | null = null;
        try {
          step = (await expressApi.nextStep(applicationId)).step;
        } catch {
          // The application's index sends it to where to resume just the same.
        }
        if (!cancelled) {
          navigate(`/application/${applicationId}${step ? `/${step}` : ''}`, { replace: true });
        }
      } catch (error) {
        if (cancelled) return;
        const refusal = expressRefusalOf(error);
        if (isLinkProblem(refusal.errorCode)) {
          forgetExpressToken();
          navigate(errorPathOf(refusal.errorCode), { replace: true });
        } else if (refusal.errorCode === 'expressNotConfirmed') {
          onUnconfirmed();
        } else {
          setFailed(true);
        }
      }
    };
    void accept();
    return () => {
      cancelled = true;
    };
  }, [token, navigate, attempt, onUnconfirmed]);
  return (
    <Page title={t('title')} heading={t('signIn.heading')}>
      {failed ? (
        <div role="alert" className="notice notice-warning">
          <p>{t('acceptFailed')}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((value) => value + 1);
            }}
          >
            {t('retry')}
          </button>
        </div>
      ) : (
        <p role="status">{t('accepting')}</p>
      )}
    </Page>
  );
}
