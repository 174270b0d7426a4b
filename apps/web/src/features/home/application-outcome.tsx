import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { namedAccountTypeLabels } from '@portal/domain/enums/account-types';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import {
  declineCategoryLabels,
  declineNextStepLabels,
  type DeclineCategory,
} from '@portal/domain/operations/decline-categories';
import type { OpenedAccount, PepFormStatus } from '@portal/domain/operations/operations-api';
import type { ApplicationSummary } from '../../lib/applications-api.ts';
import { InformationRequestAnswer } from './information-request-answer.tsx';
import styles from './outcome.module.css';
import { PepFormSection } from './pep-form-section.tsx';

const languageOf = (code: string): Language => (code.startsWith('fr') ? 'fr' : 'en');

/**
 * What operations decided or ask of one application, in its dashboard card (issue 16): the
 * accounts opened, the decline, the information asked (with the form to answer it), and a
 * PEP/HIO applicant's form. Loaded on demand with its catalogue, only when there is one.
 */
export function ApplicationOutcome({
  application,
  headingId,
  onChange,
}: {
  application: ApplicationSummary;
  /** The card's heading id: the sections' headings are named after it. */
  headingId: string;
  /**
   * The application as it stands after the person answered or sent a form, and what the page
   * says of it when the card's form is gone (the answer sent: back under review).
   */
  onChange(application: ApplicationSummary, said?: string): void;
}) {
  const { t } = useTranslation('dashboardOutcome');
  const { status, decline, informationRequest, pepForm } = application;
  return (
    <>
      {status === 'approved' && (
        <ApprovedOutcome
          headingId={`${headingId}-approved`}
          accounts={application.openedAccounts ?? []}
          canFund={application.role === 'primary'}
        />
      )}
      {status === 'declined' && decline && (
        <DeclinedOutcome headingId={`${headingId}-declined`} category={decline.category} />
      )}
      {status === 'requiresReview' && informationRequest && (
        <InformationRequestAnswer
          applicationId={application.id}
          request={informationRequest}
          headingId={`${headingId}-information`}
          onAnswered={(answered) => onChange(answered, t('information.sent'))}
        />
      )}
      {pepForm && (
        <PepFormSection
          applicationId={application.id}
          status={pepForm}
          headingId={`${headingId}-pep`}
          onReceived={(received: PepFormStatus) => onChange({ ...application, pepForm: received })}
        />
      )}
    </>
  );
}

/**
 * An approved application (issue 16): the accounts it opened, each with its number as the
 * applicant types it into a bank's form (8 characters, nothing added) and a button to copy it,
 * and the way to fund them.
 */
export function ApprovedOutcome({
  headingId,
  accounts,
  canFund,
}: {
  headingId: string;
  accounts: OpenedAccount[];
  /** The primary applicant funds the accounts (the joint applicant has no funding page). */
  canFund: boolean;
}) {
  const { t, i18n } = useTranslation('dashboardOutcome');
  const language = languageOf(i18n.language);
  // One live region for the card: what was copied, or that copying failed.
  const [copied, setCopied] = useState<{ account: string; failed: boolean } | null>(null);

  async function copy(account: string, accountNumber: string) {
    try {
      await navigator.clipboard.writeText(accountNumber);
      setCopied({ account, failed: false });
    } catch {
      // No clipboard (an insecure page, a refused permission): the number selects in one click.
      setCopied({ account, failed: true });
    }
  }

  return (
    <section className={styles.outcome} aria-labelledby={headingId}>
      <h4 id={headingId}>{t('approved.heading', { count: accounts.length })}</h4>
      <p>{t('approved.intro', { count: accounts.length })}</p>
      <ul className={styles.accounts}>
        {accounts.map(({ accountTypeName, accountNumber }) => {
          const account = pick(namedAccountTypeLabels[accountTypeName], language);
          return (
            <li key={accountNumber} className={styles.account}>
              <span className={styles.accountType}>{account}</span>
              <span>
                <span className="visually-hidden">{t('approved.accountNumber')} </span>
                <span className={styles.accountNumber} translate="no">
                  {accountNumber}
                </span>
              </span>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void copy(account, accountNumber)}
              >
                {t('approved.copy')}
                <span className="visually-hidden"> {t('approved.copyWhat', { account })}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite">
        {copied && (
          <p className={copied.failed ? 'error-message' : undefined}>
            {copied.failed
              ? t('approved.copyFailed')
              : t('approved.copied', { account: copied.account })}
          </p>
        )}
      </div>
      {canFund && (
        <p>
          <Link className="button button-primary" to="/home/funding">
            {t('approved.fund', { count: accounts.length })}
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * A declined application (issue 16): the category the applicant is told and what they can do
 * next, both in the domain's words. The staff member's own reason never reaches the client.
 */
export function DeclinedOutcome({
  headingId,
  category,
}: {
  headingId: string;
  category: DeclineCategory;
}) {
  const { t, i18n } = useTranslation('dashboardOutcome');
  const language = languageOf(i18n.language);
  return (
    <section className={styles.outcome} aria-labelledby={headingId}>
      <h4 id={headingId}>{t('declinedOutcome.heading')}</h4>
      <p>{pick(declineCategoryLabels[category], language)}</p>
      <h5>{t('declinedOutcome.nextHeading')}</h5>
      <p>{pick(declineNextStepLabels[category], language)}</p>
    </section>
  );
}
