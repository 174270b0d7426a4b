import { useTranslation } from '../../lib/i18n.ts';
import {
  padAgreementSections,
  padWaiverText,
  type PadAgreementDetails,
} from '@portal/domain/funding/pad-agreement';
import { CheckboxChoices } from '../choices.tsx';
import styles from './funding.module.css';
import { fundingLanguageOf } from './funding-format.ts';

export type { PadAgreementDetails };

export interface PadAgreementProps {
  /** Prefix of the checkboxes' ids: `{idPrefix}-waiver`, `{idPrefix}-agreement`. */
  idPrefix: string;
  /** Null until the bank account, the amount and the date are chosen. */
  details: PadAgreementDetails | null;
  waived: boolean;
  onWaivedChange(waived: boolean): void;
  accepted: boolean;
  onAcceptedChange(accepted: boolean): void;
  waiverError?: string;
  acceptError?: string;
}

/**
 * The pre-authorized debit agreement (Payments Canada Rule H1): its seven parts in the
 * person's language, in a region that scrolls and takes keyboard focus; the waiver of the
 * 10-day pre-notification apart and prominent, with its own checkbox (Rule H1 wants a waiver
 * prominent); then the agreement accepted.
 */
export function PadAgreement({
  idPrefix,
  details,
  waived,
  onWaivedChange,
  accepted,
  onAcceptedChange,
  waiverError,
  acceptError,
}: PadAgreementProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  const headingId = `${idPrefix}-pad-heading`;
  return (
    <div>
      <h3 id={headingId}>{t('pad.heading')}</h3>
      {details ? (
        <div
          className={styles.agreement}
          role="region"
          aria-labelledby={headingId}
          // Scrolls: reachable by keyboard to read it all.
          tabIndex={0}
        >
          {padAgreementSections(language, details).map((section) => (
            <div key={section.id} data-section={section.id}>
              <h4>{section.heading}</h4>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ))}
        </div>
      ) : (
        <p>{t('pad.incomplete')}</p>
      )}
      <div className={styles.waiver}>
        <p>{padWaiverText(language)}</p>
        <CheckboxChoices
          id={`${idPrefix}-waiver`}
          legend={t('pad.waiverLegend')}
          hint={t('pad.waiverHint')}
          error={waiverError}
          values={waived ? ['yes'] : []}
          onChange={(values) => onWaivedChange(values.includes('yes'))}
          choices={[{ value: 'yes', label: t('pad.waiver') }]}
        />
      </div>
      <CheckboxChoices
        id={`${idPrefix}-agreement`}
        legend={t('pad.acceptLegend')}
        error={acceptError}
        values={accepted ? ['yes'] : []}
        onChange={(values) => onAcceptedChange(values.includes('yes'))}
        choices={[{ value: 'yes', label: t('pad.accept') }]}
      />
    </div>
  );
}
