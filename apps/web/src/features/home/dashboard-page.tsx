import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/domain';
import { siteLinks } from '../../lib/site-links.ts';
import { useUserInfo } from '../../lib/user-info.tsx';
import { Page } from '../../ui/page.tsx';

/** The landing page after sign-in (spec section 2, /home/dashboard). */
export function DashboardPage() {
  const { t, i18n } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const userInfo = useUserInfo();
  const language = i18n.language as Language;
  return (
    <Page title={t('dashboard.title')} heading={t('dashboard.heading')}>
      {userInfo.status === 'signedIn' && (
        <p className="lead">{t('dashboard.welcome', { name: userInfo.user.firstName })}</p>
      )}
      <p>{t('dashboard.intro')}</p>
      <p>{t('dashboard.help')}</p>
      <ul>
        <li>
          <a href={siteLinks.faq[language]}>{tc('header.faq')}</a>
        </li>
        <li>
          <a href={siteLinks.contactUs[language]}>{tc('header.contactUs')}</a>
        </li>
      </ul>
    </Page>
  );
}
