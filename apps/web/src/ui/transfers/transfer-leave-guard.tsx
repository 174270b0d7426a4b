import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useBlocker } from 'react-router';
import { transfersApi } from '../../lib/transfers-api.ts';
import { sessionEnding } from '../../lib/session-end.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';

/**
 * The page is going to the e-sign ceremony on purpose: the browser's "leave this page?" warning
 * would stand between the person and their signature. Back from the ceremony through the
 * back-forward cache, the page is the guard's again.
 */
let goingToSign = false;
export function leavingToSign(): void {
  goingToSign = true;
}
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', () => {
    goingToSign = false;
  });
}

/**
 * Leaving the funding step with a transfer not signed (spec section 4: "leaving the funding
 * page during a transfer cancels an unsubmitted transfer after a confirmation"): moving inside
 * the app asks first, and on "leave" each transfer still unsigned is cancelled, then the move
 * goes on; closing or reloading the tab gets the browser's own warning. One signed meanwhile
 * (in another tab, or by the vendor's webhook) is kept.
 */
export function TransferLeaveGuard(props: {
  unsignedIds: readonly string[];
  onCancelled(ids: string[]): void;
}) {
  // Mounted only while a transfer is unsigned: a router consults its latest blocker only, and
  // the application's own leave guard (unsaved answers) is mounted before this one.
  return props.unsignedIds.length > 0 ? <ActiveTransferLeaveGuard {...props} /> : null;
}

function ActiveTransferLeaveGuard({
  unsignedIds,
  onCancelled,
}: {
  unsignedIds: readonly string[];
  onCancelled(ids: string[]): void;
}) {
  const { t } = useTranslation('transfers');
  const when = unsignedIds.length > 0;
  const [cancelling, setCancelling] = useState(false);
  const [failed, setFailed] = useState(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (goingToSign || sessionEnding()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  async function cancelAndLeave() {
    if (cancelling) return;
    setCancelling(true);
    setFailed(false);
    try {
      const cancelled: string[] = [];
      for (const id of unsignedIds) {
        const { esignStatus } = await transfersApi.esignStatus(id, 'check');
        if (esignStatus === 'SIGNED') continue;
        await transfersApi.cancel(id);
        cancelled.push(id);
      }
      onCancelled(cancelled);
      blocker.proceed?.();
    } catch {
      setFailed(true);
      blocker.reset?.();
    } finally {
      setCancelling(false);
    }
  }

  return (
    <>
      {failed && (
        <div className="notice-warning" role="alert">
          <p>{t('leave.failed')}</p>
        </div>
      )}
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        title={t('leave.title')}
        message={t('leave.message')}
        confirmLabel={t('leave.leave')}
        cancelLabel={t('leave.stay')}
        onConfirm={() => void cancelAndLeave()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  );
}
