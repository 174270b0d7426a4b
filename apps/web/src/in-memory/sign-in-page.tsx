import { useTranslation } from '../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { storeAccessToken } from '../lib/session-token.ts';
import { takeReturnUrl } from '../lib/sign-in.ts';
import { Page } from '../ui/page.tsx';
import { inMemoryApi, signInAsSample } from './runtime.ts';

/**
 * The stand-in of the server's sign-in page (`/security/login`): with no server there is no
 * password to check, so the choices are to sign in as the sample applicant, or to start over
 * with fresh sample data. Either way the token is handed over as after the server's sign-in and
 * the person goes back to the page they wanted (the saved return address).
 */
export function InMemorySignInPage() {
  const { t } = useTranslation('inMemory');
  const navigate = useNavigate();
  const { user } = inMemoryApi().state;

  const signIn = (fresh: boolean) => {
    const token = signInAsSample({ fresh });
    if (token) storeAccessToken(token);
    void navigate(takeReturnUrl(), { replace: true });
  };

  return (
    <Page title={t('signIn.title')} heading={t('signIn.heading')}>
      <p className="notice-warning" role="note">
        {t('notice')}
      </p>
      <p>{t('signIn.intro')}</p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={() => signIn(false)}>
          {t('signIn.asSample', { name: `${user.firstName} ${user.lastName}` })}
        </button>
      </div>
      <p className="hint">{t('signIn.sampleHint', { email: user.email })}</p>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => signIn(true)}>
          {t('signIn.startOver')}
        </button>
      </div>
      <p className="hint">{t('signIn.startOverHint')}</p>
    </Page>
  );
}
