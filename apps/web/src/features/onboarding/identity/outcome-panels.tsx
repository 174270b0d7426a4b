import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { stepPath } from '../step/application-context.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import { SupportNotice } from './support-notice.tsx';

/** Screen Success (6): verified; signing comes next. */
export function SuccessPanel({
  applicationId,
  focusOnShow,
}: {
  applicationId: string;
  focusOnShow: boolean;
}) {
  const { t } = useTranslation('identity');
  return (
    <>
      <ScreenHeading focusOnShow={focusOnShow}>{t('success.heading')}</ScreenHeading>
      <p>{t('success.body')}</p>
      <div className="actions">
        <Link className="button button-primary" to={stepPath(applicationId, 'esign')}>
          {t('success.continue')}
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
