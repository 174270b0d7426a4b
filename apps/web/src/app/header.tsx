import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { Link, NavLink, useNavigate } from 'react-router';
import type { Language } from '@portal/domain';
import { useSwitchLanguage } from '../lib/account-language.ts';
import type { PartnerSkin } from '../lib/partner-skin.ts';
import { siteLinks } from '../lib/site-links.ts';
import { useUserInfo } from '../lib/user-info.tsx';
import { RichText } from '../ui/rich-text.tsx';
import { BrandLogo } from './brand-logo.tsx';
import styles from './header.module.css';

export interface HeaderProps {
  partnerSkin: PartnerSkin;
  /** A screen may take the logout button away (for example the trial question). */
  logoutDisabled: boolean;
}

/**
 * One header per page: a fixed id rather than `useId`, whose values differ between the
 * build's render and the client's, so the prerendered header is the client's (ADR 0027).
 */
const MENU_ID = 'site-menu';

export function Header({ partnerSkin, logoutDisabled }: HeaderProps) {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  // The phone menu is a disclosure: Escape closes it and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuToggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  const language = i18n.language as Language;
  const other: Language = language === 'fr' ? 'en' : 'fr';

  const isAdvisor = userInfo.status === 'signedIn' && userInfo.user.advisor;
  const logoNavigates = userInfo.status !== 'loading' && !isAdvisor;
  // While the session is confirmed (the tab holds a token, `users` has not answered), the
  // header already holds what a client's does, so it does not grow when the answer comes (a
  // layout shift of 0.2 to 0.5 on a signed-in first visit; issue 31). The prerender, in Node,
  // writes those items for the page's inline script to show when the tab holds a session.
  const prerendering = typeof document === 'undefined';
  const sessionPending = userInfo.status === 'loading' && !logoutDisabled;
  const sessionOnly = prerendering ? { 'data-session-only': '' } : {};
  const showLogout =
    prerendering ||
    sessionPending ||
    (userInfo.status === 'signedIn' && !isAdvisor && !logoutDisabled);
  // Advisors have no logout button here but keep their settings (their second factor).
  // Staff reach the operations console from every page (issue 16).
  const showOperations = userInfo.status === 'signedIn' && userInfo.user.adminLogin;
  const showSettings =
    prerendering ||
    sessionPending ||
    (userInfo.status === 'signedIn' && !userInfo.user.trialUser && !logoutDisabled);

  const switchTo = useSwitchLanguage();
  const switchLanguage = () => void switchTo(other);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {logoNavigates ? (
          // An in-app link to the root, so a screen's leave guard can ask before it goes.
          <Link to="/" className={styles.logo} aria-label={t('header.homeLink')}>
            <BrandLogo />
          </Link>
        ) : (
          <span className={styles.logo} role="img" aria-label={t('header.logoAlt')}>
            <BrandLogo />
          </span>
        )}
        <button
          ref={menuToggle}
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className={styles.menuIcon} data-open={menuOpen} />
          <span className="visually-hidden">
            {menuOpen ? t('header.menuClose') : t('header.menuOpen')}
          </span>
          {/* What a press does now: the visible word is part of the accessible name. */}
          <span aria-hidden="true">{menuOpen ? t('header.close') : t('header.menu')}</span>
        </button>
        <nav
          id={MENU_ID}
          className={styles.nav}
          data-open={menuOpen}
          aria-label={t('header.navigation')}
        >
          <ul className={styles.links}>
            <li>
              <a href={siteLinks.faq[language]}>{t('header.faq')}</a>
            </li>
            <li>
              <a href={siteLinks.contactUs[language]}>{t('header.contactUs')}</a>
            </li>
            <li>
              <button
                type="button"
                className={styles.linkButton}
                lang={other === 'fr' ? 'fr-CA' : 'en-CA'}
                aria-label={t('header.switchLanguageLabel')}
                onClick={switchLanguage}
              >
                {t('header.switchLanguage')}
              </button>
            </li>
            {showOperations && (
              <li>
                <NavLink to="/operations">{t('header.operations')}</NavLink>
              </li>
            )}
            {showSettings && (
              <li {...sessionOnly}>
                <NavLink to="/home/settings">{t('header.settings')}</NavLink>
              </li>
            )}
            {showLogout && (
              <li {...sessionOnly}>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => navigate('/logout')}
                >
                  {t('header.logout')}
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
      {userInfo.status === 'signedIn' && (
        <p className={styles.greeting}>
          {t('header.greeting', {
            name: `${userInfo.user.firstName} ${userInfo.user.lastName}`.trim(),
          })}
        </p>
      )}
      {partnerSkin.partner && (
        <p className={styles.partnership} data-testid="partnership-line">
          <RichText
            text={t('header.partnership', { partner: partnerSkin.partner.name })}
            components={{
              partner: partnerSkin.partner.url ? (
                <a href={partnerSkin.partner.url} rel="noopener noreferrer" />
              ) : (
                <strong />
              ),
            }}
          />
        </p>
      )}
    </header>
  );
}
