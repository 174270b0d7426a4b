import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useBlocker, type Location } from 'react-router';
import { sessionEnding } from '../lib/session-end.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Lets a screen refuse navigation while it says it cannot be left (spec section 2, leave
 * guard): moving inside the app asks for confirmation; closing or reloading the tab gets the
 * browser's own warning.
 */
export function LeaveGuard({
  when,
  shouldBlock,
  onLeave,
}: {
  when: boolean;
  /**
   * Asked at the moment of navigation, for screens whose answer changes faster than they
   * re-render (a save that clears the unsaved answers and moves on at once).
   */
  shouldBlock?: (next: Location) => boolean;
  /** The person chose to leave without saving: what was unsaved may be let go. */
  onLeave?: () => void;
}) {
  const { t } = useTranslation('signedIn');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      (shouldBlock?.(nextLocation) ?? true),
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      // The session ended: what was typed is kept for after sign-in, so the page may go.
      if (sessionEnding()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      title={t('leaveGuard.title')}
      message={t('leaveGuard.message')}
      confirmLabel={t('leaveGuard.leave')}
      cancelLabel={t('leaveGuard.stay')}
      onConfirm={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    />
  );
}
