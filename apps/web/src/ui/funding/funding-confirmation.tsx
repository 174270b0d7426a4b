import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { eftFrequencies } from '@portal/domain/enums/funding';
import type { FundingSubmitted } from '../../lib/funding-api.ts';
import { formatIsoDate, fundingLanguageOf } from './funding-format.ts';

export interface FundingConfirmationProps {
  result: FundingSubmitted;
  /** Focus moves to the heading when it shows (it replaces the form). */
  focusOnShow?: boolean;
}

/**
 * What a submitted request means for the person: the first debit's date, when the cash will
 * be invested (at $2,000, or at the quarter's end), and when the reminder mail comes, unless
 * its 10 days' notice was waived.
 */
export function FundingConfirmation({ result, focusOnShow = true }: FundingConfirmationProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  const { confirmation, item } = result;
  const date = (iso: string) => formatIsoDate(iso, language);
  const recurring = item.frequency !== eftFrequencies.onetime;
  return (
    <div className="notice-success" role="status">
      <h3 ref={ref} tabIndex={-1}>
        {t('confirmation.heading')}
      </h3>
      <p>
        {t(recurring ? 'confirmation.firstDebitRecurring' : 'confirmation.firstDebit', {
          date: date(confirmation.firstDebitDate),
        })}
      </p>
      <p>
        {t(
          confirmation.investedOn.reason === 'threshold'
            ? 'confirmation.investedThreshold'
            : 'confirmation.investedQuarterEnd',
          { date: date(confirmation.investedOn.date) },
        )}
      </p>
      <p>
        {confirmation.preNotificationMailDate
          ? t('confirmation.reminder', { date: date(confirmation.preNotificationMailDate) })
          : t('confirmation.noReminder')}
      </p>
    </div>
  );
}
