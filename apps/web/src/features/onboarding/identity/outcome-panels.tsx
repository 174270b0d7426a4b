import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { stepPath } from '../step/application-context.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import { SupportNotice } from './support-notice.tsx';

/**
 * Screen Success (6): verified. Signing comes next when it is the person's turn; otherwise (the
 * primary of a joint application who verified while the joint applicant joins, or the joint
 * applicant, who signs after the primary) the next steps, and a mail when their turn comes.
 */
export function SuccessPanel({
  applicationId,
  focusOnShow,
  signsNext = true,
}: {
  applicationId: string;
  focusOnShow: boolean;
  signsNext?: boolean;
}) {
  const { t } = useTranslation('identity');
  return (
    <>
      <ScreenHeading focusOnShow={focusOnShow}>{t('success.heading')}</ScreenHeading>
      <p>{t(signsNext ? 'success.body' : 'success.waitBody')}</p>
      <div className="actions">
        <Link
          className="button button-primary"
          to={stepPath(applicationId, signsNext ? 'esign' : 'nextsteps')}
        >
          {t(signsNext ? 'success.continue' : 'success.nextSteps')}
        </Link>
      </div>
    </>
  );
}

/** Waiting for operations (two documents, manual, or a vendor's review): what happens next. */
export function PendingPanel({ focusOnShow }: { focusOnShow: boolean }) {
  const { t } = useTranslation('identity');
  return (
    <>
      <ScreenHeading focusOnShow={focusOnShow}>{t('pending.heading')}</ScreenHeading>
      <p>{t('pending.body')}</p>
      <SupportNotice />
      <div className="actions">
        <Link className="button button-secondary" to="/home/dashboard">
          {t('toDashboard')}
        </Link>
      </div>
    </>
  );
}
