/** The refusals of the photo-ID hand-off (the routes answer each with its status). */

export type IdentityCaptureErrorCode =
  | 'notFound'
  | 'identityNotOpen'
  | 'alreadyVerified'
  | 'phoneRequired'
  | 'biometricConsentRequired'
  | 'invalidPhone'
  | 'noHandoff'
  | 'smsResendTooSoon'
  | 'handoffExpired'
  | 'tooManyAttempts'
  | 'handoffSubmitted'
  | 'documentTypeRequired'
  | 'backNotNeeded'
  | 'invalidFile'
  | 'fileTooLarge'
  | 'capturesMissing';

export class IdentityCaptureError extends Error {
  override name = 'IdentityCaptureError';
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 429,
    readonly errorCode: IdentityCaptureErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(errorCode);
  }
}
