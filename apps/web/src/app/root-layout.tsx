import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { Language } from '@portal/domain';
import { applySkin, readPartnerSkin } from '../lib/partner-skin.ts';
import { isSandboxEnvironment } from '../lib/portal-environment.ts';
import { useFollowAccountLanguage } from '../lib/account-language.ts';
import { useUserInfo } from '../lib/user-info.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import styles from './root-layout.module.css';
import { RateLimitNotice } from './rate-limit-notice.tsx';
import { SandboxBanner } from './sandbox-banner.tsx';

// The expiry warning needs the dialog library and the domain's timing rules: it loads once
// someone is signed in, after the landing page has shown.
const SessionExpiry = lazy(async () => ({
  default: (await import('./session-expiry.tsx')).SessionExpiry,
}));

/**
 * The control a keyboard user had reached on the page the server sent (ADR 0027), noted in the
 * client's first render: its commit replaces that page with the same markup, and the focus
 * goes to the same control in it rather than back to the top.
 */
const FOCUSABLE = 'a[href], button, [tabindex]';
const focusKey = (element: Element) =>
  [element.tagName, element.id, element.getAttribute('href'), element.textContent].join('|');
let tookOver = false;

function serverPageFocus(): string | undefined {
  if (tookOver || typeof document === 'undefined') return undefined;
  const active = document.activeElement;
  return active?.closest('#root') && active.matches(FOCUSABLE) ? focusKey(active) : undefined;
}

function useFocusFromServerPage() {
  const [key] = useState(serverPageFocus);
  useLayoutEffect(() => {
    if (tookOver) return;
    tookOver = true;
    if (!key || document.activeElement !== document.body) return;
    const same = [...document.querySelectorAll<HTMLElement>(`#root ${FOCUSABLE}`)].find(
      (element) => focusKey(element) === key,
    );
    same?.focus();
  }, [key]);
}

/** What a route may tell the shell through its `handle`. */
export interface ShellHandle {
  logoutDisabled?: boolean;
}

function useShellHandle(): ShellHandle {
  const matches = useMatches();
  return matches.reduce<ShellHandle>(
    (shell, match) => ({ ...shell, ...(match.handle as ShellHandle | undefined) }),
    {},
  );
}

/**
 * After an in-app navigation, focus moves to the new page's heading so keyboard and
 * screen-reader users start at the top of what changed, as on a full page load.
 */
function useFocusOnNavigation(mainRef: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = mainRef.current?.querySelector<HTMLElement>('h1') ?? mainRef.current;
    if (target) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    }
  }, [location.pathname, mainRef]);
}

/**
 * What stands in the main area until the client knows the screen: grey bars, hidden from
 * assistive technologies, which hear that the area is loading (`aria-busy` on the main area,
 * and the loading word). The page the server sends shows the same (ADR 0027), so nothing moves
 * when the client takes over.
 */
export function ShellSkeleton() {
  const { t } = useTranslation('common');
  return (
    <>
      <p className="visually-hidden">{t('loading')}</p>
      <div className="panel" aria-hidden="true">
        <div className="prerender-skeleton-heading" />
        <div className="prerender-skeleton-line" />
        <div className="prerender-skeleton-line" />
        <div className="prerender-skeleton-line prerender-skeleton-short" />
      </div>
    </>
  );
}

/**
 * The shell around the skeleton, while the first screen's code loads (the router's hydrate
 * fallback): the header and footer stay where the server's page put them.
 */
export function RootLayoutLoading() {
  return <RootLayout loading />;
}

export function RootLayout({ loading = false }: { loading?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language as Language;
  // The build renders this shell in Node (ADR 0027), where there are no cookies: our own skin.
  const partnerSkin = useMemo(
    () =>
      typeof document === 'undefined' ? { skin: 'laurentide' as const } : readPartnerSkin(language),
    [language],
  );
  const shell = useShellHandle();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  useFocusFromServerPage();
  useFollowAccountLanguage();
  // In Node the server has not said yet: the prerendered page carries the banner apart.
  const [sandbox] = useState(() => typeof document !== 'undefined' && isSandboxEnvironment());
  const signedIn = useUserInfo().status === 'signedIn';

  useEffect(() => applySkin(partnerSkin.skin), [partnerSkin.skin]);

  return (
    <div className={styles.page}>
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      {sandbox && <SandboxBanner />}
      <Header partnerSkin={partnerSkin} logoutDisabled={shell.logoutDisabled ?? false} />
      <main
        id="main-content"
        ref={mainRef}
        tabIndex={-1}
        className={styles.main}
        aria-busy={loading || undefined}
      >
        {!loading && <RateLimitNotice />}
        {loading ? (
          <ShellSkeleton />
        ) : (
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <Footer />
      {signedIn && (
        <Suspense fallback={null}>
          <SessionExpiry />
        </Suspense>
      )}
    </div>
  );
}
