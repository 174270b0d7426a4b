import type { i18n } from 'i18next';
import enPartners from './en/partners.json';
import frPartners from './fr/partners.json';

/**
 * The catalogue of promo codes, the partner agreement and the work email (issue 17), bundled
 * with those screens only.
 */
export const partnersResources = {
  en: { partners: enPartners },
  fr: { partners: frPartners },
} as const;

/** Adds the catalogue to an instance; cheap and safe to call on every render. */
export function addPartnersCatalogue(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    if (!instance.hasResourceBundle(language, 'partners')) {
      instance.addResourceBundle(language, 'partners', partnersResources[language].partners);
    }
  }
}
