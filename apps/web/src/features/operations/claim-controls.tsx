import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  operationsApi,
  operationsRefusalOf,
  type ClaimKind,
  type ClaimView,
} from '../../lib/operations-api.ts';
import { formatDateTime, languageOf } from './operations-format.ts';
import { refusalText } from './operations-refusal.ts';
import styles from './operations.module.css';

/** Who holds an item, in words: nobody, the caller (until when), or someone else (until when). */
export function ClaimStatus({ claim }: { claim: ClaimView | null }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  if (!claim) return <>{t('claim.free')}</>;
  const until = formatDateTime(claim.expiresAt, language);
  return (
    <>
      {claim.mine ? t('claim.mine', { until }) : t('claim.other', { name: claim.staffName, until })}
    </>
  );
}

export interface ClaimControlsProps {
  kind: ClaimKind;
  id: string;
  claim: ClaimView | null;
  /** The item's name, for the buttons' accessible names in a list ("Claim Camille Tremblay"). */
  name: string;
  onDone(text: string): void;
  onFailed(text: string): void;
  /** The item's claim changed (or was found to be someone else's): load it again. */
  onChanged(): void;
}

/**
 * Claim (or renew) and Release. A claim someone else holds answers 409 with their name and
 * until when, which is said and the item loaded again so it shows them.
 */
export function ClaimControls({
  kind,
  id,
  claim,
  name,
  onDone,
  onFailed,
  onChanged,
}: ClaimControlsProps) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const [busy, setBusy] = useState(false);

  async function run(action: 'claim' | 'release') {
    if (busy) return;
    setBusy(true);
    try {
      if (action === 'claim') await operationsApi.claim(kind, id);
      else await operationsApi.release(kind, id);
      onDone(t(action === 'claim' ? 'claim.claimed' : 'claim.released', { name }));
    } catch (error) {
      onFailed(refusalText(t, operationsRefusalOf(error), language));
    } finally {
      setBusy(false);
      onChanged();
    }
  }

  return (
    <div className={styles.rowActions}>
      {!claim?.mine && (
        <button
          type="button"
          className={`button button-primary ${styles.small}`}
          aria-disabled={busy}
          aria-label={t('claim.claimItem', { name })}
          onClick={() => void run('claim')}
        >
          {t('claim.claim')}
        </button>
      )}
      {claim?.mine && (
        <>
          <button
            type="button"
            className={`button button-secondary ${styles.small}`}
            aria-disabled={busy}
            onClick={() => void run('claim')}
          >
            {t('claim.renew')}
          </button>
          <button
            type="button"
            className={`button button-secondary ${styles.small}`}
            aria-disabled={busy}
            aria-label={t('claim.releaseItem', { name })}
            onClick={() => void run('release')}
          >
            {t('claim.release')}
          </button>
        </>
      )}
    </div>
  );
}
