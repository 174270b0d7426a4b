import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { operationsApi, type KeptVendorEvent } from '../../lib/operations-api.ts';
import { Page } from '../../ui/page.tsx';
import { CaseTable } from './case/case-table.tsx';
import { formatDateTime, languageOf } from './operations-format.ts';
import { QueueStates } from './queue-states.tsx';
import { useQueue } from './use-queue.ts';

const knownRoles = ['identity', 'esign', 'bankConnection'] as const;
const isKnownRole = (role: string): role is (typeof knownRoles)[number] =>
  (knownRoles as readonly string[]).includes(role);

/**
 * `#/operations/vendor-events`: signed vendor events the product could not apply (issue 30),
 * oldest first. Staff read the event as the vendor sent it, settle it with the vendor or by
 * hand, then mark it dealt with, which takes it off the queue.
 */
export function VendorEventsQueue() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const { resource, retry, goTo } = useQueue(operationsApi.vendorEvents);
  const [working, setWorking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const keyOf = (item: KeptVendorEvent) => `${item.role}/${item.eventId}`;

  async function resolve(item: KeptVendorEvent) {
    setWorking(keyOf(item));
    setOutcome(null);
    try {
      await operationsApi.resolveVendorEvent(item.role, item.eventId);
      setOutcome({ ok: true, text: t('vendorEvents.resolved', { id: item.eventId }) });
      retry();
    } catch {
      setOutcome({ ok: false, text: t('vendorEvents.resolveFailed') });
    } finally {
      setWorking(null);
    }
  }

  return (
    <Page title={t('vendorEvents.title')} heading={t('vendorEvents.heading')}>
      <p>{t('vendorEvents.intro')}</p>
      <div role="status">
        {outcome?.ok && <p className="notice notice-success">{outcome.text}</p>}
      </div>
      {outcome && !outcome.ok && (
        <p role="alert" className="notice notice-warning">
          {outcome.text}
        </p>
      )}
      <QueueStates
        resource={resource}
        retry={retry}
        goTo={goTo}
        failedText={t('vendorEvents.loadFailed')}
        emptyText={t('vendorEvents.empty')}
      >
        {(items) => (
          <CaseTable
            caption={t('vendorEvents.caption')}
            columns={[
              t('vendorEvents.vendor'),
              t('vendorEvents.eventType'),
              t('vendorEvents.problem'),
              t('vendorEvents.received'),
              t('vendorEvents.event'),
              t('vendorEvents.action'),
            ]}
            rows={items.map((item) => ({
              key: keyOf(item),
              cells: [
                isKnownRole(item.role) ? t(`vendorEvents.roles.${item.role}`) : item.role,
                item.eventType,
                t(`vendorEvents.problems.${item.problem}`),
                formatDateTime(item.receivedAt, language),
                <details key="event">
                  <summary>{t('vendorEvents.showEvent', { id: item.eventId })}</summary>
                  <pre>{item.event}</pre>
                </details>,
                <button
                  key="resolve"
                  type="button"
                  className="button button-secondary"
                  disabled={working !== null}
                  aria-label={t('vendorEvents.resolveLabel', { id: item.eventId })}
                  onClick={() => void resolve(item)}
                >
                  {working === keyOf(item) ? t('common.working') : t('vendorEvents.resolve')}
                </button>,
              ],
            }))}
          />
        )}
      </QueueStates>
    </Page>
  );
}
