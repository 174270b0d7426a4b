import { useTranslation } from '../../lib/i18n.ts';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { EftFrequency } from '@portal/domain/enums/funding';
import {
  contributionHints,
  contributionHintText,
  type ContributionHint,
} from '@portal/domain/funding/contribution-limits';
import type { FundingToAccount } from '@portal/domain/funding/funding-item';
import styles from './funding.module.css';
import { fundingLanguageOf } from './funding-format.ts';

export type { ContributionHint };

/** The domain's contribution-room warnings for a request to an account. */
export function hintsFor(request: {
  toAccount: Pick<FundingToAccount, 'accountTypeId'>;
  amountCents: number;
  frequencyId: number;
  startDate: IsoDate;
  today: IsoDate;
}): ContributionHint[] {
  return contributionHints({
    accountTypeId: request.toAccount.accountTypeId,
    amountCents: request.amountCents,
    frequencyId: request.frequencyId as EftFrequency,
    startDate: request.startDate,
    today: request.today,
  });
}

/**
 * Warnings about contribution room (TFSA, RRSP, FHSA, RESP limits of the year), in the
 * domain's words: said, never blocking, since only the person knows their room.
 */
export function ContributionHints({ hints }: { hints: readonly ContributionHint[] }) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  if (hints.length === 0) return null;
  return (
    <div className={`notice-warning ${styles.hints}`}>
      <h4>{t('hints.heading')}</h4>
      <ul>
        {hints.map((hint) => (
          <li key={hint.code}>{contributionHintText(hint, language)}</li>
        ))}
      </ul>
    </div>
  );
}
