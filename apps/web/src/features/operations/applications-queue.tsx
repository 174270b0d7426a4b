import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import { provinceLabels, type ProvinceCode } from '@portal/domain/enums/provinces';
import { reviewQueueStatuses } from '@portal/domain/operations/operations-api';
import { operationsApi, type ApplicationQueueItem } from '../../lib/operations-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Page } from '../../ui/page.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ClaimStatus } from './claim-controls.tsx';
import {
  accountTypeLabel,
  formatDate,
  languageOf,
  namesOf,
  provinceLabel,
} from './operations-format.ts';
import { Paging } from './paging.tsx';
import {
  apiFiltersOf,
  filtersFromQuery,
  queryOf,
  type FilterKey,
  type FilterValues,
} from './queue-filters.ts';
import styles from './operations.module.css';

/** `#/operations/applications`: the applications waiting for a decision, oldest first. */
export function ApplicationsQueue() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const [query, setQuery] = useSearchParams();
  const queryText = query.toString();
  const [draft, setDraft] = useState<FilterValues>(() => filtersFromQuery(query));
  const [draftFor, setDraftFor] = useState(queryText);
  // The filters follow the URL when it changes by itself (Back, a shared link).
  if (draftFor !== queryText) {
    setDraftFor(queryText);
    setDraft(filtersFromQuery(query));
  }

  const load = useCallback(
    (signal: AbortSignal) =>
      operationsApi.applications(apiFiltersOf(new URLSearchParams(queryText)), signal),
    [queryText],
  );
  const { resource, retry } = useResource(load);
  const filtered = Object.values(filtersFromQuery(query)).some(Boolean);

  const set = (key: FilterKey) => (value: string) => setDraft((now) => ({ ...now, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery(queryOf(draft));
  };
  const either = [
    { id: 'true', label: t('common.yes') },
    { id: 'false', label: t('common.no') },
  ];

  return (
    <Page title={t('applications.title')} heading={t('applications.heading')}>
      <p>{t('applications.intro')}</p>
      <form noValidate onSubmit={apply} role="search" aria-label={t('applications.filters')}>
        <fieldset className={styles.filters}>
          <legend>{t('applications.filters')}</legend>
          <SelectField
            id="filter-status"
            label={t('applications.status')}
            value={draft.status}
            onChange={set('status')}
            options={[
              { id: '', label: t('applications.anyStatus') },
              ...reviewQueueStatuses.map((status) => ({
                id: status,
                label: t(`applications.statuses.${status}`),
              })),
            ]}
          />
          <TextField
            id="filter-min-age"
            label={t('applications.minAge')}
            value={draft.minAge}
            onChange={(value) => set('minAge')(value.replace(/\D/g, ''))}
            inputMode="numeric"
            width="short"
            maxLength={3}
          />
          <SelectField
            id="filter-province"
            label={t('applications.province')}
            value={draft.province}
            onChange={set('province')}
            options={[
              { id: '', label: t('applications.anyProvince') },
              ...(Object.keys(provinceLabels) as ProvinceCode[]).map((code) => ({
                id: code,
                label: provinceLabels[code][language],
              })),
            ]}
          />
          <SelectField
            id="filter-account-type"
            label={t('applications.accountType')}
            value={draft.accountType}
            onChange={set('accountType')}
            options={[
              { id: '', label: t('applications.anyAccountType') },
              ...(Object.keys(namedAccountTypeLabels) as NamedAccountTypeName[]).map((name) => ({
                id: name,
                label: namedAccountTypeLabels[name][language],
              })),
            ]}
          />
          <SelectField
            id="filter-joint"
            label={t('applications.joint')}
            value={draft.joint}
            onChange={set('joint')}
            options={[{ id: '', label: t('applications.either') }, ...either]}
          />
          <SelectField
            id="filter-pep"
            label={t('applications.pep')}
            value={draft.pep}
            onChange={set('pep')}
            options={[{ id: '', label: t('applications.either') }, ...either]}
          />
        </fieldset>
        <div className="actions">
          <button type="submit" className="button button-primary">
            {t('applications.apply')}
          </button>
          {filtered && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setQuery(new URLSearchParams())}
            >
              {t('applications.clear')}
            </button>
          )}
        </div>
      </form>

      {resource.state === 'loading' && <p role="status">{t('common.loading')}</p>}
      {resource.state === 'failed' && (
        <div role="alert" className="notice notice-warning">
          <p>{t('applications.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' &&
        (resource.data.items.length === 0 ? (
          <p className="empty-state">
            {filtered ? t('applications.empty') : t('applications.emptyAll')}
          </p>
        ) : (
          <>
            <ApplicationsTable items={resource.data.items} />
            <Paging
              page={resource.data.page}
              pageSize={resource.data.pageSize}
              total={resource.data.total}
              onPage={(page) => setQuery(queryOf(filtersFromQuery(query), page))}
            />
          </>
        ))}
    </Page>
  );
}

function ApplicationsTable({ items }: { items: ApplicationQueueItem[] }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  return (
    <div
      className={styles.tableWrap}
      tabIndex={0}
      role="region"
      aria-label={t('applications.caption')}
    >
      <table className={styles.table}>
        <caption>{t('applications.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('applications.names')}</th>
            <th scope="col">{t('applications.status')}</th>
            <th scope="col">{t('applications.age')}</th>
            <th scope="col">{t('applications.province')}</th>
            <th scope="col">{t('applications.accounts')}</th>
            <th scope="col">{t('applications.marks')}</th>
            <th scope="col">{t('applications.claim')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <Link to={`/operations/applications/${item.id}`}>
                  {namesOf(item.applicantNames)}
                </Link>
              </th>
              <td>
                {t(`applications.statuses.${item.status}`)}
                {item.awaitingSecondApproval && (
                  <>
                    {' '}
                    <span className={styles.flag}>{t('applications.awaitingSecond')}</span>
                  </>
                )}
              </td>
              <td>
                <span className={item.overdue ? styles.overdue : undefined}>
                  {t('common.businessDays', { count: item.ageBusinessDays })}
                </span>
                {item.overdue && (
                  <>
                    {' '}
                    <span className={`${styles.flag} ${styles.flagAlert}`}>
                      {t('common.overdue')}
                    </span>
                  </>
                )}
                <br />
                <small>{formatDate(item.submittedAt, language)}</small>
              </td>
              <td>{provinceLabel(item.province, language)}</td>
              <td>
                {item.accountTypes.map((name) => accountTypeLabel(name, language)).join(', ')}
              </td>
              <td>
                {item.joint && <span className={styles.flag}>{t('common.joint')}</span>}
                {item.pep && (
                  <span className={`${styles.flag} ${styles.flagAlert}`}>{t('common.pep')}</span>
                )}
              </td>
              <td>
                <ClaimStatus claim={item.claim} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
