import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { rifSetUpOf } from '../../lib/rif-setup-api.ts';
import { useResource } from '../../lib/use-resource.ts';

/**
 * Where a retirement income fund's payments are set up, saying what is already done (findings
 * A-minor 15, 30): once set up, it says so and offers to change them; while a transfer into the
 * fund waits for its signature, it asks for the signature first instead of linking away, since
 * leaving the funding step with a transfer unsigned cancels it.
 */
export function RifPayoutLink({
  applicationId,
  path,
  transferUnsigned,
}: {
  applicationId: string;
  path: string;
  transferUnsigned: boolean;
}) {
  const { t } = useTranslation('transfers');
  const load = useCallback(
    (signal: AbortSignal) => rifSetUpOf(applicationId, signal),
    [applicationId],
  );
  const { resource } = useResource(load);
  if (transferUnsigned) return <p>{t('rif.afterSigning')}</p>;
  if (resource.state === 'loading') return null;
  // A failed check still offers the setup screen, which says what is set up itself.
  if (resource.state === 'ready' && resource.data) {
    return (
      <p>
        {t('rif.setUp')} <Link to={path}>{t('rif.change')}</Link>
      </p>
    );
  }
  return (
    <p>
      <Link to={path}>{t('rif.link')}</Link>
    </p>
  );
}
