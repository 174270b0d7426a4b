import { useTranslation } from 'react-i18next';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { siteLinks } from '../../../lib/site-links.ts';

/** The support team's hours (spec section 8) and the way to reach them. */
export function SupportNotice() {
  const { t, i18n } = useTranslation('identity');
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <section className="notice-info" aria-labelledby="identity-support-heading">
      <h3 id="identity-support-heading">{t('support.heading')}</h3>
      <p>{t('support.hours')}</p>
      <p>
        <a href={pick(siteLinks.contactUs, language)} target="_blank" rel="noreferrer">
          {t('support.contact')}
        </a>
      </p>
    </section>
  );
}
