import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ExpressPrefill } from '@portal/domain/express/express-api';
import { HttpError } from '../../../lib/http/http-client.ts';
import { http } from '../../../lib/http/http.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useApplication } from '../step/application-context.tsx';
import { ProfileStep } from './profile-step.tsx';

/**
 * The advisor's draft, or nothing when the application did not come from an invitation (204,
 * an empty answer) or is not found (404).
 */
async function expressPrefillOf(
  applicationId: string,
  signal: AbortSignal,
): Promise<ExpressPrefill | null> {
  try {
    const draft = await http.get<ExpressPrefill | undefined>(
      `/express/applications/${encodeURIComponent(applicationId)}/prefill`,
      { noErrorPage: true, signal },
    );
    return draft ?? null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The primary's profile step. An application opened from an advisor's express invitation
 * (issue 17) starts from what the advisor entered while the step is unsaved: every field stays
 * the applicant's to change, and the step's own validation checks it on Save & Continue.
 */
export function ExpressAwareProfileStep() {
  const { application } = useApplication();
  const { t } = useTranslation('onboarding');
  const unsaved = application.steps.profile === undefined;
  const load = useCallback(
    (signal: AbortSignal) =>
      unsaved ? expressPrefillOf(application.id, signal) : Promise.resolve(null),
    [application.id, unsaved],
  );
  const { resource } = useResource(load);
  if (resource.state === 'loading') {
    return (
      <p role="status" className="loading-screen">
        {t('layout.loading')}
      </p>
    );
  }
  // Without the advisor's draft the applicant types it all: nothing is lost by going on.
  const prefill = resource.state === 'ready' ? resource.data : null;
  return <ProfileStep expressPrefill={prefill?.profile} />;
}
