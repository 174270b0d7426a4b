import type { i18n } from 'i18next';
import enAdvisor from './en/advisor.json';
import frAdvisor from './fr/advisor.json';

/**
 * The advisor pages' catalogue (issue 17): bundled with those pages only, so applicants never
 * download it.
 */
export const advisorResources = {
  en: { advisor: enAdvisor },
  fr: { advisor: frAdvisor },
} as const;

/** Adds the advisor pages' catalogue to an instance; cheap and safe to call on every render. */
export function addAdvisorCatalogue(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    if (!instance.hasResourceBundle(language, 'advisor')) {
      instance.addResourceBundle(language, 'advisor', advisorResources[language].advisor);
    }
  }
}
