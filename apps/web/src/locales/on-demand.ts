import type { i18n } from 'i18next';
import enDocuments from './en/documents.json';
import enFinancial from './en/financial.json';
import enOnboarding from './en/onboarding.json';
import enProfile from './en/profile.json';
import frDocuments from './fr/documents.json';
import frFinancial from './fr/financial.json';
import frOnboarding from './fr/onboarding.json';
import frProfile from './fr/profile.json';

/**
 * The catalogues of the application screens: bundled with those screens (still local, as the
 * spec says), not with the first download, which only needs the shell and the dashboard.
 */
export const onDemandResources = {
  en: {
    onboarding: enOnboarding,
    profile: enProfile,
    financial: enFinancial,
    documents: enDocuments,
  },
  fr: {
    onboarding: frOnboarding,
    profile: frProfile,
    financial: frFinancial,
    documents: frDocuments,
  },
} as const;

/** Adds the on-demand catalogues to an instance; cheap and safe to call on every render. */
export function addOnDemandCatalogues(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    for (const [namespace, catalogue] of Object.entries(onDemandResources[language])) {
      if (!instance.hasResourceBundle(language, namespace)) {
        instance.addResourceBundle(language, namespace, catalogue);
      }
    }
  }
}
