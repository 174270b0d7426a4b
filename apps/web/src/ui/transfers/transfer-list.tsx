import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { transferTypeLabels, transferTypes } from '@portal/domain/enums/transfers';
import { formatCents } from '@portal/domain/money/cents';
import { deliveringInstitutionNameOf } from '@portal/domain/transfers/delivering-institutions';
import type { TransferView } from '../../lib/transfers-api.ts';
import { formatIsoDate, fundingLanguageOf } from '../funding/funding-format.ts';
import styles from './transfers.module.css';

export const transferHeadingId = (id: string) => `transfer-item-${id}`;

/**
 * The institution a transfer comes from, in the page's language now: derived from its id, so
 * switching the language renames it at once (the server's name is in the request's language).
 */
export const institutionOf = (
  transfer: Pick<TransferView, 'fromInstitutionId'>,
  language: 'en' | 'fr',
) => deliveringInstitutionNameOf(transfer.fromInstitutionId, language);

const typeKeyOf = (type: number) =>
  (Object.keys(transferTypes) as (keyof typeof transferTypes)[]).find(
    (key) => transferTypes[key] === type,
  );

/**
 * Transfers in as a list: each named by where it comes from and where it goes, with its type,
 * value, status (unsigned ones say they are not processed) and the business days the assets
 * are expected. What can be done with one (sign, cancel) is the caller's `actions`.
 */
export function TransferList({
  transfers,
  accountLabelOf,
  actions,
}: {
  transfers: TransferView[];
  accountLabelOf(accountId: string): string;
  actions?(transfer: TransferView): ReactNode;
}) {
  const { t, i18n } = useTranslation('transfers');
  const language = fundingLanguageOf(i18n.language);
  const date = (iso: string) => formatIsoDate(iso, language);
  return (
    <ul className={styles.items}>
      {transfers.map((transfer) => {
        const typeKey = typeKeyOf(transfer.transferType);
        const expected = transfer.expected;
        return (
          <li key={transfer.id} className={styles.item}>
            <h4 id={transferHeadingId(transfer.id)} className={styles.itemHeading}>
              {t('list.item', {
                institution: institutionOf(transfer, language),
                account: transfer.accountNumber,
                to: accountLabelOf(transfer.toAccountId),
              })}
            </h4>
            <dl>
              <dt>{t('list.status')}</dt>
              <dd>
                <span className={styles.status}>{t(`status.${transfer.status}`)}</span>
              </dd>
              {typeKey && (
                <>
                  <dt>{t('list.type')}</dt>
                  <dd>{transferTypeLabels[typeKey][language]}</dd>
                </>
              )}
              <dt>{t('list.value')}</dt>
              <dd>{formatCents(transfer.approximateValueCents, language, 'CAD')}</dd>
              {expected && transfer.status !== 'CANCELLED' && (
                <>
                  <dt>{t('list.expected')}</dt>
                  <dd>
                    {expected.earliest === expected.latest
                      ? t('list.expectedOn', { date: date(expected.latest) })
                      : t('list.expectedBetween', {
                          earliest: date(expected.earliest),
                          latest: date(expected.latest),
                        })}
                  </dd>
                </>
              )}
              <dt>{t('list.requested')}</dt>
              <dd>{date(transfer.createdAt.slice(0, 10))}</dd>
            </dl>
            {actions?.(transfer)}
          </li>
        );
      })}
    </ul>
  );
}
