import { useTranslation } from '../../lib/i18n.ts';
import { useSearchParams } from 'react-router';
import { serverPaths } from '../../lib/site-links.ts';
import { Page } from '../../ui/page.tsx';

export type ExpressErrorKind = 'expired' | 'existingClient' | 'outdatedInvitation';

const isSet = (value: string | null) => value !== null && value !== 'false' && value !== '0';

/**
 * The query flags choose the message (spec section 8): `applicationError` means the person is
 * already a client, `notFound` means an older invitation was used, neither means it expired.
 */
export function expressErrorKind(params: URLSearchParams): ExpressErrorKind {
  if (isSet(params.get('applicationError'))) return 'existingClient';
  if (isSet(params.get('notFound'))) return 'outdatedInvitation';
  return 'expired';
}

export function ExpressErrorPage() {
  const { t } = useTranslation('errors');
  const [params] = useSearchParams();
  const kind = expressErrorKind(params);
  const offersLogin = kind === 'expired' || kind === 'existingClient';
  return (
    <Page title={t('express.title')} heading={t('express.heading')}>
      <p className="lead" data-kind={kind}>
        {t(`express.${kind}`)}
      </p>
      {offersLogin && (
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => window.location.assign(serverPaths.login)}
          >
            {t('express.clientLogin')}
          </button>
        </div>
      )}
    </Page>
  );
}
