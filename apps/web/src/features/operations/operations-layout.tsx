import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { matchPath, NavLink, useLocation } from 'react-router';
import { ApplicationsQueue } from './applications-queue.tsx';
import { ApplicationCasePage } from './case/application-case-page.tsx';
import { FundingQueue } from './funding-queue.tsx';
import { IdentityCasePage } from './identity-case/identity-case-page.tsx';
import { IdentityQueue } from './identity-queue.tsx';
import { HeldRifPayouts } from './held-rif-payouts.tsx';
import { OperationsHome } from './operations-home.tsx';
import { PaymentFileDetailPage } from './payment-file-detail.tsx';
import { PaymentFilesQueue } from './payment-files-queue.tsx';
import { PaymentReturnDetailPage, PaymentReturnsQueue } from './payment-returns.tsx';
import { PepFormsQueue } from './pep-forms-queue.tsx';
import { Reconciliation } from './reconciliation.tsx';
import { LegalHoldPage, RetentionLookup } from './retention/legal-hold-page.tsx';
import { VendorEventsQueue } from './vendor-events-queue.tsx';
import styles from './operations.module.css';

/**
 * The console's screen for a path below `#/operations`. Matched here rather than with
 * `<Routes>`, which would bring more of the router into the first download every visitor
 * gets; `matchPath` is there already.
 */
function screenOf(pathname: string): ReactNode {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/operations') return <OperationsHome />;
  if (path === '/operations/applications') return <ApplicationsQueue />;
  if (path === '/operations/identity') return <IdentityQueue />;
  if (path === '/operations/funding') return <FundingQueue />;
  if (path === '/operations/pep-forms') return <PepFormsQueue />;
  if (path === '/operations/vendor-events') return <VendorEventsQueue />;
  if (path === '/operations/payment-files') return <PaymentFilesQueue />;
  if (path === '/operations/payment-returns') return <PaymentReturnsQueue />;
  if (path === '/operations/rif-payouts') return <HeldRifPayouts />;
  if (path === '/operations/reconciliation') return <Reconciliation />;
  if (path === '/operations/retention') return <RetentionLookup />;
  const retained = matchPath('/operations/retention/:applicationId', path)?.params.applicationId;
  if (retained) return <LegalHoldPage key={retained} applicationId={retained} />;
  const fileId = matchPath('/operations/payment-files/:fileId', path)?.params.fileId;
  if (fileId) return <PaymentFileDetailPage key={fileId} fileId={fileId} />;
  const returnFileId = matchPath('/operations/payment-returns/:returnFileId', path)?.params
    .returnFileId;
  if (returnFileId) {
    return <PaymentReturnDetailPage key={returnFileId} returnFileId={returnFileId} />;
  }
  const attemptId = matchPath('/operations/identity/:attemptId', path)?.params.attemptId;
  if (attemptId) return <IdentityCasePage key={attemptId} attemptId={attemptId} />;
  const found = matchPath('/operations/applications/:applicationId', path);
  const applicationId = found?.params.applicationId;
  return applicationId ? (
    <ApplicationCasePage key={applicationId} applicationId={applicationId} />
  ) : null;
}

/**
 * The console (issue 16): its catalogue, brought with it, the queues' navigation, and its
 * screens below `#/operations`. The app's route table knows only this one lazy entry, so the
 * first download does not grow with the console's screens; the router lets only staff in
 * (anyone else sees the not-found page, which it hands over for unknown paths here too:
 * features do not import each other).
 */
export function OperationsLayout({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation('operations');
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <ul>
          <li>
            <NavLink to="/operations" end>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/operations/applications">{t('nav.applications')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/identity">{t('nav.identity')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/funding">{t('nav.funding')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/pep-forms">{t('nav.pepForms')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/vendor-events">{t('nav.vendorEvents')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/payment-files">{t('nav.paymentFiles')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/payment-returns">{t('nav.paymentReturns')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/rif-payouts">{t('nav.heldPayouts')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/reconciliation">{t('nav.reconciliation')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/retention">{t('nav.retention')}</NavLink>
          </li>
        </ul>
      </nav>
      {screenOf(useLocation().pathname) ?? notFound}
    </div>
  );
}
