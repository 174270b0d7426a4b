import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.ts';
import { sessionWarningLeadMs } from '@portal/domain/rules/session-timing';
import { http, sessionExpired } from '../lib/http/http.ts';
import {
  readSessionDeadline,
  recordExtension,
  subscribeToSessionDeadline,
} from '../lib/session-clock.ts';
import { endSession } from '../lib/session-end.ts';
import styles from '../ui/confirm-dialog.module.css';
import { InitialFocusButton } from '../ui/initial-focus-button.tsx';

/** setTimeout takes at most a signed 32-bit delay; longer waits are checked again. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

const leaveToSiteRoot = () => window.location.assign('/');

export interface SessionExpiryProps {
  /** The clock (tests use fake timers). */
  now?: () => number;
  /** The session ran out: keep the typed work and go to sign in (lib/http/http.ts). */
  expire?: () => void;
  /** After "Sign out": where the page goes once the server has ended the session. */
  leave?: () => void;
}

/**
 * WCAG 2.2.1 (timing adjustable): before the session's idle limit, an alert dialog says how
 * long is left and offers "Stay signed in" (which extends the session) and "Sign out". When
 * the absolute cap comes first, it says when the session will end, that it cannot be
 * extended, and only lets the person close it. If the time runs out anyway, the step being
 * filled keeps what was typed (session-end handlers) and the sign-in page brings the person
 * back to it.
 *
 * The time left is read out politely, and only when its words change: once a minute, then
 * every ten seconds in the last minute, so a screen reader is not flooded.
 */
export function SessionExpiry({
  now = Date.now,
  expire = sessionExpired,
  leave = leaveToSiteRoot,
}: SessionExpiryProps) {
  const { t, i18n } = useTranslation('signedIn');
  const deadline = useSyncExternalStore(subscribeToSessionDeadline, readSessionDeadline);
  const [clock, setClock] = useState(now);
  /** The end whose (unextendable) warning the person closed. */
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const [staying, setStaying] = useState(false);
  const [stayFailed, setStayFailed] = useState(false);
  const describedBy = useId();

  // The session's times when the page opens; each refreshsession brings newer ones.
  useEffect(() => {
    http.readSessionTimes().catch((error: unknown) => console.warn('no session times', error));
  }, []);

  const endAt = deadline ? Math.min(deadline.idleExpiresAt, deadline.absoluteExpiresAt) : null;
  const warnAt = deadline && endAt !== null ? endAt - sessionWarningLeadMs(deadline.idleMs) : null;

  useEffect(() => {
    if (endAt === null || warnAt === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const at = now();
      setClock(at);
      if (at >= endAt) {
        expire();
        return;
      }
      // Each second while warning (the words change at most every ten), else at the warning.
      const wait = at >= warnAt ? Math.min(SECOND, endAt - at) : warnAt - at;
      timer = setTimeout(check, Math.min(wait, MAX_TIMER_MS));
    };
    check();
    // A tab in the background runs its timers late: look again when it comes back.
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [endAt, warnAt, now, expire]);

  if (!deadline || endAt === null || warnAt === null) return null;
  const capped = deadline.absoluteExpiresAt <= deadline.idleExpiresAt;
  const open = clock >= warnAt && clock < endAt && !(capped && closedFor === endAt);
  if (!open) return null;

  const locale = i18n.language === 'fr' ? 'fr-CA' : 'en-CA';
  const left = timeLeft(endAt - clock);
  const leftText = t(`session.${left.unit}`, { count: left.count });

  async function stay() {
    if (staying) return;
    setStaying(true);
    setStayFailed(false);
    try {
      const times = await http.extendSession();
      if (times === null) {
        expire();
        return;
      }
      // New times close the dialog (the deadline moves); an older server answers none.
      if (times === undefined) recordExtension(now());
    } catch {
      setStayFailed(true);
    } finally {
      setStaying(false);
    }
  }

  function signOut() {
    // Signing out here keeps the typed work too: the person chose under time pressure.
    endSession();
    void http.logout().finally(leave);
  }

  const close = () => (capped ? setClosedFor(endAt) : void stay());

  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen
      isDismissable={false}
      onOpenChange={(isOpen) => !isOpen && close()}
    >
      <Modal className={styles.modal}>
        <Dialog role="alertdialog" className={styles.dialog} aria-describedby={describedBy}>
          <Heading slot="title" className={styles.title}>
            {t(capped ? 'session.cappedTitle' : 'session.idleTitle')}
          </Heading>
          <div id={describedBy}>
            <p>
              {capped
                ? t('session.cappedText', {
                    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(endAt),
                  })
                : t('session.idleText')}
            </p>
            <p aria-live="polite" aria-atomic="true">
              <strong>
                {t(capped ? 'session.cappedTimeLeft' : 'session.timeLeft', { time: leftText })}
              </strong>
            </p>
          </div>
          <p>{t('session.keptWork')}</p>
          {stayFailed && (
            <p className="error-message" role="alert">
              {t('session.stayFailed')}
            </p>
          )}
          <div className={styles.actions}>
            {capped ? (
              <InitialFocusButton className="button button-primary" onPress={close}>
                {t('session.continue')}
              </InitialFocusButton>
            ) : (
              <InitialFocusButton
                className="button button-primary"
                onPress={() => void stay()}
                aria-disabled={staying || undefined}
              >
                {staying ? t('session.staying') : t('session.stay')}
              </InitialFocusButton>
            )}
            <Button className="button button-secondary" onPress={signOut}>
              {t('session.signOut')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The time left in the words a person needs: whole minutes (rounded up) while more than one
 * is left, then tens of seconds (rounded up), so the words change once a minute, then every
 * ten seconds.
 */
export function timeLeft(ms: number): { unit: 'minutes' | 'seconds'; count: number } {
  if (ms > MINUTE) return { unit: 'minutes', count: Math.ceil(ms / MINUTE) };
  return { unit: 'seconds', count: Math.max(10, Math.ceil(ms / (10 * SECOND)) * 10) };
}
