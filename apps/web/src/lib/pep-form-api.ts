import type { PepFormStatus } from '@portal/domain/operations/operations-api';
import type { ApplicantRole } from '@portal/domain/rules/onboarding-flow';
import { http } from './http/http.ts';

/**
 * A PEP/HIO applicant's form as the dashboard loads it (issue 16; spec section 9): where it
 * stands, whose answers it holds (the primary applicant, and the joint applicant of a joint
 * application), and the answers already given on screen.
 */
export interface PepFormView {
  status: PepFormStatus;
  people: ApplicantRole[];
  answers?: unknown;
}

// The dashboard shows its own designed error states, so no call sends the person to the
// technical-glitch page.
const quiet = { noErrorPage: true } as const;

const pepFormPath = (applicationId: string) =>
  `/applications/${encodeURIComponent(applicationId)}/pepForm`;

/** The PEP/HIO form of one application (server module `operations`, the applicant's side). */
export const pepFormApi = {
  get: (applicationId: string, signal?: AbortSignal) =>
    http.get<PepFormView>(pepFormPath(applicationId), { ...quiet, signal }),
  /** The answers given on screen, checked by the server with the domain's schema. */
  submit: (applicationId: string, answers: unknown) =>
    http.put<PepFormView>(pepFormPath(applicationId), answers, quiet),
  /** The completed PDF, uploaded first through the documents API with type `pepHioForm`. */
  upload: (applicationId: string, documentId: string) =>
    http.post<PepFormView>(`${pepFormPath(applicationId)}/upload`, { documentId }, quiet),
  /**
   * The blank bilingual form to complete by hand. A plain link would not carry the bearer
   * token, so it is fetched with it and saved from a blob URL.
   */
  pdf: (applicationId: string) =>
    http.get<Blob>(`${pepFormPath(applicationId)}/pdf`, { ...quiet, responseType: 'blob' }),
};
