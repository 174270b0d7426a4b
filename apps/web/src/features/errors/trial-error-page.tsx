import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Language } from '@portal/domain';
import { siteLinks } from '../../lib/site-links.ts';
import { Page } from '../../ui/page.tsx';

/** A trial user is asked whether to leave the trial (spec sections 2 and 6). */
export function TrialErrorPage() {
  const { t, i18n } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <Page title={t('trial.title')} heading={t('trial.heading')}>
      <p className="lead">{t('trial.question')}</p>
      <p>{t('trial.explanation')}</p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={() => navigate('/logout')}>
          {t('trial.yes')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => window.location.assign(siteLinks.clientIndex[i18n.language as Language])}
        >
          {t('trial.no')}
        </button>
      </div>
    </Page>
  );
}
