import type { i18n } from 'i18next';
import enInMemory from '../locales/en/inMemory.json';
import frInMemory from '../locales/fr/inMemory.json';

/** The words of the in-memory stand-in pages, bundled with the in-memory mode only. */
export const inMemoryResources = {
  en: { inMemory: enInMemory },
  fr: { inMemory: frInMemory },
} as const;

/** Adds the catalogue to an instance; cheap and safe to call on every render. */
export function addInMemoryCatalogue(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    if (!instance.hasResourceBundle(language, 'inMemory')) {
      instance.addResourceBundle(language, 'inMemory', inMemoryResources[language].inMemory);
    }
  }
}
