import { useTranslation } from '../../lib/i18n.ts';
import { useSearchParams } from 'react-router';
import { fundingOpen } from '@portal/domain/status/application-status-machine';
import { applicationsApi } from '../../lib/applications-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { TransfersPanel } from '../../ui/transfers/transfers-panel.tsx';

/**
 * The funding page's transfers in (issue 15): for each application the person opened that is
 * open for funding, its transfers with their status, a transfer not signed ("not signed: not
 * processed") with its Sign step, and a new request. Back from the e-sign ceremony
 * (`?transfer={id}&returned=1`), that transfer opens at its sign step, which checks the
 * signature. With several applications, each panel's heading names its accounts.
 */
export function TransfersSection({
  pollIntervalMs,
  rifPayoutPathOf,
}: {
  pollIntervalMs?: number;
  rifPayoutPathOf?(applicationId: string): string;
}) {
  const { t } = useTranslation('transfers');
  const [searchParams] = useSearchParams();
  const returnedFrom = searchParams.get('transfer') ?? undefined;
  const { resource, retry } = useResource(applicationsApi.list);
  if (resource.state === 'loading') {
    return (
      <p className="loading-inline" role="status">
        {t('list.loading')}
      </p>
    );
  }
  if (resource.state === 'failed') {
    return (
      <div className="notice-warning" role="alert">
        <p>{t('list.loadFailed')}</p>
        <button type="button" className="button button-secondary" onClick={retry}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  const open = resource.data.filter(
    (application) => application.role === 'primary' && fundingOpen(application.status),
  );
  return open.map((application) => (
    <TransfersPanel
      key={application.id}
      applicationId={application.id}
      idPrefix={`transfer-${application.id.slice(0, 8)}`}
      headingLevel={2}
      nameAccounts={open.length > 1}
      signingTransferId={returnedFrom}
      pollIntervalMs={pollIntervalMs}
      rifPayoutPath={rifPayoutPathOf?.(application.id)}
    />
  ));
}
