import { useTranslation } from '../lib/i18n.ts';
import type { Language } from '@portal/domain';
import { siteLinks } from '../lib/site-links.ts';
import { useUserInfo } from '../lib/user-info.tsx';
import styles from './footer.module.css';

function RegulatorBadge({ acronym }: { acronym: string }) {
  return (
    <svg viewBox="0 0 96 40" width="96" height="40" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="94" height="38" rx="6" fill="none" stroke="currentColor" />
      <text
        x="48"
        y="26"
        textAnchor="middle"
        fontFamily="inherit"
        fontSize="16"
        fontWeight="700"
        fill="currentColor"
      >
        {acronym}
      </text>
    </svg>
  );
}

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language as Language;
  const userInfo = useUserInfo();
  // Policy links are for signed-in clients; they wait until we know who is there.
  const showPolicies = userInfo.status === 'signedIn';
  const newWindow = ` ${t('footer.opensNewWindow')}`;

  return (
    <footer className={styles.footer}>
      <nav aria-label={t('footer.navigation')}>
        <ul className={styles.links}>
          {showPolicies && (
            <>
              <li>
                <a href={siteLinks.accessibility[language]}>{t('footer.accessibility')}</a>
              </li>
              <li>
                <a href={siteLinks.privacy[language]}>{t('footer.privacy')}</a>
              </li>
              <li>
                <a href={siteLinks.terms[language]}>{t('footer.terms')}</a>
              </li>
              <li>
                <a href={siteLinks.security[language]}>{t('footer.security')}</a>
              </li>
            </>
          )}
          <li>
            <a href={siteLinks.privacyFrame[language]} target="_blank" rel="noopener noreferrer">
              {t('footer.privacyFrame')}
              <span className="visually-hidden">{newWindow}</span>
            </a>
          </li>
        </ul>
      </nav>
      <div className={styles.regulators}>
        <a
          href={siteLinks.cipf[language]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t('footer.cipfAcronym')}: ${t('footer.cipfLink')}${newWindow}`}
          title={t('footer.cipfLogo')}
        >
          <RegulatorBadge acronym={t('footer.cipfAcronym')} />
        </a>
        <a
          href={siteLinks.ciro[language]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t('footer.ciroAcronym')}: ${t('footer.ciroLink')}${newWindow}`}
          title={t('footer.ciroLogo')}
        >
          <RegulatorBadge acronym={t('footer.ciroAcronym')} />
        </a>
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year })}</p>
    </footer>
  );
}
