import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { ESIGN_POLL_INTERVAL_MS } from '@portal/domain/rules/esign';
import type { TransferReturnTarget } from '@portal/domain/transfers/transfer-return';
import { transfersApi } from '../../lib/transfers-api.ts';
import { leavingToSign } from './transfer-leave-guard.tsx';

/** The ceremony is ours (`/sandbox/...`) or the vendor's (https): never a script URL. */
function signingAddress(esignUrl: string): string | null {
  try {
    const url = new URL(esignUrl, window.location.origin);
    return url.protocol === 'https:' || url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

type Problem = 'openFailed' | 'notSigned' | 'checkFailed' | null;

/**
 * The sign step of a transfer (spec section 2, "with an e-sign step"): the authorization opens
 * in the e-sign vendor's ceremony in this tab, as the application's own signature does, and the
 * ceremony brings the person back where they signed from (the funding page, or the
 * application's funding step). While it shows, the status the server
 * knows is asked every `pollIntervalMs` (the vendor's webhook records a signature), and
 * "I have signed" asks the vendor at once. A signature found moves on.
 */
export function TransferSigning({
  transferId,
  esignUrl,
  onSigned,
  pollIntervalMs = ESIGN_POLL_INTERVAL_MS,
  headingLevel = 3,
  focusOnShow = false,
  returnTo = 'funding',
}: {
  transferId: string;
  /** Where the ceremony brings the person back: the funding page unless told. */
  returnTo?: TransferReturnTarget;
  /** Just asked for: the sign step takes the focus, as the next thing to do. */
  focusOnShow?: boolean;
  /** The ceremony's address when the request was just made; asked for otherwise. */
  esignUrl?: string | null;
  onSigned(): void;
  pollIntervalMs?: number;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation('transfers');
  const [opening, setOpening] = useState(false);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  const signedRef = useRef(onSigned);
  useEffect(() => {
    signedRef.current = onSigned;
  });

  // Poll what the server knows until it says signed; leaving the screen stops it.
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(async () => {
        try {
          const answer = await transfersApi.esignStatus(transferId, 'check', controller.signal);
          if (controller.signal.aborted) return;
          if (answer.esignStatus === 'SIGNED') signedRef.current();
          else schedule();
        } catch {
          // A failed check is tried again at the next round; "I have signed" says so if it fails.
          if (!controller.signal.aborted) schedule();
        }
      }, pollIntervalMs);
    };
    schedule();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [transferId, pollIntervalMs]);

  async function open() {
    if (opening) return;
    setOpening(true);
    setProblem(null);
    try {
      const url = esignUrl ?? (await transfersApi.signingUrl(transferId, returnTo)).esignUrl;
      const address = url ? signingAddress(url) : null;
      if (!address) throw new Error('unexpected signing address');
      // Same tab: the ceremony sends the person back where they signed from.
      leavingToSign();
      window.location.assign(address);
    } catch {
      setOpening(false);
      setProblem('openFailed');
    }
  }

  async function force() {
    if (checking) return;
    setChecking(true);
    setProblem(null);
    try {
      const answer = await transfersApi.esignStatus(transferId, 'force');
      if (answer.esignStatus === 'SIGNED') onSigned();
      else setProblem('notSigned');
    } catch {
      setProblem('checkFailed');
    } finally {
      setChecking(false);
    }
  }

  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const headingId = `transfer-sign-${transferId}`;
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} ref={headingRef} tabIndex={-1}>
        {t('sign.heading')}
      </Heading>
      <p>{t('sign.intro')}</p>
      <div role="status" aria-live="polite">
        {opening && <p className="loading-inline">{t('sign.opening')}</p>}
        {checking && <p className="loading-inline">{t('sign.checking')}</p>}
        {problem === 'notSigned' && <p>{t('sign.notSigned')}</p>}
      </div>
      {(problem === 'openFailed' || problem === 'checkFailed') && (
        <div className="notice-warning" role="alert">
          <p>{t(`sign.${problem}`)}</p>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={opening}
          onClick={() => void open()}
        >
          {t('sign.open')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={checking}
          onClick={() => void force()}
        >
          {t('sign.signedAlready')}
        </button>
      </div>
    </section>
  );
}
