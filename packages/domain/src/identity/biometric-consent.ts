/**
 * The person's express consent to the comparison of their selfie with their photo ID, asked
 * before the camera opens and kept with the photo-ID attempt it allows (issue 34). Quebec's
 * act to establish a legal framework for information technology (CQLR c C-1.1, s. 44) requires
 * express consent before identity is verified by biometric characteristics; that it applies to
 * a selfie compared with a photo ID is UNCONFIRMED, so it is asked of everyone, in every
 * province, until confirmed (ADR 0036).
 *
 * The words the person reads live in the web catalogues (`identity` namespace, `consent.*`).
 * Changing them means a new version here, so the record always says which words were agreed to;
 * the catalogue test pins the words to this version.
 */
export const BIOMETRIC_CONSENT_VERSION = '2026-11-30';

/** What the page sends with the person's answer (no zod here: the identity page loads it). */
export interface BiometricConsent {
  /** The version of the words the person read; an older page's is refused. */
  version: typeof BIOMETRIC_CONSENT_VERSION;
  /** The language the words were shown in. */
  language: 'en' | 'fr';
}
