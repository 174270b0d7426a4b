import { z } from 'zod';
import { BIOMETRIC_CONSENT_VERSION, type BiometricConsent } from './biometric-consent.ts';

/** The server's check of a consent or refusal the page sends (biometric-consent.ts). */
export const biometricConsentSchema = z.object({
  version: z.literal(BIOMETRIC_CONSENT_VERSION),
  language: z.enum(['en', 'fr']),
}) satisfies z.ZodType<BiometricConsent>;
