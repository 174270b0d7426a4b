import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import type { Language } from '@portal/domain/enums/define-enum';
import { needsPepForm, pepFormDueDate, type Affiliations } from '@portal/domain/rules/affiliations';
import { hasSigned } from '@portal/domain/rules/esign';
import { dealerDate } from '@portal/domain/rules/person';
import type { ApplicationState } from '@portal/domain/status/application-status-machine';
import { applicationsApi } from '../../../lib/applications-api.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useApplication } from '../step/application-context.tsx';
import { SignedCopyButton } from '../../../ui/signed-copy-button.tsx';
import { FundingSetUp } from './funding-set-up.tsx';

type Saved = Record<string, unknown>;
const recordOf = (value: unknown): Saved =>
  typeof value === 'object' && value !== null ? (value as Saved) : {};

/** What the application waits for, as this person sees it. */
type Situation =
  | 'underReview'
  | 'requiresReview'
  | 'declined'
  | 'waitingForJointConsent'
  | 'waitingForJointIdentity'
  | 'waitingForJointSignature'
  | 'waitingForPrimarySignature';

function situationOf(status: ApplicationState, role: 'primary' | 'joint'): Situation {
  switch (status) {
    case 'requiresReview':
    case 'declined':
    case 'underReview':
      return status;
    case 'jointActionRequired':
      return 'waitingForJointConsent';
    case 'jointEidUndetermined':
    case 'uploadJointEid':
      return 'waitingForJointIdentity';
    case 'jointEsignatureRequired':
      return role === 'primary' ? 'waitingForJointSignature' : 'underReview';
    default:
      return 'waitingForPrimarySignature';
  }
}

/**
 * Step `nextsteps` (spec sections 2 and 4): once the answers are agreed, what happens now. Under
 * review: the account is usually ready in 1 to 3 business days and we email when it is
 * approved, and what funding is already set up; otherwise who the application waits for, and
 * what they must do.
 */
export function NextStepsStep() {
  const { t, i18n } = useTranslation('nextSteps');
  const language = i18n.language as Language;
  const { application: opened, refreshed } = useApplication();
  // The status moves on elsewhere (a signature, the joint applicant's consent): read it afresh,
  // showing what the application screens already know meanwhile.
  const load = useCallback(
    (signal: AbortSignal) => applicationsApi.get(opened.id, signal),
    [opened.id],
  );
  const { resource } = useResource(load);
  const application = resource.state === 'ready' ? resource.data : opened;
  // The progress bar above reads the frame's copy: "Complete" once everyone has signed.
  const fresh = resource.state === 'ready' ? resource.data : null;
  useEffect(() => {
    if (fresh) refreshed(fresh);
  }, [fresh, refreshed]);
  const situation = situationOf(application.status, application.role);
  usePageTitle(t(`${situation}.title`));
  const joint = recordOf(application.steps.profilejoint);
  const primary = recordOf(application.steps.profile);
  const affiliations = recordOf(application.steps.otherinterests).affiliations as
    Affiliations | undefined;
  const names = {
    jointName: [joint.firstName, joint.lastName].filter(Boolean).join(' '),
    jointEmail: typeof joint.email === 'string' ? joint.email : '',
    primaryName: [primary.firstName, primary.lastName].filter(Boolean).join(' '),
  };
  const pepDue =
    situation === 'underReview' && affiliations && needsPepForm(affiliations)
      ? pepFormDueDate(dealerDate(new Date(application.updatedAt)))
      : undefined;
  const dateText = (date: string) =>
    new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`));

  return (
    <div className="panel">
      <div className={situation === 'declined' ? 'notice-warning' : 'confirmation-panel'}>
        <h1>{t(`${situation}.heading`, names)}</h1>
        <p className="lead">{t(`${situation}.lead`, names)}</p>
      </div>
      <h2>{t('whatNext')}</h2>
      <ul className="next-steps-list">
        {(t(`${situation}.steps`, { ...names, returnObjects: true }) as string[]).map((line) => (
          <li key={line}>{line}</li>
        ))}
        {situation === 'underReview' && (
          <>
            {application.role === 'primary' ? (
              <FundingSetUp applicationId={application.id} />
            ) : (
              <li>{t('underReview.fundLater')}</li>
            )}
            <li>{t('underReview.signedCopy')}</li>
          </>
        )}
        {pepDue && <li>{t('pepForm', { date: dateText(pepDue) })}</li>}
      </ul>
      <div className="actions">
        <Link className="button button-primary" to="/home/dashboard">
          {t('toDashboard')}
        </Link>
        {hasSigned(application.role, application.status) && (
          <SignedCopyButton
            applicationId={application.id}
            reference={application.id.slice(0, 8).toUpperCase()}
          />
        )}
      </div>
    </div>
  );
}
