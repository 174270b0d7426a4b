import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, Navigate, Outlet, useLocation, useMatches, useParams } from 'react-router';
import {
  onboardingSteps,
  type OnboardingStep,
  type ProgressStep,
} from '@portal/domain/onboarding-steps';
import {
  answerSteps,
  progressStepOf,
  resumeStep,
  nextStepAfter,
  stepApplies,
  stepOpen,
  verifiesIdentityAt,
} from '@portal/domain/rules/onboarding-flow';
import { acceptsChanges } from '@portal/domain/status/application-status-machine';
import {
  applicationsApi,
  refusalOf,
  type ApplicationDetail,
} from '../../../lib/applications-api.ts';
import { identityStateOf } from '../../../lib/identity-api.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useUpdateUserInfo } from '../../../lib/user-info.tsx';
import { sessionEnding } from '../../../lib/session-end.ts';
import { LeaveGuard } from '../../../ui/leave-guard.tsx';
import { Page } from '../../../ui/page.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import {
  ApplicationContext,
  type ApplicationContextValue,
  type SaveOutcome,
} from './application-context.tsx';
import { builtSteps } from './built-steps.ts';
import { returnsToReview } from './return-to-review.ts';
import { saveSessionDraft } from './session-draft.ts';

/** What an onboarding step tells the layout through its route `handle`. */
export interface StepHandle {
  progressStep?: ProgressStep;
  step?: OnboardingStep;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What most steps use beyond the first ones: the forms' validation (zod, which the smallest
 * domain module using it brings) and its messages in both languages, and the searchable lists
 * and address look-up of the profile and financial steps. Downloaded once the first step has
 * shown, so moving on downloads only the next step's own code (issue 31, ADR 0031).
 */
const sharedStepCode = onDemand(() =>
  Promise.all([
    import('@portal/domain/enums/code-schema'),
    import('@portal/domain/messages/messages'),
    import('../../../ui/searchable-select-field.tsx'),
  ]),
);

/**
 * The frame of every onboarding step: loads the application, keeps what was typed on each
 * step until it is saved (so Back loses nothing), saves steps with the version read (a stale
 * one is reported, never overwritten), and asks before leaving the application with unsaved
 * answers. The six-step progress bar sits above the step.
 */
