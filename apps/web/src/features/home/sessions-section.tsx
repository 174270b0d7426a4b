import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { useResource } from '../../lib/use-resource.ts';
import { accountApi, attempt, type SessionSummary } from './account-api.ts';
import { FormMessages, LoadState, SettingsSection } from './settings-section.tsx';
import styles from './settings.module.css';
import { useSectionForm } from './use-section-form.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

/**
 * Section 6: the devices signed in to this account (this one marked), each other one with its
 * own "Sign out", and "Sign out everywhere", which ends every session, this one too, and so
 * goes to the logout page.
 */
export function SessionsSection({ version }: { version: number }) {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const load = useCallback(
    (signal: AbortSignal) => {
      void version; // a new password signs the others out: load again
      return accountApi.sessions(signal);
    },
    [version],
  );
  const { resource, retry, set } = useResource(load);
  const form = useSectionForm('sessions');
  const [ending, setEnding] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-CA', {
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(new Date(iso));

  async function signOut(session: SessionSummary) {
    if (ending) return;
    form.begin();
    setEnding(session.id);
    const outcome = await attempt(() => accountApi.endSession(session.id));
    setEnding(null);
    // 404: that session had already ended; either way it is gone from the list.
    if (outcome.kind === 'done' || (outcome.kind === 'refused' && outcome.refusal.status === 404)) {
      if (resource.state === 'ready') set(resource.data.filter((s) => s.id !== session.id));
      form.setSuccess(t('sessions.signedOut', { device: session.device }));
    } else {
      form.setNotice(t('sessions.signOutFailed', { device: session.device }));
    }
  }

  async function signOutEverywhere() {
    setConfirmAll(false);
    form.begin();
    const outcome = await attempt(() => accountApi.endAllSessions());
    if (outcome.kind === 'done') navigate('/logout');
    else form.setNotice(t('sessions.everywhereFailed'));
  }

  const sessions =
    resource.state === 'ready'
      ? [...resource.data].sort((a, b) => Number(b.current) - Number(a.current))
      : [];

  return (
    <SettingsSection id="settings-sessions" title={t('sessions.heading')}>
      <p>{t('sessions.intro')}</p>
      <FormMessages form={form} />
      <div aria-busy={resource.state === 'loading'}>
        <LoadState
          state={resource.state}
          loading={t('sessions.loading')}
          failed={t('sessions.loadFailed')}
          onRetry={retry}
        />
        {resource.state === 'ready' && sessions.length === 0 && (
          <div className="empty-state">
            <p>{t('sessions.empty')}</p>
          </div>
        )}
        {sessions.length > 0 && (
          <ul className={styles.devices}>
            {sessions.map((session) => {
              const headingId = `session-${session.id}`;
              return (
                <li key={session.id} className={styles.device} aria-labelledby={headingId}>
                  <h3 id={headingId} className={styles.deviceName}>
                    {session.device}
                  </h3>
                  {session.current && <p className="status-tag">{t('sessions.thisDevice')}</p>}
                  <dl className="application-facts">
                    <div>
                      <dt>{t('sessions.signedIn')}</dt>
                      <dd>{when(session.createdAt)}</dd>
                    </div>
                    <div>
                      <dt>{t('sessions.lastActive')}</dt>
                      <dd>{when(session.lastSeenAt)}</dd>
                    </div>
                  </dl>
                  {!session.current && (
                    <div className="actions">
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => void signOut(session)}
                        aria-disabled={ending === session.id}
                      >
                        {ending === session.id ? t('sessions.signingOut') : t('sessions.signOut')}{' '}
                        <span className="visually-hidden">{session.device}</span>
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <h3>{t('sessions.everywhereHeading')}</h3>
      <p>{t('sessions.everywhereHelp')}</p>
      <button type="button" className="button button-secondary" onClick={() => setConfirmAll(true)}>
        {t('sessions.everywhere')}
      </button>
      {confirmAll && (
        <ConfirmDialog
          isOpen
          title={t('sessions.confirmTitle')}
          message={t('sessions.confirmMessage')}
          confirmLabel={t('sessions.confirmYes')}
          cancelLabel={t('sessions.confirmNo')}
          onConfirm={() => void signOutEverywhere()}
          onCancel={() => setConfirmAll(false)}
        />
      )}
    </SettingsSection>
  );
}
