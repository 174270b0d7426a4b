import { toAccountLabel } from '@portal/domain/funding/funding-item';
import type { AccountMovementsView } from '@portal/domain/funding/payment-files-api';
import type { LedgerCurrency } from '@portal/domain/ledger/ledger-accounts';
import { isOriginalKind } from '@portal/domain/ledger/ledger-journal';
import { formatCents } from '@portal/domain/money/cents';
import { fundingApi } from '../../lib/funding-api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useResource } from '../../lib/use-resource.ts';
import {
  formatIsoDate,
  fundingLanguageOf,
  type FundingLanguage,
} from '../../ui/funding/funding-format.ts';
import styles from './account-movements.module.css';

const HEADING_ID = 'movements-heading';

/**
 * An amount with its sign always written: a movement out of the account must not read like
 * one into it, and "+" says which way a positive one went where a bare amount would not.
 */
function signedAmount(cents: number, language: FundingLanguage, currency: LedgerCurrency): string {
  const text = formatCents(cents, language, currency);
  return cents > 0 ? `+${text}` : text;
}

/**
 * The funding page's "our record of the transfers we made" (issue 35, ADR 0038): for each of
 * the person's accounts, the money the portal itself moved (contributions, their returns and
 * PAD claims, RRIF payments and the tax withheld) with the net per currency. It is labelled as
 * the portal's own record, never as a balance: the dealer's account statement is the official
 * record, and transfers in, trades or interest are not here.
 */
export function AccountMovements() {
  const { i18n } = useTranslation();
  const { t } = useTranslation('fundingPage');
  const language = fundingLanguageOf(i18n.language);
  const { resource, retry } = useResource(fundingApi.movements);
  const accounts = resource.state === 'ready' ? resource.data.accounts : [];
  const nothingMoved = accounts.every((account) => account.movements.length === 0);

  return (
    <section aria-labelledby={HEADING_ID} aria-busy={resource.state === 'loading'}>
      <h2 id={HEADING_ID}>{t('movements.heading')}</h2>
      <p>{t('movements.note')}</p>
      {resource.state === 'loading' && (
        <p className="loading-inline" role="status">
          {t('movements.loading')}
        </p>
      )}
      {resource.state === 'failed' && (
        <div className="notice-warning" role="alert">
          <p>{t('movements.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' && nothingMoved && (
        <div className="empty-state">
          <p>{t('movements.empty')}</p>
        </div>
      )}
      {resource.state === 'ready' &&
        !nothingMoved &&
        accounts.map((account) => (
          <AccountTable key={account.accountId} account={account} language={language} />
        ))}
    </section>
  );
}

function AccountTable({
  account,
  language,
}: {
  account: AccountMovementsView;
  language: FundingLanguage;
}) {
  const { t } = useTranslation('fundingPage');
  const label = toAccountLabel(account, language);
  if (account.movements.length === 0) {
    return <p>{t('movements.accountEmpty', { account: label })}</p>;
  }
  const captionId = `movements-${account.accountId}`;
  return (
    // Focusable so a keyboard can scroll a table wider than a phone's screen.
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className={styles.table}>
        <caption id={captionId}>{t('movements.caption', { account: label })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('movements.date')}</th>
            <th scope="col">{t('movements.what')}</th>
            <th scope="col" className={styles.amount}>
              {t('movements.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {account.movements.map((movement) => (
            <tr key={movement.id}>
              <td>{formatIsoDate(movement.on, language)}</td>
              {/* What moved names the row: a screen reader says it with the date and amount. */}
              <th scope="row">
                {t(`movements.kinds.${movement.kind}`)}
                {movement.reversed && isOriginalKind(movement.kind) && (
                  <>
                    {' '}
                    <span className={styles.reversed}>
                      {t(`movements.reversed.${movement.kind}`)}
                    </span>
                  </>
                )}
              </th>
              <td className={styles.amount}>
                {signedAmount(movement.amountCents, language, movement.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {account.balances.map((balance) => (
            <tr key={balance.currency}>
              <th scope="row" colSpan={2}>
                {t('movements.net', { currency: balance.currency })}
              </th>
              <td className={styles.amount}>
                {signedAmount(balance.balanceCents, language, balance.currency)}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
