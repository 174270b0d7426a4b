import { lazy, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useUserInfo } from '../../lib/user-info.tsx';

// Only the few people with a name to correct download its page.
const NameCorrectionPage = lazy(async () => ({
  default: (await import('./name-section-correction.tsx')).NameCorrectionPage,
}));

/** How long the page the person was going to may take to show its heading after correction. */
const FOCUS_WAIT_MS = 2000;
const FOCUS_POLL_MS = 50;

/**
 * The signed-in screens, unless the account's name is one the name rule refuses (issue 12
 * item 1): then its correction comes first, at the address the person asked for, so once the
 * name is saved they carry on to that very page (focus goes to its heading, as on navigation).
 */
export function NameCorrectionGate() {
  const state = useUserInfo();
  const needsCorrection = state.status === 'signedIn' && state.user.nameNeedsCorrection === true;
  const wasNeeded = useRef(needsCorrection);

  useEffect(() => {
    const justCorrected = wasNeeded.current && !needsCorrection;
    wasNeeded.current = needsCorrection;
    if (!justCorrected) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focusHeading = () => {
      const main = document.getElementById('main-content');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      } else if (Date.now() - started < FOCUS_WAIT_MS) {
        timer = setTimeout(focusHeading, FOCUS_POLL_MS);
      } else {
        main?.focus();
      }
    };
    focusHeading();
    return () => clearTimeout(timer);
  }, [needsCorrection]);

  return needsCorrection ? <NameCorrectionPage /> : <Outlet />;
}
