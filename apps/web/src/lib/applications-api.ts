import type {
  ApplicationDetail,
  ApplicationSummary,
  InformationAnswerBody,
  SavedStepAnswer,
} from '@portal/domain/application-summary';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import { HttpError } from './http/http-client.ts';
import { http } from './http/http.ts';

export type { ApplicationDetail, ApplicationSummary, InformationAnswerBody, SavedStepAnswer };

/** The server's refusal of a save (architecture page, API conventions). */
export interface ApiRefusal {
  errorCode: string;
  message?: string;
  fields?: Record<string, string>;
  currentVersion?: number;
}

export function refusalOf(error: unknown): { status: number; body: ApiRefusal } | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('errorCode' in body)) {
    return { status: error.status, body: { errorCode: 'unexpected' } };
  }
  return { status: error.status, body: body as ApiRefusal };
}

// Screens show their own designed error states, so none of these calls sends the person to
// the technical-glitch page.
const quiet = { noErrorPage: true } as const;

export const applicationsApi = {
  list: (signal?: AbortSignal) =>
    http.get<ApplicationSummary[]>('/applications', { ...quiet, signal }),
  create: () => http.post<ApplicationSummary>('/applications', undefined, quiet),
  get: (id: string, signal?: AbortSignal) =>
    http.get<ApplicationDetail>(`/applications/${encodeURIComponent(id)}`, { ...quiet, signal }),
  remove: (id: string) => http.delete<void>(`/applications/${encodeURIComponent(id)}`, quiet),
  /** `GET applications/{id}/next-step`: where the application goes on (null once all is done). */
  nextStep: (id: string) =>
    http.get<{ step: OnboardingStep | null }>(
      `/applications/${encodeURIComponent(id)}/next-step`,
      quiet,
    ),
  /** Answers the step as the server saved it (`saved`), which replaces the client's copy. */
  saveStep: (id: string, step: OnboardingStep, version: number, data: unknown) =>
    http.put<SavedStepAnswer>(
      `/applications/${encodeURIComponent(id)}/steps/${step}`,
      { version, data },
      quiet,
    ),
  /**
   * The applicant's answer to what operations asked (issue 16): the application goes back to
   * the review queue, and the updated summary comes back.
   */
  answerInformationRequest: (id: string, requestId: string, body: InformationAnswerBody) =>
    http.post<ApplicationSummary>(
      `/applications/${encodeURIComponent(id)}/informationRequests/${encodeURIComponent(requestId)}/answer`,
      body,
      quiet,
    ),
};
