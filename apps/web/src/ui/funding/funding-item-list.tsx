import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  eftFrequencies,
  eftFrequencyLabels,
  eftFrequencyNameOf,
  eftUserStatusLabels,
} from '@portal/domain/enums/funding';
import { toAccountLabel, type FundingItem } from '@portal/domain/funding/funding-item';
import { formatCents } from '@portal/domain/money/cents';
import { fundingApi } from '../../lib/funding-api.ts';
import { DownloadButton } from '../download-button.tsx';
import styles from './funding.module.css';
import { currencyOf, formatIsoDate, fundingLanguageOf } from './funding-format.ts';

export interface FundingItemListProps {
  items: readonly FundingItem[];
  /** Shown instead of the list when it is empty. */
  emptyText: string;
  /** The level of each item's heading, under the section's own (h3 by default). */
  headingLevel?: 2 | 3 | 4;
  /** An item's own buttons (Cancel, Delete), named by the caller. */
  actions?(item: FundingItem): ReactNode;
  /**
   * Prefix of the items' heading ids: one request may show in two lists of a page (pending and
   * history), and ids are unique in a page. See `fundingItemHeadingId`.
   */
  idPrefix?: string;
  /** The id of the heading that names the list ("Pending requests, list, 2 items"). */
  labelledBy?: string;
}

/** The id of an item's heading in the list `idPrefix`: what its buttons are described by. */
export const fundingItemHeadingId = (idPrefix: string, itemId: string) => `${idPrefix}-${itemId}`;

/**
 * EFTs and PACs as a list: each one headed by its amount and account ("$500.00 to TFSA"), then
 * how often, the date, the bank account debited and the status a person understands; a
 * deleted PAC says when it stops. Each item's actions come from the caller.
 */
export function FundingItemList({
  items,
  emptyText,
  headingLevel = 3,
  actions,
  idPrefix = 'funding-item',
  labelledBy,
}: FundingItemListProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  if (items.length === 0) return <p>{emptyText}</p>;
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={styles.items} aria-labelledby={labelledBy}>
      {items.map((item) => {
        const frequency = eftFrequencyNameOf(item.frequency) ?? 'onetime';
        const amount = formatCents(
          item.amountCents,
          language,
          currencyOf(item.toAccount.currencyTypeId),
        );
        const headingId = fundingItemHeadingId(idPrefix, item.id);
        const heading = t('items.heading', {
          amount,
          account: toAccountLabel(item.toAccount, language),
        });
        return (
          <li key={item.id} className={styles.item} aria-labelledby={headingId}>
            <Heading id={headingId} className={styles.itemHeading}>
              {heading}
            </Heading>
            <dl>
              <dt>{t('items.frequency')}</dt>
              <dd>{eftFrequencyLabels[frequency][language]}</dd>
              <dt>
                {item.frequency === eftFrequencies.onetime ? t('items.date') : t('items.startDate')}
              </dt>
              <dd>{formatIsoDate(item.startDate, language)}</dd>
              <dt>{t('items.from')}</dt>
              <dd>
                {item.fromAccount.nickname}, {item.fromAccount.financialInstituionName}{' '}
                {item.fromAccount.accountNumber}
              </dd>
              <dt>{t('items.status')}</dt>
              <dd>
                <span className={styles.status}>
                  {eftUserStatusLabels[item.userStatus][language]}
                </span>
              </dd>
              {item.effectiveDate && (
                <>
                  <dt>{t('items.stops')}</dt>
                  <dd>{formatIsoDate(item.effectiveDate, language)}</dd>
                </>
              )}
            </dl>
            {/* Every request was agreed to as a pre-authorized debit: its signed agreement. */}
            <div className="actions">
              <DownloadButton
                fetchFile={() => fundingApi.agreement(item.id)}
                fileName={t('items.agreement.fileName', {
                  reference: item.id.slice(0, 8).toUpperCase(),
                })}
                label={t('items.agreement.download')}
                downloadingLabel={t('items.agreement.downloading')}
                failedText={t('items.agreement.failed')}
                context={`(${heading})`}
              />
            </div>
            {actions?.(item)}
          </li>
        );
      })}
    </ul>
  );
}
