import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { operationsApi } from '../../lib/operations-api.ts';
import { Page } from '../../ui/page.tsx';
import { CaseTable } from './case/case-table.tsx';
import { formatDate, formatDateTime, languageOf, namesOf } from './operations-format.ts';
import { QueueStates } from './queue-states.tsx';
import { useQueue } from './use-queue.ts';
import styles from './operations.module.css';

/** `#/operations/pep-forms`: PEP/HIO forms due, soonest first; past due means restricted. */
export function PepFormsQueue() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const { resource, retry, goTo } = useQueue(operationsApi.pepForms);
  return (
    <Page title={t('pepForms.title')} heading={t('pepForms.heading')}>
      <p>{t('pepForms.intro')}</p>
      <QueueStates
        resource={resource}
        retry={retry}
        goTo={goTo}
        failedText={t('pepForms.loadFailed')}
        emptyText={t('pepForms.empty')}
      >
        {(items) => (
          <CaseTable
            caption={t('pepForms.caption')}
            columns={[
              t('pepForms.names'),
              t('pepForms.dueOn'),
              t('pepForms.state'),
              t('pepForms.submitted'),
              t('pepForms.received'),
              t('pepForms.reminders'),
            ]}
            rows={items.map((item) => ({
              key: item.applicationId,
              cells: [
                <Link key="names" to={`/operations/applications/${item.applicationId}`}>
                  {namesOf(item.applicantNames)}
                </Link>,
                formatDate(item.dueOn, language),
                item.restricted ? (
                  <span key="state" className={`${styles.flag} ${styles.flagAlert}`}>
                    {t('common.restricted')}
                  </span>
                ) : (
                  t('pepForms.waiting')
                ),
                formatDate(item.submittedOn, language),
                formatDateTime(item.receivedAt, language) || t('case.pepForm.notReceived'),
                item.remindersSent,
              ],
            }))}
          />
        )}
      </QueueStates>
    </Page>
  );
}
