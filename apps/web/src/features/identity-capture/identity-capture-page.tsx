import { identityDocumentTypes, type IdentityDocumentType } from '@portal/domain/enums/documents';
import { MOBILE_ID_WAITING_SCREEN_AFTER_MS } from '@portal/domain/constants';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useParams } from 'react-router';
import { RadioChoices } from '../../ui/choices.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import {
  captureApi as defaultApi,
  CaptureApiError,
  sidesFor,
  type CaptureApi,
  type CaptureSide,
  type CaptureState,
} from './capture-api.ts';
import styles from './identity-capture.module.css';
import { SideCapture } from './side-capture.tsx';
import { pollDelayMs, viewOf, type View } from './capture-view.ts';

const TWO_MINUTES_MS = 2 * 60_000;

/** The h1 of each screen; focus moves to it when the screen changes. */
function ScreenHeading({ screen, children }: { screen: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [screen]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The phone pages of photo ID with a selfie (issue 13, spec section 2 mobile verification): open
 * without signing in, the credential in the URL is the only key. One route, one small state
 * machine (capture-view.ts) driven by what the server says plus what the person did here.
 */
export function IdentityCapturePage({ api = defaultApi }: { api?: CaptureApi }) {
  const { credential = '' } = useParams();
  const { t, i18n } = useTranslation('identityCapture');
  usePageTitle(t('title'));

  const [state, setState] = useState<CaptureState>();
  const [loadError, setLoadError] = useState<'expired' | 'tooMany' | 'generic'>();
  const [started, setStarted] = useState(false);
  const [submittedAt, setSubmittedAt] = useState<number>();
  const [notifyBySms, setNotifyBySms] = useState(false);
  const [previews, setPreviews] = useState<Partial<Record<CaptureSide, string>>>({});
  const languageApplied = useRef(false);
  const loadedRef = useRef(false);
  const now = useNow();

  const load = useCallback(
    () =>
      api.read(credential).then(
        (next) => {
          loadedRef.current = true;
          setLoadError(undefined);
          setState(next);
          // Opened again while the check runs: the waiting starts now.
          if (next.stage === 'submitted' || next.outcome === 'pending') {
            setSubmittedAt((current) => current ?? Date.now());
          }
          // The person's language once, from their profile; the toggle still wins afterwards.
          if (!languageApplied.current) {
            languageApplied.current = true;
            if (i18n.language !== next.language) void i18n.changeLanguage(next.language);
          }
        },
        (error: unknown) => {
          if (error instanceof CaptureApiError && error.status === 404) setLoadError('expired');
          else if (error instanceof CaptureApiError && error.status === 429)
            setLoadError('tooMany');
          else if (!loadedRef.current) setLoadError('generic');
          // Once loaded, a lost answer is tried again by the next poll.
        },
      ),
    [api, credential, i18n],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // Object URLs are released when replaced and when the page goes.
  const objectUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const setPreview = (side: CaptureSide, file: File | undefined) => {
    const url = file && URL.createObjectURL(file);
    if (url) objectUrls.current.add(url);
    setPreviews((current) => {
      const next = { ...current };
      if (current[side]) URL.revokeObjectURL(current[side]);
      if (url) next[side] = url;
      else delete next[side];
      return next;
    });
  };

  const view: View = viewOf({ state, loadError, started, submittedAt, now });
  const waitedMs = submittedAt === undefined ? 0 : now - submittedAt;

  // While the vendor decides: every 2 s, then every 5 s after a minute.
  const polling = view.kind === 'waiting';
  const [pollRound, setPollRound] = useState(0);
  useEffect(() => {
    if (!polling) return;
    const waited = submittedAt === undefined ? 0 : Date.now() - submittedAt;
    const timer = setTimeout(() => {
      void load().finally(() => setPollRound((round) => round + 1));
    }, pollDelayMs(waited));
    return () => clearTimeout(timer);
  }, [polling, pollRound, load, submittedAt]);

  // A two-minute warning: the live region's text appears once and stays.
  const remainingMs = state ? Date.parse(state.expiresAt) - now : Infinity;
  const lastMinutes = remainingMs <= TWO_MINUTES_MS && remainingMs > 0;

  const [actionError, setActionError] = useState<string>();
  async function act(work: () => Promise<CaptureState | void>) {
    setActionError(undefined);
    try {
      const next = await work();
      if (next) setState(next);
    } catch (error) {
      if (error instanceof CaptureApiError && error.errorCode === 'handoffExpired') {
        setLoadError('expired');
      } else if (error instanceof CaptureApiError && error.errorCode === 'network') {
        setActionError(t('errors.network'));
      } else if (error instanceof CaptureApiError && error.status === 429) {
        setActionError(t('errors.tooMany'));
      } else {
        setActionError(t('errors.generic'));
        await load();
      }
    }
  }

  const documentName = state?.documentType ? t(`documentName.${state.documentType}`) : '';
  const sideLabel = (side: CaptureSide) =>
    side === 'selfie'
      ? t('side.selfie')
      : state?.documentType === 'passport'
        ? t('side.passportPage')
        : t(side === 'front' ? 'side.front' : 'side.back', { document: documentName });

  const showClock =
    state && ['welcome', 'document', 'capture', 'review'].includes(view.kind) && remainingMs > 0;
  const minutes = Math.floor(Math.max(0, remainingMs) / 60_000);
  const seconds = Math.floor((Math.max(0, remainingMs) % 60_000) / 1000);
  const screenKey = view.kind === 'capture' ? `capture-${view.side}` : view.kind;

  return (
    <div className="panel">
      {/* Spoken once at two minutes left; a ticking clock would talk over everything. */}
      <p className="visually-hidden" aria-live="polite">
        {lastMinutes ? t('twoMinutesLeft') : ''}
      </p>
      {renderView()}
      {showClock && (
        <p className={`hint ${styles.timeLeft}`}>{t('timeLeft', { minutes, seconds })}</p>
      )}
    </div>
  );

  function renderView(): ReactNode {
    switch (view.kind) {
      case 'loading':
        return (
          <p role="status" aria-live="polite">
            {t('loading')}
          </p>
        );
      case 'expired':
        return (
          <>
            <ScreenHeading screen={screenKey}>{t('expired.heading')}</ScreenHeading>
            <p>{t('expired.body')}</p>
          </>
        );
      case 'loadError':
        return (
          <>
            <ScreenHeading screen={screenKey}>{t('title')}</ScreenHeading>
            <p role="alert">{t(`errors.${view.error}`)}</p>
            <div className="actions">
              <button type="button" className="button button-primary" onClick={() => void load()}>
                {t('capture.retry')}
              </button>
            </div>
          </>
        );
      case 'welcome':
        return (
          <>
            <ScreenHeading screen={screenKey}>{t('welcome.heading')}</ScreenHeading>
            <p className="lead">{t('welcome.greeting', { firstName: state?.firstName ?? '' })}</p>
            <div className="actions">
              <button
                type="button"
                className="button button-primary"
                onClick={() => setStarted(true)}
              >
                {t('welcome.start')}
              </button>
            </div>
          </>
        );
      case 'document':
        return (
          <DocumentChoiceForm
            initial={state?.documentType}
            error={actionError}
            onChoose={(documentType) =>
              act(async () => {
                const next = await api.chooseDocument(credential, documentType);
                if (documentType !== state?.documentType) setPreviews({});
                return next;
              })
            }
          />
        );
      case 'capture': {
        const sides = state ? sidesFor(state) : [];
        const headingKey =
          view.side === 'selfie'
            ? 'capture.headingSelfie'
            : state?.documentType === 'passport'
              ? 'capture.headingPassport'
              : view.side === 'front'
                ? 'capture.headingFront'
                : 'capture.headingBack';
        return (
          <>
            <p className="hint">
              {t('capture.step', {
                current: sides.indexOf(view.side) + 1,
                total: sides.length,
              })}
            </p>
            <ScreenHeading screen={screenKey}>{t(headingKey)}</ScreenHeading>
            <SideCapture
              key={view.side}
              side={view.side}
              guidance={t(
                view.side === 'selfie' ? 'capture.guidanceSelfie' : 'capture.guidanceDocument',
              )}
              upload={async (file) => {
                const next = await api.upload(credential, view.side, file);
                setPreview(view.side, file);
                setState(next);
              }}
            />
          </>
        );
      }
      case 'review':
        return (
          <>
            <ScreenHeading screen={screenKey}>{t('review.heading')}</ScreenHeading>
            <p>{t('review.intro')}</p>
            <ul className={styles.thumbnails}>
              {(state ? sidesFor(state) : []).map((side) => (
                <li key={side}>
                  {previews[side] ? (
                    <img src={previews[side]} alt={sideLabel(side)} />
                  ) : (
                    <span className={styles.noThumbnail}>{t('review.captured')}</span>
                  )}
                  <div>
                    <p>{sideLabel(side)}</p>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('review.retakeLabel', { what: sideLabel(side) })}
                      onClick={() =>
                        void act(async () => {
                          const next = await api.remove(credential, side);
                          setPreview(side, undefined);
                          return next;
                        })
                      }
                    >
                      {t('review.retake')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <div className={styles.checkbox}>
              <input
                id="identity-capture-notify"
                type="checkbox"
                checked={notifyBySms}
                onChange={(event) => setNotifyBySms(event.target.checked)}
              />
              <label htmlFor="identity-capture-notify">{t('review.notify')}</label>
            </div>
            {actionError && (
              <p className="error-message" role="alert">
                {actionError}
              </p>
            )}
            <div className="actions">
              <button
                type="button"
                className="button button-primary"
                onClick={() =>
                  void act(async () => {
                    await api.submit(credential, notifyBySms);
                    setSubmittedAt(Date.now());
                    return state && { ...state, stage: 'submitted', outcome: 'pending' };
                  })
                }
              >
                {t('review.submit')}
              </button>
            </div>
          </>
        );
      case 'waiting': {
        const long = waitedMs >= MOBILE_ID_WAITING_SCREEN_AFTER_MS;
        return (
          <>
            <ScreenHeading screen={long ? 'longWait' : 'waiting'}>
              {t(long ? 'longWait.heading' : 'waiting.heading')}
            </ScreenHeading>
            <p>{t(long ? 'longWait.body' : 'waiting.body')}</p>
            {long && notifyBySms && <p>{t('longWait.notified')}</p>}
            <div role="status" aria-live="polite">
              <progress className={styles.progress} aria-label={t('waiting.progress')} />
            </div>
          </>
        );
      }
      case 'needsReview':
        return (
          <>
            <ScreenHeading screen={screenKey}>{t('needsReview.heading')}</ScreenHeading>
            <p>{t('needsReview.body')}</p>
          </>
        );
      case 'success':
        return (
          <>
            <ScreenHeading screen={screenKey}>{t('success.heading')}</ScreenHeading>
            <p className="notice-success" role="status">
              {t('success.body')}
            </p>
          </>
        );
      case 'failure':
        return (
          <>
            <ScreenHeading screen={screenKey}>{t('failure.heading')}</ScreenHeading>
            <p className="notice-warning">{t(`failure.${view.reason}`)}</p>
            <p>{t('failure.linkUsed')}</p>
            <p>{t('failure.otherWay')}</p>
          </>
        );
    }
  }
}

function DocumentChoiceForm({
  initial,
  error,
  onChoose,
}: {
  initial: IdentityDocumentType | undefined;
  error: string | undefined;
  onChoose(documentType: IdentityDocumentType): Promise<void>;
}) {
  const { t } = useTranslation('identityCapture');
  const [choice, setChoice] = useState<IdentityDocumentType | undefined>(initial);
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice) {
          setMissing(true);
          document.getElementById('identity-capture-document')?.focus();
          return;
        }
        void onChoose(choice);
      }}
    >
      <ScreenHeading screen="document">{t('document.heading')}</ScreenHeading>
      <RadioChoices<IdentityDocumentType>
        id="identity-capture-document"
        legend={t('document.legend')}
        hint={t('document.hint')}
        {...(missing && !choice && { error: t('document.required') })}
        choices={Object.values(identityDocumentTypes).map((value) => ({
          value,
          label: t(`document.${value}`),
          ...(value === 'passport' && { hint: t('document.passportHint') }),
        }))}
        value={choice}
        onChange={setChoice}
      />
      {error && (
        <p className="error-message" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary">
          {t('document.continue')}
        </button>
      </div>
    </form>
  );
}

export default IdentityCapturePage;
