import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { operationsRefusalOf } from '../../lib/operations-api.ts';
import type { Resource } from '../../lib/use-resource.ts';
import { Page } from '../../ui/page.tsx';

/** The link back to a case page's queue, above the page and its not-loaded states. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p>
      <Link to={to} className="back-link">
        {label}
      </Link>
    </p>
  );
}

/**
 * A case page (an identity attempt, a payment file, a return file) before its data is there:
 * loading, or why it failed (not found, or not loaded, with a retry), under its back link.
 */
export function CaseNotLoaded<T>({
  title,
  back,
  resource,
  loadFailed,
  retry,
}: {
  title: string;
  back: { to: string; label: string };
  resource: Resource<T>;
  loadFailed: string;
  retry: () => void;
}) {
  const { t } = useTranslation('operations');
  const refusal = resource.state === 'failed' ? operationsRefusalOf(resource.error) : null;
  return (
    <Page title={title} heading={title}>
      <BackLink {...back} />
      {refusal ? (
        <div role="alert" className="notice notice-warning">
          <p>{refusal.status === 404 ? t('errors.notFound') : loadFailed}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </Page>
  );
}
