import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { rememberTrialStay, trialLogoutPath } from '../../lib/trial-stay.ts';
import { Page } from '../../ui/page.tsx';

/**
 * A trial user is asked whether to leave the trial (spec sections 2 and 6): Yes logs out to the
 * open-account page, No goes to the client home.
 */
export function TrialErrorPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <Page title={t('trial.title')} heading={t('trial.heading')}>
      <p className="lead">{t('trial.question')}</p>
      <p>{t('trial.explanation')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => navigate(trialLogoutPath)}
        >
          {t('trial.yes')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            rememberTrialStay();
            navigate('/home/dashboard');
          }}
        >
          {t('trial.no')}
        </button>
      </div>
    </Page>
  );
}
