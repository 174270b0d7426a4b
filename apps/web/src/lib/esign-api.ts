import type { EsignStart, EsignState } from '@portal/domain/rules/esign';
import { http } from './http/http.ts';

export type { EsignStart, EsignState };

// The signing screen shows its own designed error states, so no call sends the person to the
// technical-glitch page.
const quiet = { noErrorPage: true } as const;

const esignPath = (applicationId: string) =>
  `/applications/${encodeURIComponent(applicationId)}/esign`;

/** The caller's e-signature of an application (server module `esign`). */
export const esignApi = {
  /** Where the caller's signature stands; the screen polls it while the signature is pending. */
  status: (applicationId: string, signal?: AbortSignal) =>
    http.get<EsignState>(esignPath(applicationId), { ...quiet, signal }),
  /**
   * Opens (or resumes) the caller's signing ceremony: where to send the person to sign. A 403
   * `emailNotVerified` (the address is not proved yet) is this call's refusal, not an expired
   * sign-in: the screen links to the verification page.
   */
  /** The caller's copy of the application they signed (a PDF); 404 before they signed. */
  signedDocument: (applicationId: string) =>
    http.get<Blob>(`${esignPath(applicationId)}/document`, { ...quiet, responseType: 'blob' }),
  start: (applicationId: string) =>
    http.post<EsignStart>(esignPath(applicationId), undefined, {
      ...quiet,
      ownRefusals: ['emailNotVerified'],
    }),
};
