import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { advisorApi } from '../../lib/advisor-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { TextField } from '../../ui/text-field.tsx';
import { Page } from '../../ui/page.tsx';
import { ADD_INVESTOR_PATH, investorPath } from './advisor-paths.ts';
import { AdvisorPaging, LoadFailed } from './advisor-paging.tsx';
import { InvitationState } from './invitation-state.tsx';
import { readInvestorDraft } from './investor-draft.ts';
import styles from './advisor.module.css';

/**
 * The advisor search (spec section 7, `/qadvisor/search/investor/express`): the advisor's
 * investors by name or email, each with their newest invitation's state. The search and the
 * page live in the URL, so a reload or a shared link shows the same list.
 */
export function AdvisorSearchPage() {
  const { t } = useTranslation('advisor');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(search);
  const load = useCallback(
    (signal: AbortSignal) => advisorApi.search({ search, page }, signal),
    [search, page],
  );
  const { resource, retry } = useResource(load);
  const draft = readInvestorDraft();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typed.trim()) next.set('search', typed.trim());
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };
  const caption = search ? t('search.tableCaptionSearch', { search }) : t('search.tableCaption');

  return (
    <Page title={t('search.title')} heading={t('search.heading')}>
      <p>{t('search.intro')}</p>
      {draft && (
        <div className="notice" role="status">
          <p>{t('search.draft')}</p>
          <Link className="button button-primary" to={ADD_INVESTOR_PATH}>
            {t('search.draftContinue')}
          </Link>
        </div>
      )}
      <form role="search" className={styles.searchForm} onSubmit={submit}>
        <TextField
          id="advisor-search"
          label={t('search.label')}
          value={typed}
          onChange={setTyped}
          autoComplete="off"
        />
        <button type="submit" className="button button-primary">
          {t('search.submit')}
        </button>
        {search && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setTyped('');
              setParams(new URLSearchParams());
            }}
          >
            {t('search.clear')}
          </button>
        )}
      </form>
      <div aria-live="polite">
        {resource.state === 'loading' && <p role="status">{t('common.loading')}</p>}
        {resource.state === 'failed' && <LoadFailed retry={retry} />}
        {resource.state === 'ready' && resource.data.items.length === 0 && (
          <p className="empty-state">
            {search ? t('search.emptySearch', { search }) : t('search.empty')}
          </p>
        )}
      </div>
      {resource.state === 'ready' && resource.data.items.length > 0 && (
        <>
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
            <table className={styles.table}>
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('search.name')}</th>
                  <th scope="col">{t('search.email')}</th>
                  <th scope="col">{t('search.latest')}</th>
                </tr>
              </thead>
              <tbody>
                {resource.data.items.map((investor) => (
                  <tr key={investor.id}>
                    <th scope="row">
                      <Link to={investorPath(investor.id)}>
                        {investor.firstName} {investor.lastName}
                      </Link>
                    </th>
                    <td>{investor.email}</td>
                    <td>
                      <InvitationState invitation={investor.latestInvitation} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdvisorPaging
            page={resource.data.page}
            pageSize={resource.data.pageSize}
            total={resource.data.total}
            onPage={goTo}
          />
        </>
      )}
    </Page>
  );
}