export function ApplicationLayout() {
  const { t } = useTranslation('onboarding');
  useEffect(() => sharedStepCode.prefetch(), []);
  const { applicationId = '' } = useParams();
  const location = useLocation();
  const load = useCallback(
    (signal: AbortSignal) => applicationsApi.get(applicationId, signal),
    [applicationId],
  );
  const { resource, retry, set } = useResource(load);
  const updateUser = useUpdateUserInfo();
  // Only steps whose answers differ from the saved ones; a ref, so the leave guard reads the
  // truth at the moment of navigation, even right after a save.
  const drafts = useRef(new Map<OnboardingStep, { values: unknown; data: unknown }>());
  const [unsaved, setUnsaved] = useState(false);
  // Where a save is taking the person: the saved step may be closed (the agreed review) before
  // the next screen (a lazy route) has loaded, and the guard must send them there, not back.
  const [leavingTo, setLeavingTo] = useState<OnboardingStep | null>(null);
  const application = resource.state === 'ready' ? resource.data : null;

  // The application's screens left without the leave guard's say (the browser's address
  // changed outside the router, an error page): what was typed waits in this tab's session
  // storage, and the step takes it back when the person returns (Back). Only "leave without
  // saving" lets it go.
  useEffect(() => {
    const kept = drafts.current;
    return () => {
      // The session ended: each step has kept its own draft, said as a sign-out.
      if (sessionEnding()) return;
      for (const [step, draft] of kept) {
        saveSessionDraft(applicationId, step, draft.values, 'leftPage');
      }
    };
  }, [applicationId]);

  const setDraft = useCallback(
    (step: OnboardingStep, values: unknown, data: unknown) => {
      if (application && sameJson(data, application.steps[step])) drafts.current.delete(step);
      else drafts.current.set(step, { values, data });
      setUnsaved(drafts.current.size > 0);
    },
    [application],
  );

  const save = useCallback(
    async (step: OnboardingStep, data: unknown): Promise<SaveOutcome> => {
      if (!application) return { kind: 'failed' };
      try {
        const { saved: savedStep, ...summary } = await applicationsApi.saveStep(
          application.id,
          step,
          application.version,
          data,
        );
        // What the server saved (normalized, SIN masked) is what the other screens show.
        const saved: ApplicationDetail = {
          ...application,
          ...summary,
          steps: { ...application.steps, [step]: savedStep },
        };
        drafts.current.delete(step);
        setUnsaved(drafts.current.size > 0);
        set(saved);
        // The applicant's own name saved on the profile is their account's too (the server renames
        // it in the same save): the header follows at once.
        if (step === 'profile') updateUser(namesOf(savedStep));
        // Agreeing ends the answers: the primary applicant funds the accounts next (issue 14),
        // then goes where the status says (sign, or wait); anyone else goes there at once.
        const next =
          step === 'review'
            ? saved.role === 'primary'
              ? 'funding'
              : summary.nextStep
            : returnsToReview(location.search) && stepOpen('review', saved.steps)
              ? 'review'
              : nextStepAfter(step, saved.steps);
        setLeavingTo(next);
        return { kind: 'saved', next };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal?.status === 400 && refusal.body.fields) {
          return { kind: 'invalid', fields: refusal.body.fields };
        }
        if (refusal?.status === 429 && refusal.body.errorCode === 'tooManyIdentityChecks') {
          // The profile's identity check is resting (issue 17): said at the SIN, answers kept.
          return { kind: 'invalid', fields: { 'data.sin': 'tooManyIdentityChecks' } };
        }
        if (refusal?.status === 409 && refusal.body.errorCode === 'staleVersion') {
          // Load the latest answers; the step keeps what this tab typed.
          const latest = await applicationsApi.get(application.id).catch(() => null);
          if (!latest) return { kind: 'failed' };
          set(latest);
          return { kind: 'stale' };
        }
        if (refusal?.status === 409) return { kind: 'locked' };
        return { kind: 'failed' };
      }
    },
    [application, set, location.search, updateUser],
  );

  const draftOf = useCallback(
    <T,>(step: OnboardingStep) => drafts.current.get(step)?.values as T | undefined,
    [],
  );

  const handle = useMatches()
    .map((match) => match.handle as StepHandle | undefined)
    .findLast((found) => found?.step !== undefined);

  if (resource.state === 'loading') {
    return (
      <div className="panel" role="status" aria-live="polite">
        <p className="loading-screen">{t('layout.loading')}</p>
      </div>
    );
  }
  if (resource.state === 'failed') {
    const status = refusalOf(resource.error)?.status;
    const notFound = status === 404 || status === 400;
    const title = t(notFound ? 'layout.notFoundTitle' : 'layout.failedTitle');
    return (
      <Page title={title} heading={title}>
        <p>{t(notFound ? 'layout.notFound' : 'layout.failed')}</p>
        <div className="actions">
          {!notFound && (
            <button type="button" className="button button-primary" onClick={retry}>
              {t('layout.retry')}
            </button>
          )}
          <Link className="button button-secondary" to="/home/dashboard">
            {t('layout.toDashboard')}
          </Link>
        </div>
      </Page>
    );
  }

  const prefix = `/application/${resource.data.id}/`;
  const step = handle?.step;
  if (!step || !reachable(step, resource.data)) {
    const target =
      leavingTo &&
      leavingTo !== step &&
      builtSteps.has(leavingTo) &&
      reachable(leavingTo, resource.data)
        ? leavingTo
        : resumeScreen(resource.data);
    return <Navigate to={`${prefix}${target}`} replace />;
  }
  const context: ApplicationContextValue = {
    application: resource.data,
    draftOf,
    setDraft,
    save,
    refreshed: set,
  };
  return (
    <ApplicationContext.Provider value={context}>
      <LeaveGuard
        when={unsaved}
        shouldBlock={(next) => !next.pathname.startsWith(prefix) && drafts.current.size > 0}
        onLeave={() => drafts.current.clear()}
      />
      {handle.progressStep && (
        // Where the application really is: the next steps are "Complete" only once all signed.
        <ProgressBar current={progressStepOf(step, resource.data.status)} />
      )}
      <Outlet />
    </ApplicationContext.Provider>
  );
}

/**
 * Where Continue resumes: the domain's resume step for this person (the first step still to
 * answer, their turn to sign, or the next steps), or the last screen this client has.
 */
export function resumeScreen(application: ApplicationDetail): OnboardingStep {
  // The caller's identity (issue 13); none from a server that bypasses verification.
  const identity = identityStateOf(application);
  const next = resumeStep(
    application.status,
    application.steps,
    application.role,
    identity === null ? {} : { identityVerified: identity === 'verified' },
  );
  return next && builtSteps.has(next) ? next : lastBuiltStep(application);
}

/** The last screen this client has that applies to this application. */
function lastBuiltStep(application: ApplicationDetail): OnboardingStep {
  return (
    onboardingSteps.findLast(
      (step) => builtSteps.has(step) && stepApplies(step, application.steps),
    ) ?? 'ownership'
  );
}

/**
 * A step this client has a screen for, open by the domain's rules: the answers only to the
 * primary applicant and only while they may change; signing and next steps once agreed.
 */
function reachable(step: OnboardingStep, application: ApplicationDetail): boolean {
  if (!builtSteps.has(step)) return false;
  const open = acceptsChanges(application.status);
  if (answerSteps.includes(step)) {
    return open && application.role === 'primary' && stepOpen(step, application.steps);
  }
  if (step === 'qualid') {
    return (
      identityStateOf(application) !== null &&
      verifiesIdentityAt(application.role, application.status)
    );
  }
  // Funding follows the agreement, for the primary applicant, who opens the accounts.
  if (step === 'funding') return !open && application.role === 'primary';
  return !open && (step === 'esign' || step === 'nextsteps');
}

/** The first and last names of a saved profile step, as the account holds them. */
function namesOf(saved: unknown): { firstName?: string; lastName?: string } {
  const { firstName, lastName } = (saved ?? {}) as Record<string, unknown>;
  return {
    ...(typeof firstName === 'string' ? { firstName } : {}),
    ...(typeof lastName === 'string' ? { lastName } : {}),
  };
}
