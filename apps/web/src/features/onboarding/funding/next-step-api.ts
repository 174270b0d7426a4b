import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import { http } from '../../../lib/http/http.ts';

/** `GET applications/{id}/next-step`: where the application goes on (null once all is done). */
export const nextStepApi = {
  get: (applicationId: string) =>
    http.get<{ step: OnboardingStep | null }>(
      `/applications/${encodeURIComponent(applicationId)}/next-step`,
      { noErrorPage: true },
    ),
};
