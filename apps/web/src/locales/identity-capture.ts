import type { i18n } from 'i18next';
import enIdentityCapture from './en/identityCapture.json';
import frIdentityCapture from './fr/identityCapture.json';

/**
 * The phone pages of photo ID (issue 13): open without signing in, so held to the public budget
 * (ADR 0029). They bring their own catalogue rather than every application screen's.
 */
export const identityCaptureResources = {
  en: { identityCapture: enIdentityCapture },
  fr: { identityCapture: frIdentityCapture },
} as const;

/** Adds the phone pages' catalogue to an instance; cheap and safe to call on every render. */
export function addIdentityCaptureCatalogue(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    if (!instance.hasResourceBundle(language, 'identityCapture')) {
      const { identityCapture } = identityCaptureResources[language];
      instance.addResourceBundle(language, 'identityCapture', identityCapture);
    }
  }
}
