import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  applicationStatusLabels,
  type ApplicationStatus,
} from '@portal/domain/enums/application-statuses';
import { namedAccountTypeLabels } from '@portal/domain/enums/account-types';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { onboardingAccountTypes } from '@portal/domain/enums/onboarding';
import { hasSigned } from '@portal/domain/rules/esign';
import { acceptsChanges, fundingOpen } from '@portal/domain/status/application-status-machine';
import { applicationsApi, type ApplicationSummary } from '../../lib/applications-api.ts';
import { identityStateOf, identitySummaryOf, identityToDo } from '../../lib/identity-api.ts';
import { readPartnerSkin } from '../../lib/partner-skin.ts';
import { siteLinks } from '../../lib/site-links.ts';
import { trialLogoutPath } from '../../lib/trial-stay.ts';
import { useResource } from '../../lib/use-resource.ts';
import { useUserInfo } from '../../lib/user-info.tsx';
import { Page } from '../../ui/page.tsx';
import { SignedCopyButton } from '../../ui/signed-copy-button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

// What operations decided or ask (issue 16), with its words: loaded only for an application
// that has some, so the landing route stays within its budget.
const loadOutcome = () => import('./application-outcome.tsx');
const ApplicationOutcome = lazy(async () => ({
  default: (await loadOutcome()).ApplicationOutcome,
}));

