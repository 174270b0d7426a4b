import { MAX_UPLOAD_BYTES } from '@portal/domain/constants';
import type { IdentityDocumentType } from '@portal/domain/enums/documents';
import type { CaptureSide, HandoffStage } from '@portal/domain/identity/handoff';
import { isHeifPicture } from '@portal/domain/rules/file-names';

/**
 * The phone pages' API (issue 13, ADR 0018). No bearer token: the credential in the URL (the SMS
 * link's token or the typed short code) is the only key, so this does not go through the signed-in
 * HTTP client, whose 401 handling would send a visitor to sign in.
 */
const API_BASE = '/service/jaxrs/identityCapture';

export type { CaptureSide };

export interface CaptureState {
  language: 'en' | 'fr';
  firstName: string;
  stage: HandoffStage;
  documentType?: IdentityDocumentType;
  expiresAt: string;
  captured: Record<CaptureSide, boolean>;
  needsBack: boolean;
  outcome?: 'pending' | 'verified' | 'failed';
  reason?: string;
}

/** An answer other than success; `errorCode` is the server's, or `network` when none came. */
export class CaptureApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
  ) {
    super(errorCode);
    this.name = 'CaptureApiError';
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      // The token must not leave in a Referer header, nor be kept in a cache.
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  } catch {
    throw new CaptureApiError(0, 'network');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const errorCode =
      body && typeof body === 'object' && 'errorCode' in body && typeof body.errorCode === 'string'
        ? body.errorCode
        : 'generic';
    throw new CaptureApiError(response.status, errorCode);
  }
  return body as T;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const at = (credential: string, ...rest: string[]) =>
  [encodeURIComponent(credential), ...rest].join('/');

export const captureApi = {
  read: (credential: string) => call<CaptureState>(at(credential)),
  chooseDocument: (credential: string, documentType: IdentityDocumentType) =>
    call<CaptureState>(at(credential, 'document'), json('PUT', { documentType })),
  upload: (credential: string, side: CaptureSide, file: File) => {
    const form = new FormData();
    form.set('file', file, file.name);
    return call<CaptureState>(at(credential, 'images', side), { method: 'POST', body: form });
  },
  remove: (credential: string, side: CaptureSide) =>
    call<CaptureState>(at(credential, 'images', side), { method: 'DELETE' }),
  submit: (credential: string, notifyBySms: boolean) =>
    call<{ stage: 'submitted'; outcome: 'pending' }>(
      at(credential, 'submit'),
      json('POST', { notifyBySms }),
    ),
};

export type CaptureApi = typeof captureApi;

/**
 * What the server would refuse anyway, said before the upload: an error code or nothing. A HEIC
 * photo (an iPhone's default) is told apart, since the person can do something about it.
 */
export function fileProblem(file: File): 'heic' | 'tooLarge' | 'wrongType' | undefined {
  if (isHeifPicture(file.name) || file.type === 'image/heic' || file.type === 'image/heif') {
    return 'heic';
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (file.type && file.type !== 'image/jpeg' && file.type !== 'image/png') return 'wrongType';
  return undefined;
}

/** The sides this document needs, in the order they are taken. */
export function sidesFor(state: Pick<CaptureState, 'needsBack'>): CaptureSide[] {
  return state.needsBack ? ['front', 'back', 'selfie'] : ['front', 'selfie'];
}
