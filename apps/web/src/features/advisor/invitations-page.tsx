import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { advisorApi } from '../../lib/advisor-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Page } from '../../ui/page.tsx';
import { accountNames, formatDateTime, languageOf } from './advisor-format.ts';
import { investorPath } from './advisor-paths.ts';
import { AdvisorPaging, LoadFailed } from './advisor-paging.tsx';
import { InvitationState } from './invitation-state.tsx';
import styles from './advisor.module.css';

/** Every express invitation the advisor sent, newest first, with where each one stands. */
export function InvitationsPage() {
  const { t, i18n } = useTranslation('advisor');
  const language = languageOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const load = useCallback((signal: AbortSignal) => advisorApi.invitations(page, signal), [page]);
  const { resource, retry } = useResource(load);
  return (
    <Page title={t('invitations.title')} heading={t('invitations.heading')}>
      <div aria-live="polite">
        {resource.state === 'loading' && <p role="status">{t('common.loading')}</p>}
        {resource.state === 'failed' && <LoadFailed retry={retry} />}
        {resource.state === 'ready' && resource.data.items.length === 0 && (
          <p className="empty-state">{t('invitations.empty')}</p>
        )}
      </div>
      {resource.state === 'ready' && resource.data.items.length > 0 && (
        <>
          <div
            className={styles.tableWrap}
            tabIndex={0}
            role="region"
            aria-label={t('invitations.caption')}
          >
            <table className={styles.table}>
              <caption>{t('invitations.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('invitations.investor')}</th>
                  <th scope="col">{t('investor.accounts')}</th>
                  <th scope="col">{t('investor.state')}</th>
                  <th scope="col">{t('investor.sentAt')}</th>
                </tr>
              </thead>
              <tbody>
                {resource.data.items.map((invitation) => (
                  <tr key={invitation.id}>
                    <th scope="row">
                      <Link to={investorPath(invitation.investorId)}>
                        {invitation.investorName}
                      </Link>
                    </th>
                    <td>{accountNames(invitation.accountTypes, language)}</td>
                    <td>
                      <InvitationState invitation={invitation} />
                    </td>
                    <td>{formatDateTime(invitation.sentAt, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdvisorPaging
            page={resource.data.page}
            pageSize={resource.data.pageSize}
            total={resource.data.total}
            onPage={(target) => setParams(new URLSearchParams({ page: String(target) }))}
          />
        </>
      )}
    </Page>
  );
}