/**
 * The landing page after sign-in (spec section 2, /home/dashboard): the applications in
 * progress, each with its status, Continue and Delete; Start a new application; the W-9
 * instructions.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const userInfo = useUserInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const language = i18n.language as Language;
  const { resource: listing, retry, set: setApplications } = useResource(applicationsApi.list);
  const [starting, setStarting] = useState(false);
  const [deleting, setDeleting] = useState<ApplicationSummary | null>(null);
  const arrivedFrom = location.state as {
    savedApplication?: string;
    jointApplicationJoined?: string;
    /** Joined, and their identity is to confirm before they sign (issue 13). */
    jointVerifiesIdentity?: boolean;
  } | null;
  const [announcement, setAnnouncement] = useState<string | null>(
    arrivedFrom?.jointApplicationJoined
      ? t(arrivedFrom.jointVerifiesIdentity ? 'jointJoinedVerify' : 'jointJoined')
      : arrivedFrom?.savedApplication
        ? t('savedAnnouncement')
        : null,
  );
  const [problem, setProblem] = useState<'start' | 'delete' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const trialUser = userInfo.status === 'signedIn' && userInfo.user.trialUser;
  // After an answer, focus goes to the card it changed (its form is gone).
  const [focusCard, setFocusCard] = useState<string | null>(null);
  useEffect(() => {
    if (focusCard) document.getElementById(focusCard)?.focus();
  }, [focusCard]);

  /** An answer changed the application; what it did is said (the outcome's own words). */
  function changed(application: ApplicationSummary, said?: string) {
    if (listing.state !== 'ready') return;
    setApplications(
      listing.data.map((candidate) => (candidate.id === application.id ? application : candidate)),
    );
    if (said) {
      setAnnouncement(said);
      setFocusCard(`application-${application.id}`);
    }
  }

  const start = useCallback(async () => {
    // A partner's referral goes through its agreement first, which starts the application.
    if (readPartnerSkin(language).partner) {
      navigate('/home/partner-agreement');
      return;
    }
    setStarting(true);
    setProblem(null);
    try {
      const created = await applicationsApi.create();
      navigate(`/application/${created.id}/ownership`);
    } catch {
      setStarting(false);
      setProblem('start');
    }
  }, [navigate, language]);

  async function confirmDelete() {
    const application = deleting;
    setDeleting(null);
    if (!application) return;
    setProblem(null);
    try {
      await applicationsApi.remove(application.id);
      if (listing.state === 'ready') {
        setApplications(listing.data.filter((a) => a.id !== application.id));
      }
      setAnnouncement(t('deleted'));
      headingRef.current?.focus();
    } catch {
      setProblem('delete');
    }
  }

  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long' }).format(
      new Date(iso),
    );

  const startButton = (
    <button
      type="button"
      className="button button-primary"
      onClick={start}
      aria-disabled={starting}
    >
      {starting ? t('starting') : t('start')}
    </button>
  );

  return (
    <Page title={t('title')} heading={t('heading')}>
      {userInfo.status === 'signedIn' && (
        <p className="lead">{t('welcome', { name: userInfo.user.firstName })}</p>
      )}
      <p>{t('intro')}</p>
      {userInfo.status === 'signedIn' && userInfo.user.emailVerified === false && (
        // A task, not an error: it stays until the address is proved.
        <section className="notice-info" aria-labelledby="verify-email-heading">
          <h2 id="verify-email-heading">{t('verifyEmail.heading')}</h2>
          <p>{t('verifyEmail.text', { email: userInfo.user.email })}</p>
          <p>
            <Link to="/home/verify-email">{t('verifyEmail.link')}</Link>
          </p>
        </section>
      )}
      <div role="status" aria-live="polite" className="announcement">
        {announcement && <p className="notice-success">{announcement}</p>}
      </div>
      {problem && (
        <div className="notice-warning" role="alert">
          <p>{t(problem === 'start' ? 'startFailed' : 'deleteFailed')}</p>
        </div>
      )}

      <section aria-labelledby="applications-heading" aria-busy={listing.state === 'loading'}>
        <h2 id="applications-heading" ref={headingRef} tabIndex={-1}>
          {t('inProgress')}
        </h2>
        {listing.state === 'loading' && (
          <p className="loading-inline" role="status">
            {t('loading')}
          </p>
        )}
        {listing.state === 'failed' && (
          <div className="notice-warning" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="button button-secondary" onClick={retry}>
              {t('retry')}
            </button>
          </div>
        )}
        {listing.state === 'ready' && listing.data.length === 0 && (
          <div className="empty-state">
            <p>{t(trialUser ? 'trial.empty' : 'empty')}</p>
          </div>
        )}
        {listing.state === 'ready' && listing.data.length > 0 && (
          <ul className="application-list">
            {listing.data.map((application) => {
              const headingId = `application-${application.id}`;
              const name = t('applicationHeading', {
                reference: referenceOf(application.id),
                date: dateOf(application.createdAt),
              });
              const open = acceptsChanges(application.status);
              // The signed-in person's own identity (absent when the server bypasses it).
              const identityState = identityStateOf(application);
              const verifyNow = identityToDo(application.role, application.status, identityState);
              const ownership =
                application.ownershipTypeId === onboardingAccountTypes.Joint
                  ? t('joint')
                  : application.ownershipTypeId === onboardingAccountTypes.Individual
                    ? t('individual')
                    : null;
              return (
                <li key={application.id} className="application-card" aria-labelledby={headingId}>
                  <h3 id={headingId} tabIndex={-1}>
                    {name}
                  </h3>
                  <p className="status-tag" data-status={application.status}>
                    {application.status === 'approved'
                      ? t('approvedStatus')
                      : pick(
                          applicationStatusLabels[application.status as ApplicationStatus],
                          language,
                        )}
                  </p>
                  <dl className="application-facts">
                    {application.role === 'joint' && (
                      <div>
                        <dt>{t('yourPart')}</dt>
                        <dd>{t('jointApplicant')}</dd>
                      </div>
                    )}
                    {identityState && (
                      <div>
                        <dt>{t('identity')}</dt>
                        <dd data-identity={identityState}>
                          {t(`identityStates.${identitySummaryOf(identityState)}`)}
                        </dd>
                      </div>
                    )}
                    {ownership && (
                      <div>
                        <dt>{t('ownership')}</dt>
                        <dd>{ownership}</dd>
                      </div>
                    )}
                    <div>
                      <dt>{t('accounts')}</dt>
                      <dd>
                        {application.accounts.length > 0
                          ? application.accounts
                              .map((account) => pick(namedAccountTypeLabels[account], language))
                              .join(', ')
                          : t('noAccountsYet')}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('lastSaved')}</dt>
                      <dd>{dateOf(application.updatedAt)}</dd>
                    </div>
                  </dl>
                  {open && application.role === 'primary' && (
                    <div className="actions">
                      <Link className="button button-primary" to={`/application/${application.id}`}>
                        {t('continue')}
                        <span className="visually-hidden"> {name}</span>
                      </Link>
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => setDeleting(application)}
                      >
                        {t('delete')}
                        <span className="visually-hidden"> {name}</span>
                      </button>
                    </div>
                  )}
                  {!open && (
                    <>
                      {!decided(application) && (
                        <p>
                          {t(
                            `statusHelp.${verifyNow ? identityHelp(application) : statusHelp(application.status, application.role)}`,
                          )}
                        </p>
                      )}
                      {hasOutcome(application) && (
                        <Suspense fallback={null}>
                          <ApplicationOutcome
                            application={application}
                            headingId={headingId}
                            onChange={changed}
                          />
                        </Suspense>
                      )}
                      <div className="actions">
                        {application.status !== 'approved' && (
                          <Link
                            className={`button ${verifyNow || application.nextStep === 'esign' ? 'button-primary' : 'button-secondary'}`}
                            to={`/application/${application.id}`}
                          >
                            {verifyNow
                              ? t('verifyIdentity')
                              : application.nextStep === 'esign'
                                ? t('sign')
                                : t('nextSteps')}
                            <span className="visually-hidden"> {name}</span>
                          </Link>
                        )}
                        {hasSigned(application.role, application.status) && (
                          <SignedCopyButton
                            applicationId={application.id}
                            reference={referenceOf(application.id)}
                          />
                        )}
                      </div>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {listing.state !== 'loading' &&
          (trialUser ? (
            // A trial account never starts an application (spec section 6; the server refuses too).
            <div className="notice-info">
              <p>{t('trial.text')}</p>
              <p>
                <Link to={trialLogoutPath}>{t('trial.leave')}</Link>
              </p>
            </div>
          ) : (
            <div className="actions">{startButton}</div>
          ))}
      </section>

      {listing.state === 'ready' && listing.data.some(fundingOpenFor) && (
        <section aria-labelledby="funding-heading">
          <h2 id="funding-heading">{t('funding.heading')}</h2>
          <p>{t('funding.text')}</p>
          <p>
            <Link to="/home/funding">{t('funding.link')}</Link>
          </p>
        </section>
      )}

      <section aria-labelledby="w9-heading" className="w9">
        <h2 id="w9-heading">{t('w9.heading')}</h2>
        <p>{t('w9.who')}</p>
        <p>{t('w9.how')}</p>
        <p>
          <a href={siteLinks.forms[language]}>{t('w9.link')}</a>
        </p>
      </section>

      <p>{t('help')}</p>
      <ul>
        <li>
          <a href={siteLinks.faq[language]}>{tc('header.faq')}</a>
        </li>
        <li>
          <a href={siteLinks.contactUs[language]}>{tc('header.contactUs')}</a>
        </li>
      </ul>

      {deleting && (
        <ConfirmDialog
          isOpen
          title={t('deleteTitle')}
          message={t('deleteConfirm', {
            reference: referenceOf(deleting.id),
            date: dateOf(deleting.createdAt),
          })}
          confirmLabel={t('deleteYes')}
          cancelLabel={t('deleteNo')}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}

/** Whether the person can fund this application's accounts: theirs to open, and open to funding. */
function fundingOpenFor(application: ApplicationSummary): boolean {
  return application.role === 'primary' && fundingOpen(application.status);
}

/** Operations decided, or ask something: the card says that instead of the status's help. */
function decided(application: ApplicationSummary): boolean {
  return (
    application.status === 'approved' ||
    (application.status === 'declined' && !!application.decline) ||
    (application.status === 'requiresReview' && !!application.informationRequest)
  );
}

/** Whether a card shows something of operations' (a decision, a request, the PEP/HIO form). */
function hasOutcome(application: ApplicationSummary): boolean {
  return decided(application) || !!application.pepForm;
}

/** A short, stable name for an application: its id's first eight characters. */
function referenceOf(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/**
 * What the person is asked when it is their turn to confirm their identity: the primary of a
 * joint application does it while the joint applicant joins (spec section 4), and signs later.
 */
function identityHelp(
  application: ApplicationSummary,
): 'confirmIdentity' | 'confirmIdentityWhileJointJoins' {
  return application.role === 'primary' && application.status !== 'esignatureRequired'
    ? 'confirmIdentityWhileJointJoins'
    : 'confirmIdentity';
}

type StatusHelp =
  | 'underReview'
  | 'declined'
  | 'inProgress'
  | 'jointWaitsForPrimarySignature'
  | 'jointSignsNow'
  | 'waitsForJointConsent'
  | 'waitsForJointIdentity'
  | 'waitsForJointSignature'
  | 'primarySignsNow';

/**
 * What the person can expect once an application no longer accepts changes: who it waits for,
 * from where this person stands (the joint applicant is told what they are waiting for).
 */
function statusHelp(status: string, role: 'primary' | 'joint'): StatusHelp {
  if (status === 'underReview' || status === 'requiresReview') return 'underReview';
  if (status === 'declined') return 'declined';
  if (status === 'esignatureRequired') {
    return role === 'joint' ? 'jointWaitsForPrimarySignature' : 'primarySignsNow';
  }
  if (status === 'jointEsignatureRequired') {
    return role === 'joint' ? 'jointSignsNow' : 'waitsForJointSignature';
  }
  if (status === 'jointActionRequired') return 'waitsForJointConsent';
  if (status === 'jointEidUndetermined' || status === 'uploadJointEid') {
    return 'waitsForJointIdentity';
  }
  return 'inProgress';
}
